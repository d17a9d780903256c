import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@hausportal/contract';
import { config } from '@/config';
import { de } from './de';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof de };
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
  if (language === 'en' && !i18next.hasResourceBundle('en', 'translation')) {
    const { en } = await import('./en');
    i18next.addResourceBundle('en', 'translation', en);
  }
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

export { i18next };
