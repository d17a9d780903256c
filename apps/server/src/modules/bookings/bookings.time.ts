import { TZDate } from '@date-fns/tz';
import { format, startOfMonth, startOfWeek } from 'date-fns';

// The booking grid (ADR 029): slots are laid out in Berlin wall-clock time and stored as UTC
// instants, so a resource open 07:00–22:00 has the same slots on the days clocks change (last
// Sunday of March and of October) as on any other day: none doubled, none swallowed.

export const ZONE = 'Europe/Berlin';
const DAY_MS = 86_400_000;

/** The UTC instant (ms) of Berlin wall-clock `time` ('HH:MM', or minutes after midnight) on `date`. */
export function berlinInstant(date: string, time: string | number): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const minutes = typeof time === 'number' ? time : minutesOf(time);
  return new TZDate(y, m - 1, d, Math.floor(minutes / 60), minutes % 60, ZONE).getTime();
}

export const minutesOf = (time: string): number => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** The Berlin date ('YYYY-MM-DD') of an instant. */
export const berlinDate = (ms: number): string => format(new TZDate(ms, ZONE), 'yyyy-MM-dd');

/** `date` plus `n` calendar days. */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `a` to `b`. */
export const daysBetween = (a: string, b: string): number =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

export interface Slot {
  start: number;
  end: number;
}

/**
 * The slots of a slot resource on one Berlin date: whole slots from day_start to day_end. A day
 * without a clock change (all but two a year) is laid out by adding minutes to its first slot;
 * on the two others every slot boundary is converted on its own.
 */
export function slotsOfDay(date: string, r: { slot_minutes: number; day_start: string; day_end: string }): Slot[] {
  const out: Slot[] = [];
  const startMin = minutesOf(r.day_start);
  const endMin = minutesOf(r.day_end);
  const first = berlinInstant(date, startMin);
  const steady = berlinInstant(date, endMin) - first === (endMin - startMin) * 60_000;
  const at = (m: number) => (steady ? first + (m - startMin) * 60_000 : berlinInstant(date, m));
  for (let m = startMin; m + r.slot_minutes <= endMin; m += r.slot_minutes) {
    out.push({ start: at(m), end: at(m + r.slot_minutes) });
  }
  return out;
}

/** The key a slot occupies in booking_slots: its UTC start. */
export const slotKey = (ms: number): string => new Date(ms).toISOString();

/** The Berlin week (Monday on) or month an instant falls in, as UTC ISO bounds. */
export function periodOf(ms: number, period: 'week' | 'month'): { from: string; to: string } {
  const at = new TZDate(ms, ZONE);
  const start = period === 'week' ? startOfWeek(at, { weekStartsOn: 1 }) : startOfMonth(at);
  const startDate = berlinDate(start.getTime());
  let endDate: string;
  if (period === 'week') endDate = addDays(startDate, 7);
  else {
    const [y, m] = startDate.split('-').map(Number) as [number, number];
    endDate = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  }
  return {
    from: new Date(berlinInstant(startDate, 0)).toISOString(),
    to: new Date(berlinInstant(endDate, 0)).toISOString(),
  };
}

// How a booking's period reads (German by default; notifications pass the resident's formats).
export { describePeriod } from '../../i18n/format.js';
