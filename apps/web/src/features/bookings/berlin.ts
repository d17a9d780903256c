import { currentLanguage, intlLocale } from '@/i18n';
// Dates on screen are Europe/Berlin whatever the phone's zone; the server sends UTC instants.
const ZONE = 'Europe/Berlin';
const dayFmt = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const timeFmt = new Intl.DateTimeFormat('de-DE', {
  timeZone: ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const longDayFmts = new Map<string, Intl.DateTimeFormat>();
const longDayFmt = (locale: string): Intl.DateTimeFormat => {
  let fmt = longDayFmts.get(locale);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat(locale, {
      timeZone: 'UTC',
      weekday: 'short',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    });
    longDayFmts.set(locale, fmt);
  }
  return fmt;
};

/** The Berlin date ('YYYY-MM-DD') of an instant (default: now). */
export const berlinDay = (at: Date | string = new Date()): string => dayFmt.format(new Date(at));
/** 'HH:MM' in Berlin. */
export const berlinTime = (iso: string): string => timeFmt.format(new Date(iso));
/** The day of the month alone: '28.' in German (an ordinal there), '28' in the other languages. */
export const dayOfMonth = (date: string): string => {
  const day = String(Number(date.slice(8, 10)));
  return currentLanguage() === 'de' ? `${day}.` : day;
};

/** 'Sa., 28.03.2026' of a calendar date, in the reader's language. */
export const dayLabel = (date: string): string =>
  longDayFmt(intlLocale(currentLanguage())).format(new Date(`${date}T12:00:00Z`));
export const addDays = (date: string, n: number): string =>
  new Date(Date.parse(`${date}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** How a booking reads: 'Sa., 28.03.2026, 09:00–11:00' or 'Fr., 10.04.2026 – So., 12.04.2026'. */
export function describe(b: {
  mode: 'slots' | 'days';
  starts_at: string;
  ends_at: string;
  check_in?: string | null;
  check_out?: string | null;
}): string {
  if (b.mode === 'days' && b.check_in && b.check_out) return `${dayLabel(b.check_in)} – ${dayLabel(b.check_out)}`;
  return `${dayLabel(berlinDay(b.starts_at))}, ${berlinTime(b.starts_at)}–${berlinTime(b.ends_at)}`;
}
