import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@hausportal/contract';
import { config } from '@/config';
import { de } from './de';
import type { backOfficeDe } from './back-office';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // The back-office strings come with the screens that use them (back-office.ts).
    resources: { translation: typeof de & { backOffice: typeof backOfficeDe } };
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

export { i18next };
