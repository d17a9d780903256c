import type { Availability } from '@hausportal/contract';
import { addDays, daysBetween } from './berlin';

// A stay in a day resource (the guest flat): arrival and departure picked in the month grid.
// The night of a day is what its state tells (ADR 029: one slot per night, from check-in to the
// day before check-out), so the departure day may be taken: the next guest arrives on it.

export type SlotState = Availability['days'][number]['slots'][number]['state'];
/** What a day of the grid shows: its night's state, 'beyond' past the horizon, 'unknown' until loaded. */
export type DayState = SlotState | 'beyond' | 'unknown';
/** A day's part in the chosen stay. */
export type StayRole = 'arrival' | 'night' | 'departure';

export interface Stay {
  checkIn: string | null;
  checkOut: string | null;
}
export const NO_STAY: Stay = { checkIn: null, checkOut: null };

export interface StayRules {
  /** Today in Berlin. */
  today: string;
  /** An arrival may lie at most this many days ahead. */
  horizonDays: number;
  maxNights: number;
}

/** The nights' states by date, as the month answers bring them. */
export type Nights = ReadonlyMap<string, SlotState>;

/** What the grid shows for `date`: the night's state, or 'beyond' for a free night past the horizon. */
export function dayState(nights: Nights, date: string, rules: StayRules): DayState {
  const state = nights.get(date);
  if (!state) return 'unknown';
  if (state === 'free' && date > addDays(rules.today, rules.horizonDays)) return 'beyond';
  return state;
}

/** A stay may start on a free day from today to the horizon. */
export const canArrive = (nights: Nights, date: string, rules: StayRules): boolean =>
  dayState(nights, date, rules) === 'free' && date >= rules.today;

/** With the arrival chosen: a later day whose nights up to it are all free, within the longest stay. */
export function canDepart(nights: Nights, stay: Stay, date: string, rules: StayRules): boolean {
  if (!stay.checkIn || stay.checkOut || date <= stay.checkIn) return false;
  const count = daysBetween(stay.checkIn, date);
  if (count > rules.maxNights) return false;
  for (let i = 0; i < count; i++) if (nights.get(addDays(stay.checkIn, i)) !== 'free') return false;
  return true;
}

/**
 * The stay after a tap on `date`: the departure when one is due and `date` can be it, else a new
 * arrival when `date` can be one; null when the day cannot be picked now.
 */
export function pick(nights: Nights, stay: Stay, date: string, rules: StayRules): Stay | null {
  if (canDepart(nights, stay, date, rules)) return { checkIn: stay.checkIn, checkOut: date };
  if (canArrive(nights, date, rules)) return { checkIn: date, checkOut: null };
  return null;
}

/** The part `date` plays in the stay, if any. */
export function roleOf(stay: Stay, date: string): StayRole | null {
  if (date === stay.checkIn) return 'arrival';
  if (!stay.checkIn || !stay.checkOut) return null;
  if (date === stay.checkOut) return 'departure';
  return date > stay.checkIn && date < stay.checkOut ? 'night' : null;
}

/** The nights of a complete stay. */
export const nightsOf = (stay: Stay): number =>
  stay.checkIn && stay.checkOut ? daysBetween(stay.checkIn, stay.checkOut) : 0;
