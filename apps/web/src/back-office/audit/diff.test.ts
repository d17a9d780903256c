import { describe, expect, it } from 'vitest';
import { auditDiff, showValue } from './diff';

describe('audit diff', () => {
  it('marks exactly the fields that changed', () => {
    const rows = auditDiff(
      { name: 'Anna', email: 'anna@example.org', is_active: true },
      { name: 'Anna Beispiel', email: 'anna@example.org', is_active: false },
    );
    expect(rows).toEqual([
      { field: 'name', before: 'Anna', after: 'Anna Beispiel', changed: true },
      { field: 'email', before: 'anna@example.org', after: 'anna@example.org', changed: false },
      { field: 'is_active', before: 'ja', after: 'nein', changed: true },
    ]);
  });

  it('shows a creation as every field new and a deletion as every field gone', () => {
    expect(auditDiff(null, { title: 'Hausordnung' })).toEqual([
      { field: 'title', before: '–', after: 'Hausordnung', changed: true },
    ]);
    expect(auditDiff({ title: 'Hausordnung' }, undefined)).toEqual([
      { field: 'title', before: 'Hausordnung', after: '–', changed: true },
    ]);
  });

  it('compares nested values by content and fields present on one side only as changed', () => {
    const rows = auditDiff({ ids: [1, 2], extra: 1 }, { ids: [1, 2], added: 'x' });
    expect(rows.find((r) => r.field === 'ids')!.changed).toBe(false);
    expect(rows.find((r) => r.field === 'extra')).toMatchObject({ after: '–', changed: true });
    expect(rows.find((r) => r.field === 'added')).toMatchObject({ before: '–', changed: true });
  });

  it('compares lists such as a new phone order as one value', () => {
    expect(auditDiff([3, 1, 2], [1, 2, 3])).toEqual([
      { field: '', before: '[\n  3,\n  1,\n  2\n]', after: '[\n  1,\n  2,\n  3\n]', changed: true },
    ]);
  });

  it('has nothing to show without before and after', () => {
    expect(auditDiff(null, null)).toEqual([]);
  });

  it('writes values for people, not for programs', () => {
    expect(showValue(null)).toBe('–');
    expect(showValue('')).toBe('–');
    expect(showValue(false)).toBe('nein');
    expect(showValue(12)).toBe('12');
    expect(showValue({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
});
