import { config } from '@/config';
import { minuteFormat } from '@/lib/minute-format';
import { s } from '../strings';

// The resident app's formats (product §5.10), so that both apps show a time alike.
export { formatDate, formatDateTime } from '@/lib/format-date';

/** How long something has waited, e.g. '3 Std.', '45 Min.', '2 Tagen' (for 'wartet seit …'). */
export function waitingSpan(iso: string, now: number = Date.now()): string {
  const since = new Date(iso).getTime();
  if (Number.isNaN(since)) return '';
  const minutes = Math.floor(Math.max(0, now - since) / 60_000);
  if (minutes < 1) return s.time.lessThanMinute;
  if (minutes < 60) return s.time.minutes(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return s.time.hours(hours);
  return s.time.days(Math.floor(hours / 24));
}

/** 'wartet seit 3 Std.' */
export function waitingTime(iso: string, now: number = Date.now()): string {
  const span = waitingSpan(iso, now);
  return span ? s.time.waitingSince(span) : '';
}

/** The first `max` characters of a text on one line, with an ellipsis when cut. */
export function excerpt(text: string, max = 80): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

const isoDay = new Intl.DateTimeFormat('sv-SE', {
  timeZone: config.timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Berlin calendar day of an ISO time as `YYYY-MM-DD`, for an `<input type="date">`. */
export function toDateInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : isoDay.format(date);
}

const berlinParts = new Intl.DateTimeFormat('en-US', {
  timeZone: config.timeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** How far Berlin's clock is ahead of UTC at `ms` (one or two hours). */
function berlinOffsetMs(ms: number): number {
  const p = Object.fromEntries(berlinParts.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - ms;
}

/**
 * The end of a `YYYY-MM-DD` day in Berlin (23:59:59) as an ISO string, whatever the device's
 * zone; null for an empty or malformed input.
 */
export function fromDateInput(day: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const wall = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59);
  if (Number.isNaN(wall)) return null;
  // The offset at the wall time itself is right except within an hour of a DST switch, which
  // never falls at 23:59 in Berlin.
  return new Date(wall - berlinOffsetMs(wall - 3_600_000)).toISOString();
}

const isoMinute = minuteFormat('sv-SE');

/** The Berlin wall time of an ISO time as `YYYY-MM-DDTHH:mm`, for an `<input type="datetime-local">`. */
export function toDateTimeInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : isoMinute.format(date).replace(' ', 'T');
}

/**
 * A `YYYY-MM-DDTHH:mm` wall time in Berlin as an ISO string, whatever the device's zone; null for
 * an empty or malformed input. In the hour the clocks go back, the earlier of the two is meant.
 */
export function fromDateTimeInput(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(wall)) return null;
  // Guess with the offset at the wall time, then correct with the offset at the guessed instant.
  const guess = wall - berlinOffsetMs(wall);
  return new Date(wall - berlinOffsetMs(guess)).toISOString();
}
