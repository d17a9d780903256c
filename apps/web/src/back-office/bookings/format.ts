import type { AdminBooking } from '@hausportal/contract';
import { config } from '@/config';
import { fromDateTimeInput, toDateInput } from '../lib/format';
import { t } from './strings';

// Calendar days are 'YYYY-MM-DD' strings of Berlin's calendar; the server sends UTC instants.
// Day arithmetic runs at noon UTC, so it never trips over a daylight-saving switch.

const DAY_MS = 86_400_000;
const noon = (date: string) => Date.parse(`${date}T12:00:00Z`);

/** The Berlin calendar day of an instant (default: now). */
export const berlinDay = (at: string | number | Date = new Date()): string => toDateInput(new Date(at).toISOString());

export const addDays = (date: string, n: number): string =>
  new Date(noon(date) + n * DAY_MS).toISOString().slice(0, 10);

/** The Monday of the week holding `date`. */
export const mondayOf = (date: string): string => addDays(date, -((new Date(noon(date)).getUTCDay() + 6) % 7));

/** The ISO week number of a date, as on a German wall calendar ('KW 13'). */
export function isoWeek(date: string): number {
  const thursday = addDays(mondayOf(date), 3);
  const jan1 = Date.parse(`${thursday.slice(0, 4)}-01-01T12:00:00Z`);
  return Math.floor((noon(thursday) - jan1) / (7 * DAY_MS)) + 1;
}

/** Midnight at the start of a Berlin day, as an ISO instant. */
export const dayStart = (date: string): string => fromDateTimeInput(`${date}T00:00`)!;

const utc = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('de-DE', { timeZone: 'UTC', ...options });
const weekdayDay = utc({ weekday: 'short', day: '2-digit', month: '2-digit' });
const weekdayLong = utc({ weekday: 'long' });
const dayMonth = utc({ day: '2-digit', month: '2-digit' });
const fullDate = utc({ day: '2-digit', month: '2-digit', year: 'numeric' });
const monthYear = utc({ month: 'long', year: 'numeric' });
const timeFmt = new Intl.DateTimeFormat('de-DE', {
  timeZone: config.timeZone,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'Mo.' (with its dot, which ICU leaves off a weekday alone). */
export const weekday = (date: string): string => shortDay(date).split(',')[0]!;
/** 'Mo., 23.03.' */
export const shortDay = (date: string): string => weekdayDay.format(noon(date));
/** '23.03.' */
export const dayAndMonth = (date: string): string => dayMonth.format(noon(date));
/** 'Montag, 23.03.2026' */
export const longDay = (date: string): string => `${weekdayLong.format(noon(date))}, ${fullDate.format(noon(date))}`;
/** '23.03.2026' */
export const dateOnly = (date: string): string => fullDate.format(noon(date));
/** 'März 2026' of 'YYYY-MM'. */
export const monthLabel = (month: string): string => monthYear.format(noon(`${month}-15`));
/** 'HH:MM' in Berlin. */
export const clock = (iso: string): string => timeFmt.format(new Date(iso));

/** The month 'YYYY-MM' `n` months after `month`. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** How a booking's time reads: 'Montag, 23.03.2026, 09:00–11:00' or 'Anreise … – Abreise …'. */
export function describePeriod(b: Pick<AdminBooking, 'mode' | 'starts_at' | 'ends_at' | 'check_in' | 'check_out'>) {
  if (b.mode === 'days' && b.check_in && b.check_out)
    return `${t.calendar.arrival} ${longDay(b.check_in)} – ${t.calendar.departure} ${longDay(b.check_out)}`;
  return `${longDay(berlinDay(b.starts_at))}, ${clock(b.starts_at)}–${clock(b.ends_at)}`;
}

/** The Berlin days [from, to) an interval touches, e.g. the nights of a guest-flat booking. */
export function daysOf(startsAt: string, endsAt: string): string[] {
  const first = berlinDay(startsAt);
  // An end at midnight belongs to the day before.
  const last = berlinDay(Date.parse(endsAt) - 1);
  const days: string[] = [];
  for (let d = first; d <= last && days.length < 400; d = addDays(d, 1)) days.push(d);
  return days;
}

/** 'Anna Achter, Wohnung A-0101' (or the apartment alone when the account is gone). */
export const household = (b: Pick<AdminBooking, 'resident_name' | 'apartment_number'>): string =>
  `${b.resident_name || t.deletedPerson}, ${t.apartment(b.apartment_number)}`;

/** The rows of the shell's location filter (all of the manager's locations without one). */
export function inFilter<T extends { location_id: number }>(rows: readonly T[], locationId: number | undefined): T[] {
  return locationId ? rows.filter((r) => r.location_id === locationId) : [...rows];
}

/** Whether rows come from more than one location: only then do they name theirs. */
export const severalLocations = (rows: readonly { location_id: number }[]): boolean =>
  new Set(rows.map((r) => r.location_id)).size > 1;
