import type { FastifyRequest } from 'fastify';
import { requestTranslator } from '../i18n/request.js';
import { parseTranslations, TRANSLATED_LANGUAGES, type ContentTranslations } from '@hausportal/contract';

// Management texts in other languages (migration 026): stored as one JSON object per row, read
// by the resident presenters with `translated()` and German as the fallback.

/**
 * The JSON to store for `given` translations: empty texts and languages left empty are dropped, so
 * 'no translation' has one form. `undefined` (left out on an update) keeps `stored`.
 */
export function storeTranslations(given: ContentTranslations | undefined, stored = '{}'): string {
  if (given === undefined) return stored;
  const out: ContentTranslations = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const fields = Object.entries(given[language] ?? {}).filter(([, text]) => typeof text === 'string' && text !== '');
    if (fields.length > 0) out[language] = Object.fromEntries(fields);
  }
  return JSON.stringify(out);
}

/** Stored translations as the back office reads them back. */
export const translationsOf = (stored: string | null | undefined): Record<string, Record<string, string>> =>
  parseTranslations(stored) as Record<string, Record<string, string>>;

/** The language management texts are shown in to the caller of `request`: the answer's (ADR 038). */
export const contentLanguage = (request: FastifyRequest): string => requestTranslator(request).language;
