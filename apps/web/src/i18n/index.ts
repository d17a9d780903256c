import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { INTL_LOCALES, LANGUAGES, RTL_LANGUAGES, type Language } from '@hausportal/contract';
import { config } from '@/config';
import { isolate } from '@/lib/bidi';
import { de, type Localized, type Translation } from './de';
import type { backOfficeDe } from './back-office';
import type { postsDe } from './posts';
import type { notificationsDe } from './notifications';
import type { ticketsDe } from './tickets';
import type { homeTicketsDe } from './home-tickets';
import type { activationDe } from './activation';
import type { homeNewsDe } from './home-news';
import type { sessionsDe } from './sessions';
import type { bookingsDe } from './bookings';
import type { parcelsDe } from './parcels';
import type { legalLinksDe } from './legal-links';
import type { legalDe } from './legal';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // Some strings come with the screens that use them (lazyStrings below).
    resources: {
      translation: typeof de & { backOffice: typeof backOfficeDe } & typeof postsDe &
        typeof notificationsDe &
        typeof ticketsDe &
        typeof homeTicketsDe &
        typeof homeNewsDe &
        typeof activationDe &
        typeof sessionsDe &
        typeof bookingsDe &
        typeof parcelsDe &
        typeof legalLinksDe &
        typeof legalDe;
    };
  }
}

// German is bundled; every other language is fetched only when someone picks it, to keep the login
// bundle small (a German visitor's /login grows by less than 2 kB gzip).
void i18next.use(initReactI18next).init({
  lng: 'de',
  fallbackLng: 'de',
  resources: { de: { translation: de } },
  interpolation: {
    // {{product}} in any text is the configured product name (APP_NAME).
    defaultVariables: { product: config.productName },
    // React escapes; this "escape" only isolates each inserted value in a right-to-left language,
    // so a ticket number '2026-000042' or a phone number keeps its order inside Arabic text.
    escapeValue: true,
    escape: (value: string) => (i18next.dir() === 'rtl' ? isolate(value) : value),
  },
  returnNull: false,
  showSupportNotice: false,
});

/** The files of a language under locales/<language>/, each typed against its German catalogue. */
interface LocaleFiles {
  core: Translation;
  posts: Localized<typeof postsDe>;
  notifications: Localized<typeof notificationsDe>;
  tickets: Localized<typeof ticketsDe>;
  homeTickets: Localized<typeof homeTicketsDe>;
  activation: Localized<typeof activationDe>;
  homeNews: Localized<typeof homeNewsDe>;
  sessions: Localized<typeof sessionsDe>;
  bookings: Localized<typeof bookingsDe>;
  parcels: Localized<typeof parcelsDe>;
  legal: Localized<typeof legalLinksDe & typeof legalDe>;
  backOffice: Localized<typeof backOfficeDe>;
}

/** A language's files as i18next adds them (no two share a key): the back office's under its own. */
const partsOf = ({ backOffice, ...files }: LocaleFiles): readonly object[] => [...Object.values(files), { backOffice }];

/**
 * The whole catalogue of each language but German, one chunk per language. English keeps its
 * screen-sized parts (lazyStrings); the others are one file set per language under locales/.
 */
const catalogues: Record<Exclude<Language, 'de'>, () => Promise<readonly object[]>> = {
  en: async () => [(await import('./en')).en],
  tr: async () => partsOf(await import('./locales/tr')),
  pl: async () => partsOf(await import('./locales/pl')),
  uk: async () => partsOf(await import('./locales/uk')),
  ru: async () => partsOf(await import('./locales/ru')),
  ar: async () => partsOf(await import('./locales/ar')),
};

/** A language's catalogue, in parts (for the completeness tests). */
export const loadCatalogue = (language: Exclude<Language, 'de'>): Promise<readonly object[]> => catalogues[language]();

const STORED_LANGUAGE = 'hausportal.language';
const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** The Intl locale of a language, for dates and numbers. */
export const intlLocale = (language: Language): string => INTL_LOCALES[language];

/** The language a screen speaks now. */
export const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : 'de');

/** Switches the interface language, loading its catalogue first when needed, and mirrors for RTL. */
export async function setLanguage(language: Language): Promise<void> {
  if (language !== 'de' && !i18next.exists('app.name', { lng: language, fallbackLng: false })) {
    // Deep merge: strings a screen chunk added for this language before (lazyStrings) stay.
    for (const part of await loadCatalogue(language))
      i18next.addResourceBundle(language, 'translation', part, true, false);
  }
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  document.documentElement.dir = RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
  try {
    // This device opens in it next time, before anyone signs in (no flash of German first).
    localStorage.setItem(STORED_LANGUAGE, language);
  } catch {
    // Private mode or storage full: the language still applies to this visit.
  }
}

/**
 * The language before sign-in: the one last used on this device, else the first of the browser's
 * languages we have, else German.
 */
export function initialLanguage(
  stored: string | null = readStoredLanguage(),
  offered: readonly string[] = navigator.languages ?? [navigator.language],
): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of offered) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'de';
}

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(STORED_LANGUAGE);
  } catch {
    return null;
  }
}

/**
 * Strings that load with the screens using them rather than with /login: the returned function adds
 * them to both languages, once, and is called at the top of each module that uses them. A later
 * load of the English catalogue keeps them (setLanguage merges).
 */
export function lazyStrings(catalogues: { de: object; en: object }): () => void {
  let added = false;
  return () => {
    if (added) return;
    added = true;
    i18next.addResourceBundle('de', 'translation', catalogues.de, true, false);
    i18next.addResourceBundle('en', 'translation', catalogues.en, true, false);
  };
}

export { i18next };
