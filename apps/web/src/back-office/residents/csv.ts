import Papa from 'papaparse';
import { API_ERRORS, APARTMENT_TAKEN, INVALID_EMAIL, apartmentTwiceIn, residentImportRow } from '@hausportal/contract';
import { t } from './strings';

// The resident import reads the CSV in the browser (ADR 014): the server gets JSON rows in
// batches, each with the CSV line it came from, so that every error can name its line.

/** The fields an import row can carry; the first two are required columns. */
export const IMPORT_FIELDS = [
  'apartment_number',
  'name',
  'email',
  'is_receptionist',
  'emergency_services_deactivated',
  'move_in_on',
  'move_out_on',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** How many rows one file may hold: a building has hundreds, a whole estate a few thousand. */
export const MAX_CSV_ROWS = 10_000;

/** One row as it goes to the server; optional fields only when the file has their column. */
export interface CsvRow {
  apartment_number: string;
  name: string;
  email?: string;
  is_receptionist?: string;
  emergency_services_deactivated?: string;
  /** 2026-11-01 or 01.11.2026; an empty cell clears the date. */
  move_in_on?: string;
  move_out_on?: string;
  /** The line of the file (the header is line 1). */
  line: number;
}

/** Field → messages, as the server reports a row's errors. */
export type RowErrors = Record<string, string[]>;

/** The errors of one line of the file. */
export interface LineErrors {
  line: number;
  errors: RowErrors;
}

export interface ParsedCsv {
  /** The columns found, in the order of the file. */
  fields: ImportField[];
  rows: CsvRow[];
  /** What makes the whole file unusable (missing column, no rows, too many); empty when fine. */
  fileErrors: string[];
}

/** Spellings of the column names a spreadsheet may bring, lower case without blanks, `-` and `_`. */
const HEADER_NAMES: Record<string, ImportField> = {
  apartmentnumber: 'apartment_number',
  wohnung: 'apartment_number',
  wohnungsnummer: 'apartment_number',
  wohnungsnr: 'apartment_number',
  'wohnungsnr.': 'apartment_number',
  name: 'name',
  email: 'email',
  mail: 'email',
  emailadresse: 'email',
  isreceptionist: 'is_receptionist',
  rezeption: 'is_receptionist',
  emergencyservicesdeactivated: 'emergency_services_deactivated',
  notrufdienstedeaktiviert: 'emergency_services_deactivated',
  einzug: 'move_in_on',
  einzugsdatum: 'move_in_on',
  moveinon: 'move_in_on',
  movein: 'move_in_on',
  auszug: 'move_out_on',
  auszugsdatum: 'move_out_on',
  moveouton: 'move_out_on',
  moveout: 'move_out_on',
};

/** The import field a column header names, or null for a column the import ignores. */
export function fieldOfHeader(header: string): ImportField | null {
  const key = header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '')
    .replace(/:$/, '');
  return HEADER_NAMES[key] ?? null;
}

/**
 * The separator of the file, from its header line: Excel in German writes `;`, most other
 * tools `,`. (Papa's own guess stumbles over blank lines and one-column files.)
 */
function separatorOf(text: string): ';' | ',' {
  const header = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => header.split(c).length - 1;
  return count(',') > count(';') ? ',' : ';';
}

/**
 * Reads a resident CSV: `;` or `,` separated (whichever the file uses), UTF-8 with or without a
 * byte-order mark, a header row naming the columns in English or German. Blank lines are
 * skipped but counted, so that `line` is the line a spreadsheet shows.
 */
export function parseResidentCsv(text: string): ParsedCsv {
  const content = text.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(content, { delimiter: separatorOf(content), skipEmptyLines: false });
  const records = parsed.data;
  const header = records[0] ?? [];
  const columns = header.map(fieldOfHeader);
  const fields = IMPORT_FIELDS.filter((field) => columns.includes(field));
  const fileErrors: string[] = [];
  if (!columns.includes('apartment_number')) fileErrors.push(t.import.missingColumn('Wohnung (apartment_number)'));
  if (!columns.includes('name')) fileErrors.push(t.import.missingColumn('Name (name)'));

  const rows: CsvRow[] = [];
  for (let index = 1; index < records.length; index++) {
    const record = records[index]!;
    if (record.every((cell) => cell.trim() === '')) continue;
    const row: Partial<CsvRow> & { line: number } = { line: index + 1 };
    columns.forEach((field, column) => {
      // The first column of that name wins; a repeated one is ignored like an unknown one.
      if (field && row[field] === undefined) row[field] = (record[column] ?? '').trim();
    });
    rows.push({ apartment_number: '', name: '', ...row });
  }
  if (fileErrors.length === 0 && rows.length === 0) fileErrors.push(t.import.noRows);
  if (rows.length > MAX_CSV_ROWS) fileErrors.push(t.import.tooManyRows(MAX_CSV_ROWS));
  return { fields, rows, fileErrors };
}

