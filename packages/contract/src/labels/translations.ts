/** The languages besides German that management texts can be translated into. */
export const TRANSLATED_LANGUAGES = ['en', 'tr', 'pl', 'uk', 'ru', 'ar'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

/**
 * Translations of what the management writes, per language and field: `{ tr: { name: 'Isıtma' } }`.
 * German is the row's own text and the fallback for every language and field left out.
 */
export type ContentTranslations<F extends string = string> = Partial<
  Record<TranslatedLanguage, Partial<Record<F, string>>>
>;

/** Reads stored translations; anything unreadable counts as none. */
export function parseTranslations<F extends string>(stored: string | null | undefined): ContentTranslations<F> {
  if (!stored) return {};
  try {
    const value: unknown = JSON.parse(stored);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as ContentTranslations<F>) : {};
  } catch {
    return {};
  }
}

/** The text of `field` in `language`, or German (`german`) where there is no translation. */
export function translated<F extends string>(
  translations: ContentTranslations<F>,
  language: string | null | undefined,
  field: F,
  german: string,
): string {
  if (!language || language === 'de') return german;
  const text = translations[language as TranslatedLanguage]?.[field];
  return text && text.trim() ? text : german;
}

/** One field's texts per language as translations: `{ en: 'Heating' }` → `{ en: { name: 'Heating' } }`. */
export const fieldTranslations = <F extends string>(
  field: F,
  texts: Partial<Record<TranslatedLanguage, string>>,
): ContentTranslations<F> =>
  Object.fromEntries(
    Object.entries(texts).map(([language, text]) => [language, { [field]: text }]),
  ) as ContentTranslations<F>;
