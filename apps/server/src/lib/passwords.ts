import { hash, verify } from '@node-rs/argon2';
import { german } from '../i18n/index.js';
import { fieldError, render, said, type Phrase } from './errors.js';

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane.
const options = {
  algorithm: 2 /* Algorithm.Argon2id; a const enum, not importable under isolatedModules */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// A real hash to compare against when the user does not exist, so both paths cost the same.
let dummyHash: Promise<string> | undefined;

/** Verifies a password; with no stored hash it still spends the time of one verify. */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

// ---- the password policy: one check for every place that sets a password ----

/** Who the password is for: what they sign in with, and their e-mail address. */
export interface PasswordOwner {
  /** The login: the apartment number of a resident, the e-mail address of staff. */
  login?: string | null;
  apartmentNumber?: string | null;
  email?: string | null;
  name?: string | null;
  /** Words anybody in the building knows: the app's name, the house's title and name. */
  context?: (string | null | undefined)[];
}

/**
 * The most used German passwords (HPI Identity Leak Checker, 2019–2024) that zxcvbn's lists rate
 * too well, and the demo password the README publishes. Matched like zxcvbn's own lists.
 */
const GERMAN_TOP = [
  'ichliebedich',
  'hallo123',
  'hallo1',
  'schatz',
  'schatzi',
  'lol123',
  'schalke04',
  'bvb09',
  'fussball',
  'dortmund',
  'qwertz',
  'hallo1234',
  'ficken',
  'killer',
  'master',
  'sommer',
  'hamburg',
  'berlin',
  'muenchen',
  'mausi',
  'hasi',
  'schnucki',
  'sonnenschein',
  'geheim',
  'hallihallo',
  'hundekuchen',
  'demo1234',
];

// The reasons, in the catalogue (errors.password) so each reader gets them in their language.
const de = german();
export const PASSWORD_IN_LISTS = de.t('errors.password.inLists');
export const PASSWORD_HAS_APARTMENT = de.t('errors.password.hasApartment');
export const PASSWORD_HAS_EMAIL = de.t('errors.password.hasEmail');
export const PASSWORD_TOO_GUESSABLE = de.t('errors.password.tooGuessable');
export const PASSWORD_HOUSE_WORDS = de.t('errors.password.houseWords');
const INSTEAD = 'Nehmen Sie mehrere Wörter oder eine längere Zeichenfolge, etwa drei Wörter mit Bindestrichen.';

/** Whether `letters` is nothing but `words` one after another (a password made of known names). */
function madeOf(letters: string, words: string[]): boolean {
  const ends = new Set([0]);
  for (let i = 0; i < letters.length; i++)
    if (ends.has(i)) for (const w of words) if (letters.startsWith(w, i)) ends.add(i + w.length);
  return ends.has(letters.length);
}

/**
 * zxcvbn's score from 0 to 4; 3 means about 10^8 guesses or more, beyond any online attack
 * (ADR 008 allows a few hundred a day) and a long way for an offline one against argon2id.
 * 'Demo1234!' and 'Neu-Passwort1' reach 3; '12345678', 'passwort', 'Sommer2024!' do not.
 */
const MIN_SCORE = 3;

type Zxcvbn = { check: (password: string, userInputs?: string[]) => import('@zxcvbn-ts/core').ZxcvbnResult };
let estimator: Promise<Zxcvbn> | undefined;

/** The estimator with the common and German dictionaries, loaded once on first use (about 2 MB). */
function zxcvbn(): Promise<Zxcvbn> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, de] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-de'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...de.dictionary, passwordsGerman: GERMAN_TOP },
      graphs: common.adjacencyGraphs,
      translations: de.translations,
    });
  })();
  return estimator;
}

const fold = (s: string) => s.toLowerCase().normalize('NFKC');

/** The parts of the owner's login and e-mail that a password must not contain (3 characters or more). */
function personalParts(owner: PasswordOwner): { apartment: string[]; email: string[] } {
  const apartment = [owner.apartmentNumber, owner.login && !owner.login.includes('@') ? owner.login : null]
    .filter((s): s is string => Boolean(s?.trim()))
    .flatMap((s) => [fold(s.trim()), fold(s).replace(/[^\p{L}\p{N}]/gu, ''), s.replace(/\D/g, '')]);
  const email = [owner.email, owner.login?.includes('@') ? owner.login : null]
    .filter((s): s is string => Boolean(s?.trim()))
    .flatMap((s) => [fold(s.trim()), fold(s.trim()).split('@')[0]!]);
  const long = (list: string[]) => [...new Set(list.filter((p) => p.length >= 3))];
  return { apartment: long(apartment), email: long(email) };
}

/**
 * Why a new password is refused, with what works instead, or null when it is fine:
 * it contains the login (the apartment number, also its digits alone) or the e-mail address or its
 * local part, ignoring case; or zxcvbn (common and German lists of passwords, words and names,
 * the most used German passwords, keyboard rows, dates, repetitions, and the owner's name and the
 * app's and the house's names as words anybody could try) rates it below MIN_SCORE.
 */
export async function passwordRefusal(password: string, owner: PasswordOwner): Promise<Phrase | null> {
  const folded = fold(password);
  const parts = personalParts(owner);
  if (parts.apartment.some((p) => folded.includes(p))) return said('errors.password.hasApartment');
  if (parts.email.some((p) => folded.includes(p))) return said('errors.password.hasEmail');
  const words = [owner.name, ...(owner.context ?? [])]
    .flatMap((s) => (s ? fold(s).split(/[^\p{L}\p{N}]+/u) : []))
    .filter((w) => w.length >= 2);
  // Digits and signs around known names add little: 'Stadtpark2026!' is still the house's name.
  const letters = folded.replace(/[^\p{L}]/gu, '');
  if (letters.length >= 4 && madeOf(letters, words)) return said('errors.password.houseWords');
  const userInputs = [...parts.apartment, ...parts.email, ...words.filter((w) => w.length >= 3)];
  const result = (await zxcvbn()).check(password, userInputs);
  if (result.score >= MIN_SCORE) return null;
  const listed = result.sequence.some(
    (m) => m.pattern === 'dictionary' && String(m.dictionaryName).startsWith('passwords'),
  );
  if (listed) return said('errors.password.inLists');
  const hint = result.feedback.warning;
  // zxcvbn's hint is German; other readers get the reason without it.
  return hint
    ? (tr) =>
        tr.language === 'de'
          ? `Dieses Passwort ist zu leicht zu erraten: ${hint} ${INSTEAD}`
          : tr.t('errors.password.tooGuessable')
    : said('errors.password.tooGuessable');
}

/** passwordRefusal in German (the command line's answer). */
export async function passwordProblem(password: string, owner: PasswordOwner): Promise<string | null> {
  const refusal = await passwordRefusal(password, owner);
  return refusal && render(refusal, german());
}

/** Throws 400 with the reason under `field` (DRF shape) unless the password passes the policy. */
export async function requireGoodPassword(field: string, password: string, owner: PasswordOwner): Promise<void> {
  const refusal = await passwordRefusal(password, owner);
  if (refusal) throw fieldError(field, refusal);
}
