import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { AdminError } from '../api/base-query';
import { s } from '../strings';

/** What a DRF error body says: messages per field, and the rest for the whole form. */
export interface ServerErrors {
  fields: Record<string, string>;
  general: string | null;
}

function messages(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

function isAdminError(error: unknown): error is AdminError {
  return typeof error === 'object' && error !== null && 'status' in error && 'data' in error;
}

/**
 * Splits a failed call into field messages and a general one (product §6.1: `{field: [..]}`,
 * `non_field_errors`, `detail`). Without a usable body it says so in German: offline, or a
 * generic failure (a 500's HTML is not meant for staff).
 */
export function describeServerError(error: unknown): ServerErrors {
  const result: ServerErrors = { fields: {}, general: null };
  if (!isAdminError(error)) {
    result.general = s.form.generic;
    return result;
  }
  if (error.status === 0) {
    result.general = s.form.offline;
    return result;
  }
  const body = error.data;
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    result.general = s.form.generic;
    return result;
  }
  const general: string[] = [];
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const list = messages(value);
    if (list.length === 0) continue;
    if (key === 'non_field_errors' || key === 'detail') general.push(...list);
    // A string `code` is the machine-readable kind of the error; a list is the messages of a field
    // named `code` (the second factor's code, ADR 025).
    else if (key !== 'code' || Array.isArray(value)) result.fields[key] = list.join(' ');
  }
  result.general = general.length ? general.join(' ') : null;
  if (!result.general && Object.keys(result.fields).length === 0) result.general = s.form.generic;
  return result;
}

/** One sentence for a failed action outside a form (a toast, a dialog). */
export function errorMessage(error: unknown): string {
  const { fields, general } = describeServerError(error);
  return [general, ...Object.values(fields)].filter(Boolean).join(' ') || s.form.generic;
}

/**
 * Puts a server's DRF errors into a react-hook-form form: field lists under the fields the form
 * has, everything else (non_field_errors, detail, fields the form does not show) into
 * `errors.root.server`, which `FormErrorSummary` shows.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): void {
  const { fields, general } = describeServerError(error);
  const rest: string[] = general ? [general] : [];
  let first = true;
  for (const [key, message] of Object.entries(fields)) {
    const name = fieldNames.find((f) => f === key);
    if (name) {
      setError(name, { type: 'server', message }, { shouldFocus: first });
      first = false;
    } else rest.push(message);
  }
  if (rest.length) setError('root.server', { type: 'server', message: rest.join(' ') });
}

/**
 * The fields of a form's zod object schema, for `applyServerErrors`. The schema is the one list
 * of what the form shows, so a field added to it gets its server errors without a second list.
 */
export function schemaFields<S extends { shape: object }>(schema: S): (keyof S['shape'] & string)[] {
  return Object.keys(schema.shape) as (keyof S['shape'] & string)[];
}
