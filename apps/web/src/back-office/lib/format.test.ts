import { describe, expect, it } from 'vitest';
import { excerpt, formatDate, formatDateTime, fromDateInput, toDateInput, waitingTime } from './format';

const now = Date.parse('2026-03-10T12:00:00Z');
const before = (ms: number) => new Date(now - ms).toISOString();

describe('admin formatting', () => {
  it("says how long an item has waited: 'wartet seit 3 Std.'", () => {
    expect(waitingTime(before(20_000), now)).toBe('wartet seit weniger als 1 Min.');
    expect(waitingTime(before(45 * 60_000), now)).toBe('wartet seit 45 Min.');
    expect(waitingTime(before(3 * 3_600_000 + 59 * 60_000), now)).toBe('wartet seit 3 Std.');
    expect(waitingTime(before(26 * 3_600_000), now)).toBe('wartet seit 1 Tag');
    expect(waitingTime(before(3 * 86_400_000), now)).toBe('wartet seit 3 Tagen');
    expect(waitingTime('kein Datum', now)).toBe('');
  });

  it('shows times as DD.MM.YYYY, HH:mm and dates as DD.MM.YYYY in Berlin time', () => {
    expect(formatDateTime('2026-03-10T22:30:00Z')).toBe('10.03.2026, 23:30');
    expect(formatDate('2026-03-10T23:30:00Z')).toBe('11.03.2026');
  });

  it('turns an end date into the end of that day and back', () => {
    expect(fromDateInput('2026-04-01')).toBe('2026-04-01T21:59:59.000Z');
    expect(fromDateInput('2026-01-15')).toBe('2026-01-15T22:59:59.000Z');
    expect(toDateInput(fromDateInput('2026-04-01'))).toBe('2026-04-01');
    expect(fromDateInput('')).toBeNull();
    expect(toDateInput(null)).toBe('');
  });

  it('cuts long texts to one line with an ellipsis', () => {
    expect(excerpt('Hallo\n\nWelt', 80)).toBe('Hallo Welt');
    expect(excerpt('a'.repeat(100), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});
