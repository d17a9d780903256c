import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

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

describe('dates in the other languages', () => {
  const summer = '2026-07-31T22:30:00Z'; // 00:30 on 1 August in Berlin
  it('keeps Berlin time and uses each language’s order and separators', () => {
    expect(formatDateTime(summer, 'en')).toBe('01/08/2026, 00:30');
    expect(formatDateTime(summer, 'pl')).toBe('01.08.2026, 00:30');
    expect(formatDateTime(summer, 'tr')).toBe('01.08.2026 00:30');
    expect(formatDate(summer, 'uk')).toBe('01.08.2026');
  });

  it('writes Arabic dates with Latin digits, like the apartment numbers beside them', () => {
    // Intl puts right-to-left marks between the parts; they keep the order, not the digits.
    const text = formatDateTime(summer, 'ar').replace(/\u200f/g, '');
    expect(text).toMatch(/01\/08\/2026/);
    expect(text).toMatch(/00:30/);
    expect(text).not.toMatch(/[\u0660-\u0669]/);
  });
});
