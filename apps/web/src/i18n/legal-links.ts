// The links to the pages German law asks for, under the login form and in the profile.
// Kept apart from legal.ts so the login screen carries these few words, not the pages' strings.
import { lazyStrings } from './index';

export const legalLinksDe = {
  legalLinks: {
    label: 'Rechtliche Hinweise',
    impressum: 'Impressum',
    datenschutz: 'Datenschutz',
    barrierefreiheit: 'Barrierefreiheit',
  },
};

export const legalLinksEn: typeof legalLinksDe = {
  legalLinks: {
    label: 'Legal information',
    impressum: 'Legal notice',
    datenschutz: 'Privacy',
    barrierefreiheit: 'Accessibility',
  },
};

export const registerLegalLinkStrings = lazyStrings({ de: legalLinksDe, en: legalLinksEn });
