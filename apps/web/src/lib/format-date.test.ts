import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRecent, formatTime } from './format-date';

describe('formatDateTime', () => {
  it('shows the date first, DD.MM.YYYY, HH:mm, in Europe/Berlin in winter (UTC+1)', () => {
    expect(formatDateTime('2026-01-05T08:07:00Z')).toBe('05.01.2026, 09:07');
  });

  it('shows DD.MM.YYYY, HH:mm in Europe/Berlin in summer (UTC+2)', () => {
    expect(formatDateTime('2026-07-31T22:30:00Z')).toBe('01.08.2026, 00:30');
  });

  it('reads timestamps with an offset', () => {
    expect(formatDateTime('2026-03-01T12:00:00+05:00')).toBe('01.03.2026, 08:00');
  });

  it('gives the day and the time alone', () => {
    expect(formatDate('2026-12-07T15:48:00Z', 'de')).toBe('07.12.2026');
    expect(formatTime('2026-12-07T15:48:00Z')).toBe('16:48');
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

describe('formatRecent', () => {
  const now = new Date('2026-12-07T22:30:00Z'); // 23:30 on 7 December in Berlin

  it("says 'heute, 16:48' and 'gestern, 16:48' by Berlin's calendar, and the date before that", () => {
    expect(formatRecent('2026-12-07T15:48:00Z', 'de', now)).toBe('heute, 16:48');
    // 00:10 on 7 December in Berlin, still 6 December in UTC.
    expect(formatRecent('2026-12-06T23:10:00Z', 'de', now)).toBe('heute, 00:10');
    expect(formatRecent('2026-12-06T15:48:00Z', 'de', now)).toBe('gestern, 16:48');
    expect(formatRecent('2026-12-05T15:48:00Z', 'de', now)).toBe('05.12.2026, 16:48');
  });

  it('puts the day first in every language', () => {
    const at = '2026-12-07T15:48:00Z';
    expect(formatRecent(at, 'en', now)).toBe('today, 16:48');
    expect(formatRecent(at, 'tr', now)).toBe('bugün, 16:48');
    expect(formatRecent(at, 'pl', now)).toBe('dzisiaj, 16:48');
    expect(formatRecent(at, 'uk', now)).toBe('сьогодні, 16:48');
    expect(formatRecent('2026-12-06T15:48:00Z', 'ru', now)).toBe('вчера, 16:48');
    expect(formatRecent(at, 'ar', now)).toBe('اليوم، 16:48');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatRecent('not a date', 'de', now)).toBe('');
  });
});
