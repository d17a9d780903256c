import type { AdminTicketListItem } from '@hausportal/contract';
import { config } from '@/config';
import { waitingSpan } from '../lib/format';
import { t } from './strings';

const oneDecimal = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

/**
 * A duration in hours as a manager reads it: minutes under an hour, hours up to two days, then
 * days ('45 Min.', '5,5 Std.', '3,2 Tage'); null (no data) as 'keine Daten'.
 */
export function formatHours(hours: number | null): string {
  if (hours === null || !Number.isFinite(hours)) return t.stats.none;
  if (hours < 1) return t.time.minutes(Math.max(0, Math.round(hours * 60)));
  if (hours < 48) return t.time.hours(oneDecimal.format(hours));
  return t.time.days(oneDecimal.format(hours / 24));
}

/** A number with a German decimal comma and at most one decimal, e.g. 1,4. */
export function formatDecimal(value: number): string {
  return oneDecimal.format(value);
}

/**
 * How old a ticket is, 'vor 3 Tagen', from its creation; 'gerade eben' in its first minute (short:
 * 'vor weniger als 1 Min.' widened the list's number cell on a tablet until the table scrolled).
 */
export function ticketAge(createdAt: string, now: number = Date.now()): string {
  const since = new Date(createdAt).getTime();
  if (!Number.isNaN(since) && now - since < 60_000) return t.justNow;
  const span = waitingSpan(createdAt, now);
  return span ? t.ago(span) : '';
}

/** Where the defect is: 'Wohnung' or 'Haus', and the place the resident named. */
export function placeOf(ticket: Pick<AdminTicketListItem, 'scope' | 'place'>): { scope: string; place: string } {
  return { scope: t.scope[ticket.scope] ?? ticket.scope, place: ticket.place };
}

/** The reporter as one line: 'Anna Beispiel, Wohnung 0101'. */
export function reporterLine(reporter: AdminTicketListItem['reporter']): string {
  return reporter ? `${reporter.name}, ${t.apartment(reporter.apartment_number)}` : t.noReporter;
}

const berlinDay = new Intl.DateTimeFormat('sv-SE', {
  timeZone: config.timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Berlin calendar day of a moment as `YYYY-MM-DD` (the stats' periods). */
export function isoDay(date: Date): string {
  return berlinDay.format(date);
}

/** `YYYY-MM-DD` as the German date '24.11.2026'; anything else unchanged. */
export function germanDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : day;
}
