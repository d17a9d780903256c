import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date';

describe('formatDateTime', () => {
  it('shows HH:mm, DD.MM.YYYY in Europe/Berlin in winter (UTC+1)', () => {
    expect(formatDateTime('2026-01-05T08:07:00Z')).toBe('09:07, 05.01.2026');
  });

  it('shows HH:mm, DD.MM.YYYY in Europe/Berlin in summer (UTC+2)', () => {
    expect(formatDateTime('2026-07-31T22:30:00Z')).toBe('00:30, 01.08.2026');
  });

  it('reads timestamps with an offset', () => {
    expect(formatDateTime('2026-03-01T12:00:00+05:00')).toBe('08:00, 01.03.2026');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});
