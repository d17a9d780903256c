import { RTL_LANGUAGES, TRANSLATED_LANGUAGES } from '@hausportal/contract';
import { TextAreaInput, TextInput } from './form-fields';

/** The languages in German, as the back office names them. */
const GERMAN_NAMES: Record<(typeof TRANSLATED_LANGUAGES)[number], string> = {
  en: 'Englisch',
  tr: 'Türkisch',
  pl: 'Polnisch',
  uk: 'Ukrainisch',
  ru: 'Russisch',
  ar: 'Arabisch',
};

/** A translated field of an entity: its API name, its German label, and whether it is long text. */
export interface TranslatedField {
  name: string;
  label: string;
  multiline?: boolean;
}

/**
 * 'Übersetzungen (optional)' (ADR 042): per language the entity's translatable fields, registered
 * as `translations.{language}.{field}` with the surrounding form. Closed until opened, so the
 * form stays short; whatever is left empty, residents read in German. Arabic fields are written
 * right to left.
 */
export function TranslationFields({ fields }: { fields: TranslatedField[] }) {
  return (
    <details className="admin-translations">
      <summary>Übersetzungen (optional)</summary>
      <p className="field-hint">
        Bewohner:innen lesen diese Texte in ihrer Sprache; leer gelassen sehen sie den deutschen Text.
      </p>
      {TRANSLATED_LANGUAGES.map((language) => (
        <fieldset key={language} className="admin-fieldset" lang={language}>
          <legend className="admin-legend">{GERMAN_NAMES[language]}</legend>
          {fields.map((field) => {
            const props = {
              name: `translations.${language}.${field.name}`,
              label: `${GERMAN_NAMES[language]}: ${field.label}`,
              required: false,
              dir: RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr',
            };
            return field.multiline ? (
              <TextAreaInput key={field.name} {...props} rows={3} />
            ) : (
              <TextInput key={field.name} {...props} />
            );
          })}
        </fieldset>
      ))}
    </details>
  );
}

/** What the form sends: only the languages and fields with text (`{}`: none, which removes the rest). */
export function filledTranslations(
  translations: Partial<Record<string, Partial<Record<string, string | undefined>> | undefined>> | undefined,
): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [language, fields] of Object.entries(translations ?? {})) {
    const filled = Object.entries(fields ?? {}).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim()));
    if (filled.length) out[language] = Object.fromEntries(filled);
  }
  return out;
}
