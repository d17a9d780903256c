import { z } from 'zod';
import { API_ERRORS } from './errors.js';
import { TRANSLATED_LANGUAGES } from './labels/translations.js';

// The field vocabulary of the contract: every schema builds its fields from these, so the same
// kind of input is accepted and refused alike, with the same German message, wherever it occurs.

/** The message for a text over `max` characters: 'Höchstens <max> Zeichen erlaubt.' */
export const tooLong = (max: number) => `Höchstens ${max} Zeichen erlaubt.`;

// ---- texts ----

/** Free text, trimmed, may be empty; longer than `max` after trimming gives tooLong(max). */
export const trimmedText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLong(max) });

/** Trimmed text that must not be empty: missing, not a string or blank gives 'Eingabe ist zwingend', too long tooLong(max). */
export const requiredTrimmedText = (max: number) =>
  z
    .string({ error: API_ERRORS.required })
    .trim()
    .min(1, { error: API_ERRORS.required })
    .max(max, { error: tooLong(max) });

/** Text kept as sent (not trimmed) that must hold more than white space: else 'Eingabe ist zwingend'; over `max` as sent tooLong(max). */
export const requiredText = (max: number) =>
  z
    .string({ error: API_ERRORS.required })
    .max(max, { error: tooLong(max) })
    .refine((s) => s.trim().length > 0, { error: API_ERRORS.required });

// ---- translations ----

/**
 * Optional translations of management texts, per language and field, each as long as the German
 * field allows: `{ tr: { name: 'Isıtma' } }`. Languages and fields not listed are refused (a typo
 * would otherwise vanish silently); an empty text means 'no translation', so German shows.
 */
export const contentTranslations = <F extends string>(fields: Record<F, number>) => {
  const perLanguage = z
    .object(
      Object.fromEntries(
        Object.entries<number>(fields).map(([field, max]) => [field, trimmedText(max).optional()]),
      ) as {
        [K in F]: z.ZodOptional<ReturnType<typeof trimmedText>>;
      },
    )
    .strict();
  return z
    .object(
      Object.fromEntries(TRANSLATED_LANGUAGES.map((language) => [language, perLanguage.optional()])) as {
        [L in (typeof TRANSLATED_LANGUAGES)[number]]: z.ZodOptional<typeof perLanguage>;
      },
    )
    .strict();
};

/** Stored translations as the back office reads them back: `{ tr: { name: 'Isıtma' } }`. */
export const storedTranslations = z.record(z.string(), z.record(z.string(), z.string()));

// ---- phone numbers ----

// Digits with the usual separators, at least one digit: nothing a dialler could trip over.
const PHONE_PATTERN = /^\+?[0-9 ()/.-]*[0-9][0-9 ()/.-]*$/;
const PHONE_MESSAGE =
  'Bitte geben Sie eine Telefonnummer aus Ziffern ein (erlaubt sind auch + ( ) / - . und Leerzeichen).';

/** A phone number that must be given: digits with + ( ) / - . and spaces; else the message above. */
export const phoneNumber = (max: number) => requiredTrimmedText(max).regex(PHONE_PATTERN, { error: PHONE_MESSAGE });

/** A phone number or nothing (''), as phoneNumber. */
export const phoneOrEmpty = (max: number) =>
  trimmedText(max).refine((s) => s === '' || PHONE_PATTERN.test(s), PHONE_MESSAGE);

// ---- ids ----

/** The largest id a column takes (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647;

/** A positive id as a JSON number, up to MAX_ID; refusals give zod's German messages. */
export const bodyId = z.number().int().positive().max(MAX_ID);

/** A positive id that arrives as text (path, query string, multipart field), coerced to a number; zod's German messages. */
export const textId = z.coerce.number().int().positive().max(MAX_ID);

/** The message of bodyIdWholeNumber and textIdWholeNumber. */
export const WHOLE_NUMBER_EXPECTED = 'Eine ganze Zahl erwartet.';

/** A positive id as a JSON number, up to MAX_ID; every refusal says 'Eine ganze Zahl erwartet.' */
export const bodyIdWholeNumber = z
  .number({ error: WHOLE_NUMBER_EXPECTED })
  .int({ error: WHOLE_NUMBER_EXPECTED })
  .min(1, { error: WHOLE_NUMBER_EXPECTED })
  .max(MAX_ID, { error: WHOLE_NUMBER_EXPECTED });

/** A positive id that arrives as text and is coerced; every refusal says 'Eine ganze Zahl erwartet.' */
export const textIdWholeNumber = z.coerce
  .number({ error: WHOLE_NUMBER_EXPECTED })
  .int({ error: WHOLE_NUMBER_EXPECTED })
  .min(1, { error: WHOLE_NUMBER_EXPECTED })
  .max(MAX_ID, { error: WHOLE_NUMBER_EXPECTED });

// ---- yes or no ----

/** The message of bodyBoolean and queryBoolean. */
export const TRUE_OR_FALSE_EXPECTED = 'Erwartet true oder false.';

/** A JSON true or false; anything else gives 'Erwartet true oder false.' */
export const bodyBoolean = z.boolean({ error: TRUE_OR_FALSE_EXPECTED });

/** A query-string switch: `true`, `false`, `1` or `0`, read as a boolean; anything else gives 'Erwartet true oder false.' */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'], { error: TRUE_OR_FALSE_EXPECTED })
  .transform((v) => v === 'true' || v === '1');

/**
 * A form's checkbox, from JSON (true/false) or a multipart field (`true`, `false`, `1`, `0`, `on`);
 * anything else gives 'Erwartet true oder false.'
 */
export const formBoolean = z.union(
  [z.boolean(), z.enum(['true', 'false', '1', '0', 'on']).transform((v) => v === 'true' || v === '1' || v === 'on')],
  { error: TRUE_OR_FALSE_EXPECTED },
);

/**
 * A yes/no cell of a resident import (CSV): a boolean, or a text such as `ja`, `x`, `1`, `true` (yes)
 * or `nein`, `0`, `false`, empty (no), any case; anything else gives 'Erwartet ja oder nein.'
 */
export const csvFlag = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const s = v.trim().toLowerCase();
    if (['1', 'true', 'ja', 'j', 'x', 'yes', 'y', 'wahr'].includes(s)) return true;
    if (['0', 'false', 'nein', 'n', '', 'no', 'falsch'].includes(s)) return false;
    return v;
  },
  z.boolean({ error: 'Erwartet ja oder nein.' }),
);
