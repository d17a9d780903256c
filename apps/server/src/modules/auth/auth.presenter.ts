import { renderMail } from '../../outbox/mail-layout.js';
import type { Mail } from '../../outbox/mail-outbox.js';

/** `anna@example.org` becomes `a•••@example.org`: enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email ? '•••' : '';
  return `${email[0]}•••${email.slice(at)}`;
}

/** The password-reset mail with its one-time link (valid 60 minutes). */
export function resetMail(appName: string, user: { email: string; name: string }, link: string): Mail {
  return {
    to: user.email,
    subject: `Neues Passwort für ${appName}`,
    ...renderMail({
      appName,
      greeting: `Guten Tag ${user.name},`,
      paragraphs: [
        `Sie haben für Ihr Konto bei ${appName} ein neues Passwort angefordert.`,
        'Über diesen Link legen Sie es innerhalb der nächsten 60 Minuten fest.',
      ],
      action: { label: 'Neues Passwort festlegen', url: link },
      after: [
        'Der Link funktioniert nur einmal. Wenn Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren; Ihr bisheriges Passwort bleibt gültig.',
      ],
    }),
  };
}
