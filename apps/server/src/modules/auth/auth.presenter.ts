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

/**
 * A label for the device list from the User-Agent at sign-in: 'Chrome auf Android', 'Safari auf
 * iPhone', 'Firefox auf Windows'. Only the label is stored (ADR 024), never the header.
 */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua) && /Version\//.test(ua)
              ? 'Safari'
              : null;
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /CrOS/.test(ua)
          ? 'ChromeOS'
          : /Windows/.test(ua)
            ? 'Windows'
            : /Mac OS X|Macintosh/.test(ua)
              ? 'macOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  if (browser && system) return `${browser} auf ${system}`;
  return browser ?? (system ? `Browser auf ${system}` : 'Unbekanntes Gerät');
}
