import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { AccessState } from '@hausportal/contract';
import type { Phrase } from '../../lib/errors.js';

// Access by move-in and move-out: the same rules for the ERP sync, the CSV import and
// the back office. Days are Berlin calendar days ('YYYY-MM-DD'); a day begins at Berlin midnight,
// so the boundary moves with the clocks (on 2026-03-29 and 2026-10-25 too).

/** The configured days (ACCESS_OPENS_DAYS_BEFORE_MOVE_IN, ACCESS_CLOSES_DAYS_AFTER_MOVE_OUT). */
export interface AccessWindow {
  opensDaysBeforeMoveIn: number;
  closesDaysAfterMoveOut: number;
}

const DAY_MS = 86_400_000;

/** The Berlin calendar day of an instant (default: now, the test clock included). */
export const berlinToday = (ms: number = Date.now()): string => format(new TZDate(ms, 'Europe/Berlin'), 'yyyy-MM-dd');

/** `day` plus `n` calendar days (negative: back). */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** 'YYYY-MM-DD' as the German reads it: '17.11.2026'. */
export const germanDay = (day: string): string => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

export interface Moves {
  move_in_on: string | null;
  move_out_on: string | null;
}

/** The first day with access (null: no move-in known, open from the start). */
export const accessOpensOn = (m: Moves, w: AccessWindow): string | null =>
  m.move_in_on ? addDays(m.move_in_on, -w.opensDaysBeforeMoveIn) : null;

/**
 * The first day without access (null: no move-out known). With 30 days and a move-out on
 * 2026-10-31, the last day with access is 2026-11-30 and access ends at Berlin midnight before
 * 2026-12-01.
 */
export const accessClosesOn = (m: Moves, w: AccessWindow): string | null =>
  m.move_out_on ? addDays(m.move_out_on, w.closesDaysAfterMoveOut + 1) : null;

/** Where access stands on `today`: scheduled (before the window), open, or closed (after it). */
export function accessState(m: Moves, w: AccessWindow, today: string = berlinToday()): AccessState {
  const closes = accessClosesOn(m, w);
  if (closes && today >= closes) return 'closed';
  const opens = accessOpensOn(m, w);
  if (opens && today < opens) return 'scheduled';
  return 'open';
}

/** A calendar day as the reader's language writes a date (German: '17.11.2026'). */
const dayIn = (day: string, tr: Parameters<Phrase>[0]) =>
  tr.language === 'de' ? germanDay(day) : tr.time.date(`${day}T12:00:00Z`);

/** The sign-in's refusal of an account outside its window, naming the day; null when open. */
export function accessRefusal(m: Moves, w: AccessWindow, today: string = berlinToday()): Phrase | null {
  switch (accessState(m, w, today)) {
    case 'scheduled':
      return (tr) => tr.t('errors.access.opens', { day: dayIn(accessOpensOn(m, w)!, tr) });
    case 'closed':
      return (tr) => tr.t('errors.access.closed', { day: dayIn(accessClosesOn(m, w)!, tr) });
    default:
      return null;
  }
}

/** The access fields of a resident as the back office and the integration API show them. */
export const accessFields = (m: Moves, w: AccessWindow) => ({
  access: accessState(m, w),
  access_opens_on: accessOpensOn(m, w),
  access_closes_on: accessClosesOn(m, w),
});
