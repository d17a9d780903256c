import { t } from './strings';

/** One line of an audit entry's before/after comparison. */
export interface DiffRow {
  /** The field name; '' when before/after are single values (a list of ids, a number). */
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A stored value as a reader sees it: 'ja'/'nein', '–' for nothing, JSON for lists and objects. */
export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return t.empty_value;
  if (typeof value === 'boolean') return value ? t.yes : t.no;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value, null, 2);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * Compares an audit entry's before and after field by field (the keys of both, in the order
 * they came, before's first), marking what changed. A creation has only after, a deletion only
 * before: every field then counts as changed. Values that are not objects compare as one row.
 */
export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  const absent = (v: unknown) => v === undefined || v === null;
  if (absent(before) && absent(after)) return [];
  if ((isRecord(before) || absent(before)) && (isRecord(after) || absent(after))) {
    const b = (before ?? {}) as Record<string, unknown>;
    const a = (after ?? {}) as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return keys.map((field) => ({
      field,
      before: field in b ? showValue(b[field]) : t.empty_value,
      after: field in a ? showValue(a[field]) : t.empty_value,
      changed: !(field in b && field in a && same(b[field], a[field])),
    }));
  }
  return [{ field: '', before: showValue(before), after: showValue(after), changed: !same(before, after) }];
}
