import { TZDate } from '@date-fns/tz';

/** Residents' local time: the buildings are in Germany (DST included). */
export const ZONE = 'Europe/Berlin';
const QUIET_FROM = 22;
const QUIET_UNTIL = 6;
/** When the daily digest goes out, local time. */
const DIGEST_HOUR = 7;

/** The first `hour`:00 in Berlin after `ms` (today's, or else tomorrow's). */
function nextLocalHour(ms: number, hour: number): number {
  const target = new TZDate(ms, ZONE);
  target.setHours(hour, 0, 0, 0);
  if (target.getTime() <= ms) target.setDate(target.getDate() + 1);
  return target.getTime();
}

/** When a push due at `ms` may go out under quiet hours (22:00–06:00 Berlin): `ms` itself, or 06:00. */
export function afterQuietHours(ms: number): number {
  const hour = new TZDate(ms, ZONE).getHours();
  if (hour >= QUIET_UNTIL && hour < QUIET_FROM) return ms;
  return nextLocalHour(ms, QUIET_UNTIL);
}

/** When the digest that collects an event of `ms` goes out: the next 07:00 Berlin. */
export const nextDigestAt = (ms: number): number => nextLocalHour(ms, DIGEST_HOUR);
