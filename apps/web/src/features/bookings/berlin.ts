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

// Calendar dates ('YYYY-MM-DD') are read at noon UTC, so no zone moves them to another day.
const noon = (date: string) => new Date(`${date}T12:00:00Z`);
const calendarFmts = new Map<string, Intl.DateTimeFormat>();
const calendarFmt = (name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const locale = intlLocale(currentLanguage());
  const key = `${locale}|${name}`;
  let fmt = calendarFmts.get(key);
  if (!fmt) calendarFmts.set(key, (fmt = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options })));
  return fmt;
};

/** 'Fr 11.12.' in German; elsewhere the language's short weekday with day and month ('Fri 11/12'). */
export function shortDay(date: string): string {
  if (currentLanguage() === 'de') {
    const weekday = calendarFmt('weekday', { weekday: 'short' }).format(noon(date)).replace(/\.$/, '');
    return `${weekday} ${date.slice(8, 10)}.${date.slice(5, 7)}.`;
  }
  return calendarFmt('shortDay', { weekday: 'short', day: 'numeric', month: 'numeric' }).format(noon(date));
}

/** The whole date, as a screen reader says it: 'Freitag, 11. Dezember 2026'. */
export const fullDate = (date: string): string =>
  calendarFmt('full', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(noon(date));

/** 'Dezember 2026' of a month ('YYYY-MM'). */
export const monthLabel = (month: string): string =>
  calendarFmt('month', { month: 'long', year: 'numeric' }).format(noon(`${month}-15`));

/**
 * The German week's days, Monday first, as a column head shows them (short: 'Mo'; a single
 * letter where the language has no short form that fits, as Arabic) and as a screen reader says
 * them ('Montag').
 */
export function weekdayNames(): { short: string; long: string }[] {
  // 1 January 2024 was a Monday.
  return Array.from({ length: 7 }, (_, i) => {
    const date = noon(addDays('2024-01-01', i).slice(0, 10));
    const short = calendarFmt('weekday', { weekday: 'short' }).format(date).replace(/\.$/, '');
    return {
      short: short.length <= 3 ? short : calendarFmt('narrow', { weekday: 'narrow' }).format(date),
      long: calendarFmt('long', { weekday: 'long' }).format(date),
    };
  });
}

/** 0 for Monday … 6 for Sunday. */
export const weekdayOf = (date: string): number => (noon(date).getUTCDay() + 6) % 7;
/** Calendar days from `a` to `b` (nights of a stay from arrival to departure). */
export const daysBetween = (a: string, b: string): number => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);
/** The month of a date, 'YYYY-MM'. */
export const monthOf = (date: string): string => date.slice(0, 7);
/** `month` plus `n` months. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
/** How many days a month has. */
export const daysInMonth = (month: string): number => daysBetween(`${month}-01`, `${addMonths(month, 1)}-01`);

const euroFmts = new Map<string, Intl.NumberFormat>();
/** Euro cents as the reader's language writes them: '50 €' for whole euros, '12,50 €' otherwise. */
export function formatEuros(cents: number): string {
  const whole = cents % 100 === 0;
  const key = `${intlLocale(currentLanguage())}|${whole}`;
  let fmt = euroFmts.get(key);
  if (!fmt) {
    fmt = new Intl.NumberFormat(intlLocale(currentLanguage()), {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    euroFmts.set(key, fmt);
  }
  return fmt.format(cents / 100);
}
