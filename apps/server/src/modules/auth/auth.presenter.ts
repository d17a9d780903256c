import { isStaff, type Language, type Role } from '@hausportal/contract';
import { translator, translatorOf } from '../../i18n/index.js';
import { renderMail } from '../../outbox/mail-layout.js';
import type { Mail } from '../../outbox/mail-outbox.js';

/** The label of a session whose device is not known (device list, data export). */
export const UNKNOWN_DEVICE = 'Unbekanntes Gerät';

/** `anna@example.org` becomes `a•••@example.org`: enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email ? '•••' : '';
  return `${email[0]}•••${email.slice(at)}`;
}

/**
 * The password-reset mail with its one-time link (valid 60 minutes), in the language of the screen
 * it was asked on, else the profile's (German for staff, ADR 032).
 */
export function resetMail(
  appName: string,
  user: { email: string; name: string; role: Role; language: string | null },
  link: string,
  screen: Language | null = null,
): Mail {
  const { t, language } = screen && !isStaff(user.role) ? translator(screen) : translatorOf(user);
  return {
    to: user.email,
    subject: t('reset.subject', { app: appName }),
    ...renderMail({
      appName,
      language,
      greeting: t('mail.greeting', { name: user.name }),
      paragraphs: [t('reset.requested', { app: appName }), t('reset.within')],
      action: { label: t('reset.action'), url: link },
      after: [t('reset.once')],
    }),
  };
}

/**
 * A label for the device list from the User-Agent at sign-in: 'Chrome · Android', 'Safari ·
 * iPhone', 'Firefox · Windows', or null when neither is known. Names only, no German words, since
 * the resident reads it in their language; the app names an unknown device itself. Only
 * the label is stored (ADR 024), never the header.
 */
export function deviceLabel(userAgent: string | undefined): string | null {
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
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system;
}
