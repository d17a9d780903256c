import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@hausportal/contract';
import { config } from '@/config';
import { de } from './de';
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
        typeof parcelsDe;
    };
  }
}

// German is bundled; English is fetched only when someone picks it, to keep the login bundle small.
void i18next.use(initReactI18next).init({
  lng: 'de',
  fallbackLng: 'de',
  resources: { de: { translation: de } },
  // {{product}} in any text is the configured product name (APP_NAME).
  interpolation: { escapeValue: false, defaultVariables: { product: config.productName } },
  returnNull: false,
  showSupportNotice: false,
});

/** Switches the interface language, loading its catalogue first when needed. */
export async function setLanguage(language: Language): Promise<void> {
  // The whole English catalogue, not only strings a screen chunk added (back-office.ts).
  if (language === 'en' && !i18next.exists('app.name', { lng: 'en', fallbackLng: false })) {
    const { en } = await import('./en');
    i18next.addResourceBundle('en', 'translation', en, true, false);
  }
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
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
