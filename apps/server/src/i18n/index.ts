import i18next from 'i18next';
import { isStaff, LANGUAGES, RTL_LANGUAGES, type Language, type Role } from '@hausportal/contract';
import { ar } from './ar.js';
import { de, type Catalogue } from './de.js';
import { en } from './en.js';
import { berlinFormat, type BerlinFormat } from './format.js';
import { pl } from './pl.js';
import { ru } from './ru.js';
import { tr } from './tr.js';
import { uk } from './uk.js';

// The server's texts for residents in their language: mails, pushes and PDFs follow
// the recipient, with German as the fallback. One i18next instance, initialised synchronously
// with every language (a few kB each), separate from any other i18next use in the process.

export const catalogues: Readonly<Record<Language, Catalogue>> = { de, en, tr, pl, uk, ru, ar };

/** A value set inside a sentence, isolated (U+2068 … U+2069); invisible. */
const isolate = (value: string): string => `\u2068${value}\u2069`;

const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: catalogues[l] }])),
  lng: 'de',
  fallbackLng: 'de',
  supportedLngs: [...LANGUAGES],
  // Values are escaped where they are written (mail-layout.ts), and never interpolated or nested
  // again: a post that says '{{app}}' or '$t(mail.team)' is quoted as written. The "escape" only
  // isolates each inserted value in a right-to-left language (turned on per call below), as the
  // web does: a ticket number '2026-000042' or a name keeps its order inside Arabic text.
  interpolation: { escapeValue: false, escape: isolate, skipOnVariables: true },
  returnNull: false,
  returnEmptyString: false,
  showSupportNotice: false,
});

/** 'a.b.c' for every text of a catalogue; a counted text by its base key (i18next adds _one, _other …). */
type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];
type Counted<S extends string> = S extends `${infer Base}_${'one' | 'other'}` ? Base : S;
export type TextKey = Counted<Paths<typeof de>>;

export interface Translator {
  language: Language;
  dir: 'ltr' | 'rtl';
  /** A text with its {{variables}}; `count` picks the plural form. */
  t(key: TextKey, vars?: Record<string, string | number>): string;
  /** Berlin times as the language writes them. */
  time: BerlinFormat;
}

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

const translators = new Map<Language, Translator>();

/** The translator of a user's language; German for NULL or a language the server does not know. */
export function translator(language: string | null | undefined): Translator {
  const lang: Language = isLanguage(language) ? language : 'de';
  let tr = translators.get(lang);
  if (!tr) {
    const fixed = instance.getFixedT(lang);
    const rtl = RTL_LANGUAGES.includes(lang);
    tr = {
      language: lang,
      dir: rtl ? 'rtl' : 'ltr',
      t: rtl
        ? (key, vars) => String(fixed(key, { ...vars, interpolation: { escapeValue: true } }))
        : (key, vars) => String(fixed(key, vars)),
      time: berlinFormat(lang),
    };
    translators.set(lang, tr);
  }
  return tr;
}

/**
 * The translator of a user: a resident's (or receptionist's) chosen language; German for staff,
 * whatever their profile says, since the back office is German.
 */
export const translatorOf = (user: { role: Role; language: string | null }): Translator =>
  translator(isStaff(user.role) ? 'de' : user.language);

/** German: staff, craftsmen and providers read it, and it is the fallback. */
export const german = (): Translator => translator('de');
