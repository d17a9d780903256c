import type { Language } from '@hausportal/contract';
import { config } from '@/config';
import { currentLanguage, intlLocale } from '@/i18n';
import { minuteFormat } from './minute-format';

const german = minuteFormat('de-DE');

const others = new Map<Language, { dateTime: Intl.DateTimeFormat; date: Intl.DateTimeFormat }>();
function formatsOf(language: Language) {
  let formats = others.get(language);
  if (!formats) {
    const locale = intlLocale(language);
    const date = { timeZone: config.timeZone, day: '2-digit', month: '2-digit', year: 'numeric' } as const;
    formats = {
      dateTime: new Intl.DateTimeFormat(locale, { ...date, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
      date: new Intl.DateTimeFormat(locale, date),
    };
    others.set(language, formats);
  }
  return formats;
}

const valid = (iso: string): Date | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * `DD.MM.YYYY, HH:mm`, always in Europe/Berlin whatever the device's zone: the date first, as
 * German readers scan (issue 33; product §5.10 had the time first). Another language gets its own
 * order and separators, in Berlin time too, and every one of them puts the date first.
 */
export function formatDateTime(iso: string, language: Language = currentLanguage()): string {
  const date = valid(iso);
  if (!date) return '';
  if (language !== 'de') return formatsOf(language).dateTime.format(date);
  const parts = Object.fromEntries(german.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.day}.${parts.month}.${parts.year}, ${parts.hour}:${parts.minute}`;
}

/** `DD.MM.YYYY` in Europe/Berlin, for a day such as the end of a notice. */
export function formatDate(iso: string, language: Language = currentLanguage()): string {
  if (language !== 'de') {
    const date = valid(iso);
    return date ? formatsOf(language).date.format(date) : '';
  }
  return formatDateTime(iso, 'de').split(', ')[0] ?? '';
}

/** `HH:mm` on a 24-hour clock in Europe/Berlin, for a line such as 'Abgeholt am 07.12.2026, 16:48'. */
export function formatTime(iso: string): string {
  return formatDateTime(iso, 'de').split(', ')[1] ?? '';
}

const berlinDay = new Intl.DateTimeFormat('sv-SE', {
  timeZone: config.timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** The Berlin calendar day of a moment, counted in days since 1970 ('YYYY-MM-DD' as UTC midnight). */
const dayNumber = (date: Date) => Date.parse(`${berlinDay.format(date)}T00:00:00Z`) / 86_400_000;

/**
 * A moment of the last two days as 'heute, 16:48' or 'gestern, 16:48' (in the reader's language:
 * 'today, 16:48', 'اليوم، 16:48'), anything older as `formatDateTime`: for lists and posts, where
 * recent is what counts.
 */
export function formatRecent(iso: string, language: Language = currentLanguage(), now: Date = new Date()): string {
  const date = valid(iso);
  if (!date) return '';
  const daysAgo = dayNumber(now) - dayNumber(date);
  if (daysAgo !== 0 && daysAgo !== 1) return formatDateTime(iso, language);
  const locale = intlLocale(language);
  const day = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-daysAgo, 'day');
  const time = new Intl.DateTimeFormat(locale, {
    timeZone: config.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  return `${day}${language === 'ar' ? '، ' : ', '}${time}`;
}