/** Adds a message to a field's list once. */
function addError(errors: RowErrors, field: string, message: string): void {
  const list = (errors[field] ??= []);
  if (!list.includes(message)) list.push(message);
}

/**
 * Checks every row as the server will (the contract's `residentImportRow`) and finds an
 * apartment number that occurs twice in the whole file, which the server cannot see when the
 * two rows travel in different batches. Lines without errors are left out.
 */
export function validateRows(rows: readonly CsvRow[]): LineErrors[] {
  const byLine = new Map<number, RowErrors>();
  const errorsOf = (line: number) => {
    let errors = byLine.get(line);
    if (!errors) byLine.set(line, (errors = {}));
    return errors;
  };
  const linesOf = new Map<string, number[]>();
  for (const row of rows) {
    const result = residentImportRow.safeParse(row);
    if (!result.success) {
      for (const issue of result.error.issues) {
        addError(errorsOf(row.line), issue.path.length ? String(issue.path[0]) : 'non_field_errors', issue.message);
      }
    }
    const key = row.apartment_number.trim().toLowerCase();
    if (key) linesOf.set(key, [...(linesOf.get(key) ?? []), row.line]);
  }
  for (const lines of linesOf.values()) {
    if (lines.length > 1)
      for (const line of lines)
        addError(errorsOf(line), 'apartment_number', apartmentTwiceIn(lines.filter((other) => other !== line)));
  }
  return [...byLine.entries()].map(([line, errors]) => ({ line, errors })).sort((a, b) => a.line - b.line);
}

/** Merges error lists by line, each message once; sorted by line. */
export function mergeLineErrors(...lists: readonly (readonly LineErrors[])[]): LineErrors[] {
  const byLine = new Map<number, RowErrors>();
  for (const list of lists) {
    for (const { line, errors } of list) {
      const target = byLine.get(line) ?? {};
      for (const [field, messages] of Object.entries(errors)) for (const m of messages) addError(target, field, m);
      byLine.set(line, target);
    }
  }
  return [...byLine.entries()].map(([line, errors]) => ({ line, errors })).sort((a, b) => a.line - b.line);
}

/** The German label of a field in an error line ('Wohnung: …'). */
export function fieldLabel(field: string): string {
  return t.fields[field as keyof typeof t.fields] ?? field;
}

/** One line's errors as one sentence, e.g. 'E-Mail: Keine gültige E-Mail-Adresse.' */
export function describeLineErrors(errors: RowErrors): string {
  return Object.entries(errors)
    .map(([field, messages]) =>
      field === 'non_field_errors' ? messages.join(' ') : `${fieldLabel(field)}: ${messages.join(' ')}`,
    )
    .join(' · ');
}

/** What an error is called in the preview's error column, e.g. 'E-Mail ungültig'. */
export function shortError(field: string, message: string): string {
  if (message.startsWith('Wohnung doppelt')) return message;
  if (message === INVALID_EMAIL) return t.import.short.emailInvalid;
  if (message === APARTMENT_TAKEN) return t.import.short.apartmentTaken;
  const prefix = /^Wohnungsnummern in diesem Standort beginnen mit „(.+)“\.$/.exec(message)?.[1];
  if (prefix) return t.import.short.prefix(prefix);
  const label = field === 'apartment_number' ? t.import.short.apartment : fieldLabel(field);
  if (field === 'non_field_errors') return message;
  if (message === API_ERRORS.required) return t.import.short.missing(label);
  if (message.startsWith('Höchstens')) return t.import.short.tooLong(label);
  return t.import.short.invalid(label);
}

/** A line's errors for the error column, each by its short name: 'E-Mail ungültig, Name fehlt'. */
export function shortLineErrors(errors: RowErrors): string {
  const names = Object.entries(errors).flatMap(([field, messages]) => messages.map((m) => shortError(field, m)));
  return [...new Set(names)].join(', ');
}
