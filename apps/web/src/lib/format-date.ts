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
 * product §5.10: `HH:mm, DD.MM.YYYY`, always in Europe/Berlin whatever the device's zone. Another
 * language gets its own order and separators, in Berlin time too.
 */
export function formatDateTime(iso: string, language: Language = currentLanguage()): string {
  const date = valid(iso);
  if (!date) return '';
  if (language !== 'de') return formatsOf(language).dateTime.format(date);
  const parts = Object.fromEntries(german.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.hour}:${parts.minute}, ${parts.day}.${parts.month}.${parts.year}`;
}

/** `DD.MM.YYYY` in Europe/Berlin, for a day such as the end of a notice. */
export function formatDate(iso: string, language: Language = currentLanguage()): string {
  if (language !== 'de') {
    const date = valid(iso);
    return date ? formatsOf(language).date.format(date) : '';
  }
  return formatDateTime(iso, 'de').split(', ')[1] ?? '';
}

/** `HH:mm` on a 24-hour clock in Europe/Berlin, for a line such as 'Abgeholt am 07.12.2026, 16:48'. */
export function formatTime(iso: string): string {
  return formatDateTime(iso, 'de').split(', ')[0] ?? '';
}
