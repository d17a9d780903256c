import { minuteFormat } from '@/lib/minute-format';
import { craftsmanDe as s, fill } from '@/i18n/craftsman';

// An appointment is a date and time on the building site, so always Europe/Berlin, whatever zone
// the craftsman's phone is set to. The API takes it as `YYYY-MM-DDTHH:mm` in Berlin time.

const parts = minuteFormat('de-DE');

// Written out, not from Intl: engines disagree on 'Di' and 'Di.'.
const WEEKDAYS = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'];
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;

interface BerlinTime {
  /** `YYYY-MM-DD`, as `<input type="date">` takes it. */
  date: string;
  /** `HH:mm`, as `<input type="time">` takes it. */
  time: string;
  /** `Dienstag, 01.12.2026`. */
  label: string;
}

/**
 * The date and time in Berlin of a moment the server sends: an ISO time with a zone (`…Z`,
 * `…+01:00`) is converted; a local one without a zone is taken as Berlin time already.
 */
export function berlinTime(value: string): BerlinTime | null {
  let y: string, mo: string, d: string, h: string, mi: string;
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(value)) {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return null;
    const p = Object.fromEntries(parts.formatToParts(date).map((part) => [part.type, part.value]));
    [y, mo, d, h, mi] = [p.year!, p.month!, p.day!, p.hour!, p.minute!];
  } else {
    const m = LOCAL.exec(value);
    if (!m) return null;
    [, y, mo, d, h, mi] = m as unknown as [string, string, string, string, string, string];
  }
  const weekday = WEEKDAYS[new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d))).getUTCDay()];
  return { date: `${y}-${mo}-${d}`, time: `${h}:${mi}`, label: `${weekday}, ${d}.${mo}.${y}` };
}

/** `Dienstag, 01.12.2026, 09:30 Uhr`, or the raw value when it cannot be read. */
export function formatAppointment(value: string): string {
  const at = berlinTime(value);
  return at ? fill(s.appointmentAt, { date: at.label, time: at.time }) : value;
}

/** `DD.MM.YYYY, HH:mm` of a timeline entry, in Berlin. */
export function formatMoment(value: string): string {
  const at = berlinTime(value);
  if (!at) return '';
  const [y, m, d] = at.date.split('-');
  return `${d}.${m}.${y}, ${at.time}`;
}

/** Today in Berlin as `YYYY-MM-DD`: the earliest day the date picker offers. */
export function berlinToday(now: Date = new Date()): string {
  return berlinTime(now.toISOString())!.date;
}

/** What the API takes: `YYYY-MM-DDTHH:mm`, or null when the date or the time is missing or malformed. */
export function localDateTime(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}/.test(time)) return null;
  return `${date}T${time.slice(0, 5)}`;
}

/** `DD.MM.YYYY` of a moment, in Berlin ('bleibt bis 07.01.2027 lesbar'). */
export function formatDay(value: string): string {
  return formatMoment(value).split(', ')[0] ?? '';
}
