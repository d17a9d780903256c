import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { de } from 'date-fns/locale';
import { INTL_LOCALES, type Language } from '@hausportal/contract';

const ZONE = 'Europe/Berlin';

/** How a language writes Berlin times (dates are stored in UTC and read in Europe/Berlin). */
export interface BerlinFormat {
  /** '28.03.2026, 14:05' */
  dateTime(at: string | number): string;
  /** '28.03.2026' */
  date(at: string | number): string;
  /** A day with its weekday: 'Sa., 28.03.2026' */
  day(at: string | number): string;
  /** '10:00' */
  clock(at: string | number): string;
}

const berlin = (at: string | number) => new TZDate(new Date(at).getTime(), ZONE);

/** German puts the date first (DD.MM.YYYY, HH:mm; issue 33), as the app's screens do. */
const german: BerlinFormat = {
  dateTime: (at) => format(berlin(at), 'dd.MM.yyyy, HH:mm'),
  date: (at) => format(berlin(at), 'dd.MM.yyyy'),
  day: (at) => format(berlin(at), 'EEE, dd.MM.yyyy', { locale: de }),
  clock: (at) => format(berlin(at), 'HH:mm'),
};

function intlFormat(locale: string): BerlinFormat {
  const numeric = { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: ZONE } as const;
  const time = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: ZONE } as const;
  const dateTime = new Intl.DateTimeFormat(locale, { ...numeric, ...time });
  const date = new Intl.DateTimeFormat(locale, numeric);
  const day = new Intl.DateTimeFormat(locale, { ...numeric, weekday: 'short' });
  const clock = new Intl.DateTimeFormat(locale, time);
  const instant = (at: string | number) => new Date(at);
  return {
    dateTime: (at) => dateTime.format(instant(at)),
    date: (at) => date.format(instant(at)),
    day: (at) => day.format(instant(at)),
    clock: (at) => clock.format(instant(at)),
  };
}

const formats = new Map<Language, BerlinFormat>([['de', german]]);

/** The Berlin time formats of a language: German's own, the others' from Intl (ADR 031's locales). */
export function berlinFormat(language: Language): BerlinFormat {
  let f = formats.get(language);
  if (!f) formats.set(language, (f = intlFormat(INTL_LOCALES[language])));
  return f;
}

/**
 * How a period reads, in German by default: 'Sa., 28.03.2026, 10:00–12:00' or
 * 'Sa., 28.03.2026 – Mo., 30.03.2026' (whole days); in another language with its formats.
 */
export function describePeriod(
  mode: 'slots' | 'days',
  startsAt: string,
  endsAt: string,
  { day, clock, date }: BerlinFormat = german,
): string {
  const s = Date.parse(startsAt);
  const e = Date.parse(endsAt);
  if (mode === 'days') return `${day(s)} – ${day(e)}`;
  if (date(s) === date(e - 1)) return `${day(s)}, ${clock(s)}–${clock(e)}`;
  return `${day(s)}, ${clock(s)} – ${day(e)}, ${clock(e)}`;
}

const euroFormats = new Map<string, Intl.NumberFormat>();

/** An amount of euro cents as a language writes it: '50 €' (whole euros without cents), '12,50 €'. */
export function formatEuros(cents: number, language: Language): string {
  const whole = cents % 100 === 0;
  const key = `${language}|${whole}`;
  let f = euroFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(INTL_LOCALES[language], {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    euroFormats.set(key, f);
  }
  return f.format(cents / 100);
}
