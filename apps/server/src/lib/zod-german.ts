import { z } from 'zod';

// zod's German locale leaves most type names in English ('erwartet array, erhalten string').
// The names a client of this API can meet, in German; everything else stays with the
// locale. Messages that a schema sets itself always win over this map.
const TYPE_NAMES: Record<string, string> = {
  string: 'Text',
  number: 'Zahl',
  int: 'ganze Zahl',
  bigint: 'Zahl',
  nan: 'keine Zahl',
  boolean: 'Ja/Nein-Wert (true oder false)',
  array: 'Liste',
  object: 'Objekt',
  null: 'null',
  undefined: 'nichts',
  date: 'Datum',
  file: 'Datei',
};

function received(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && Number.isNaN(input)) return 'nan';
  return typeof input;
}

const name = (type: string) => TYPE_NAMES[type] ?? type;

/** German validation messages for the whole server: the locale, with the type names translated. */
export function configureGermanZod(): void {
  z.config(z.locales.de());
  z.config({
    customError: (issue) =>
      issue.code === 'invalid_type'
        ? `Ungültige Eingabe: erwartet ${name(issue.expected)}, erhalten ${name(received(issue.input))}.`
        : undefined,
  });
}
