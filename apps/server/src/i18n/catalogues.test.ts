import { describe, expect, it } from 'vitest';
import { LANGUAGES, NOTIFICATION_KIND_LABELS, type Language } from '@hausportal/contract';
import { catalogues, translator } from './index.js';

// Every text the server writes to residents in every language, with each language's
// plural forms (the same rules as the web's catalogues, apps/web/src/i18n/catalogues.test.ts).

type Flat = Map<string, string>;
function flatten(catalogue: object): Flat {
  const out: Flat = new Map();
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') out.set(path, value);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
    else out.set(path, `<${typeof value}>`);
  };
  walk(catalogue, '');
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
const german = flatten(catalogues.de);

/** What a catalogue lacks or has too much of, against German and the language's plural rules. */
function problems(language: Language, flat: Flat): string[] {
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
      // A plural form may leave out {{count}} ('one' may say "a"/"واحد" in words), nothing else.
      const want = variables(source).filter((v) => !(PLURAL.test(key) && v === 'count'));
      const have = variables(text);
      for (const v of want) if (!have.includes(v)) found.push(`{{${v}}} missing: ${key}`);
      for (const v of have) if (!variables(source).includes(v) && v !== 'count') found.push(`unknown {{${v}}}: ${key}`);
    }
  }
  for (const key of flat.keys()) if (!expected.has(key)) found.push(`not in German: ${key}`);
  return found;
}

describe('the server catalogues (mails, pushes, PDFs)', () => {
  it('German has the two plural forms German needs for each counted text', () => {
    for (const key of german.keys()) {
      if (!PLURAL.test(key)) continue;
      const base = key.replace(PLURAL, '');
      expect(german.has(`${base}_one`) && german.has(`${base}_other`), base).toBe(true);
    }
  });

  it('German names the notification kinds as the profile settings do', () => {
    expect(catalogues.de.kinds).toEqual(NOTIFICATION_KIND_LABELS);
  });

  for (const language of LANGUAGES.filter((l) => l !== 'de')) {
    it(`${language}: every key, exactly its plural forms, the same {{variables}}`, () => {
      expect(problems(language, flatten(catalogues[language]))).toEqual([]);
    });

    it(`${language}: translated, not German left in place`, () => {
      const same = [...flatten(catalogues[language])].filter(([key, text]) => {
        const source = german.get(key) ?? german.get(key.replace(PLURAL, '_other'));
        return source === text && /[a-zäöüß]{4,}/i.test(text.replace(/{{\w+}}/g, ''));
      });
      // A few words are the same in two languages ('Telefon', 'Kategori…'); the file names of
      // attachments stay ASCII. At most 3 %.
      expect(same.length, same.map(([k, v]) => `${k}: ${v}`).join('\n')).toBeLessThanOrEqual(
        Math.ceil(german.size * 0.03),
      );
    });

    it(`${language}: the receipt's file name is plain ASCII (mail clients and headers)`, () => {
      expect(catalogues[language].receiptMail.filename).toMatch(/^[A-Za-z0-9-]+{{number}}\.pdf$/);
    });
  }

  it('picks the form each number needs: Polish 1, 2, 5, 22; Russian 1, 3, 11; Arabic 0, 1, 2, 3, 11, 100', () => {
    const cases = { pl: [1, 2, 5, 22], ru: [1, 3, 11], ar: [0, 1, 2, 3, 11, 100] } as const;
    for (const [language, counts] of Object.entries(cases) as [Language, readonly number[]][]) {
      const flat = flatten(catalogues[language]);
      const rules = new Intl.PluralRules(language);
      // Arabic isolates each inserted value (see the next test).
      const value = (n: number) => (language === 'ar' ? `\u2068${n}\u2069` : String(n));
      for (const count of counts) {
        const form = flat.get(`parcels.bundle_${rules.select(count)}`)!.replace('{{count}}', value(count));
        expect(translator(language).t('parcels.bundle', { count }), `${language} ${count}`).toBe(form);
      }
    }
    expect(translator('pl').t('parcels.bundle', { count: 2 })).toBe('2 paczki w recepcji');
    expect(translator('pl').t('parcels.bundle', { count: 5 })).toBe('5 paczek w recepcji');
  });

  it('falls back to German for NULL and for a language the server does not know', () => {
    for (const unknown of [null, undefined, '', 'fr', 'DE', 'tr-TR'])
      expect(translator(unknown).t('posts.title'), String(unknown)).toBe('Neuer Beitrag auf der Pinnwand');
    expect(translator('xx').language).toBe('de');
    expect(translator('tr').t('posts.title')).toBe('Duyuru panosunda yeni gönderi');
    expect(translator('ar').dir).toBe('rtl');
    expect(translator('uk').dir).toBe('ltr');
  });

  it('isolates each value inserted into Arabic text, so a ticket number keeps its order; other languages as is', () => {
    const vars = { number: '2026-000042', news: 'تم الاستلام' };
    expect(translator('ar').t('tickets.title', vars)).toBe('البلاغ \u20682026-000042\u2069: \u2068تم الاستلام\u2069');
    expect(translator('de').t('tickets.title', { ...vars, news: 'Eingegangen' })).toBe(
      'Meldung 2026-000042: Eingegangen',
    );
  });

  it('quotes what residents wrote as written: no interpolation or nesting inside their text', () => {
    const { t } = translator('en');
    const text = '{{app}} $t(mail.team) <b>&amp;';
    expect(t('moderation.quoted', { title: 'T', text })).toBe(`T: “${text}”`);
  });

  it('writes Berlin times in German as the spec says, and in each language with Latin digits', () => {
    const at = '2026-03-28T09:05:00Z'; // 10:05 in Berlin (winter time)
    expect(translator('de').time.dateTime(at)).toBe('28.03.2026, 10:05');
    expect(translator('de').time.day(at)).toBe('Sa., 28.03.2026');
    expect(translator('tr').time.dateTime(at)).toBe('28.03.2026 10:05');
    expect(translator('en').time.date(at)).toBe('28/03/2026');
    expect(translator('ar').time.clock(at)).toBe('10:05');
    // Summer time: 10:05 UTC is 12:05 in Berlin.
    expect(translator('pl').time.clock('2026-07-01T10:05:00Z')).toBe('12:05');
  });
});
