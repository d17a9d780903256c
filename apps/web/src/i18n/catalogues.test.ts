import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@hausportal/contract';
import { activationDe, activationEn } from './activation';
import { backOfficeDe, backOfficeEn } from './back-office';
import { bookingsDe, bookingsEn } from './bookings';
import { de } from './de';
import { homeNewsDe, homeNewsEn } from './home-news';
import { homeTicketsDe, homeTicketsEn } from './home-tickets';
import { isolate } from '@/lib/bidi';
import { i18next, loadCatalogue, setLanguage } from './index';
import { legalDe, legalEn } from './legal';
import { legalLinksDe, legalLinksEn } from './legal-links';
import { notificationsDe, notificationsEn } from './notifications';
import { parcelsDe, parcelsEn } from './parcels';
import { postsDe, postsEn } from './posts';
import { sessionsDe, sessionsEn } from './sessions';
import { ticketsDe, ticketsEn } from './tickets';

// Every string of the resident app in every language, with each language's plural forms.
// (The back office and the craftsman's page stay German: their catalogues are not checked here.)

const germanParts = [
  de,
  postsDe,
  notificationsDe,
  ticketsDe,
  homeTicketsDe,
  activationDe,
  homeNewsDe,
  sessionsDe,
  bookingsDe,
  parcelsDe,
  legalLinksDe,
  legalDe,
  { backOffice: backOfficeDe },
];
// English keeps its screen-sized parts: the core loads with the language, the rest with the screens.
const englishAreas = [
  postsEn,
  notificationsEn,
  ticketsEn,
  homeTicketsEn,
  activationEn,
  homeNewsEn,
  sessionsEn,
  bookingsEn,
  parcelsEn,
  legalLinksEn,
  legalEn,
  { backOffice: backOfficeEn },
];

type Flat = Map<string, string>;
function flatten(parts: readonly object[]): Flat {
  const out: Flat = new Map();
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') out.set(path, value);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
    else out.set(path, `<${typeof value}>`);
  };
  for (const part of parts) walk(part, '');
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

/** What a catalogue lacks or has too much of, against German and the language's plural rules. */
function problems(language: Language, flat: Flat): string[] {
  const german = flatten(germanParts);
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const expected = new Map<string, string>(); // key → the German text it translates
  for (const [key, text] of german) {
    if (PLURAL.test(key)) {
      const base = key.replace(PLURAL, '');
      const other = german.get(`${base}_other`) ?? text;
      for (const c of categories) expected.set(`${base}_${c}`, other);
    } else expected.set(key, text);
  }
  const found: string[] = [];
  for (const [key, source] of expected) {
    const text = flat.get(key);
    if (text === undefined) found.push(`missing: ${key}`);
    else if (!text.trim()) found.push(`empty: ${key}`);
    else {
      // A plural form may leave out {{count}} ('one' may say "a"/"один" in words), nothing else.
      const want = variables(source).filter((v) => !(PLURAL.test(key) && v === 'count'));
      const have = variables(text);
      for (const v of want) if (!have.includes(v)) found.push(`{{${v}}} missing: ${key}`);
      for (const v of have) if (!variables(source).includes(v) && v !== 'count') found.push(`unknown {{${v}}}: ${key}`);
    }
  }
  for (const key of flat.keys()) if (!expected.has(key)) found.push(`not in German: ${key}`);
  return found;
}

describe('the catalogues of the resident app', () => {
  it('German has the two plural forms German needs for each counted text', () => {
    const german = flatten(germanParts);
    for (const key of german.keys()) {
      if (!PLURAL.test(key)) continue;
      const base = key.replace(PLURAL, '');
      expect(german.has(`${base}_one`) && german.has(`${base}_other`), base).toBe(true);
    }
  });

  for (const language of LANGUAGES.filter((l): l is Exclude<Language, 'de'> => l !== 'de')) {
    it(`${language}: every key, exactly its plural forms, the same {{variables}}`, async () => {
      const parts =
        language === 'en' ? [...(await loadCatalogue('en')), ...englishAreas] : await loadCatalogue(language);
      expect(problems(language, flatten(parts))).toEqual([]);
    });

    it(`${language}: translated, not German left in place`, async () => {
      const parts =
        language === 'en' ? [...(await loadCatalogue('en')), ...englishAreas] : await loadCatalogue(language);
      const german = flatten(germanParts);
      const same = [...flatten(parts)].filter(([key, text]) => {
        const source = german.get(key) ?? german.get(key.replace(PLURAL, '_other'));
        // Names, units and placeholders read the same everywhere ('{{product}}', 'DHL', 'kB').
        return source === text && /[a-zäöüß]{4,}/i.test(text.replace(/{{\w+}}/g, ''));
      });
      // A few words are the same in two languages (e.g. 'Service', 'Hotline'): at most 2 %.
      expect(same.length, same.map(([k, v]) => `${k}: ${v}`).join('\n')).toBeLessThanOrEqual(
        Math.ceil(german.size * 0.02),
      );
    });
  }

  it('i18next picks the form each number needs: Polish 1, 2, 5, 22; Arabic 0, 1, 2, 3, 11, 100', async () => {
    const cases = { pl: [1, 2, 5, 22], ar: [0, 1, 2, 3, 11, 100] } as const;
    const base = 'blackboard.pastEndPages';
    for (const [language, counts] of Object.entries(cases) as [Exclude<Language, 'de'>, readonly number[]][]) {
      await setLanguage(language);
      const flat = flatten(await loadCatalogue(language));
      const rules = new Intl.PluralRules(language);
      for (const count of counts) {
        // In Arabic every inserted value is isolated, so it keeps its order in right-to-left text.
        const shown = language === 'ar' ? isolate(String(count)) : String(count);
        const form = flat.get(`${base}_${rules.select(count)}`)!.replace('{{count}}', shown);
        expect(i18next.t(base, { count }), `${language} ${count}`).toBe(form);
      }
    }
    await setLanguage('de');
  });
});
