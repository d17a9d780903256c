import { config } from '@/config';

const formatter = new Intl.DateTimeFormat('de-DE', {
  timeZone: config.timeZone,
  hour: '2-digit',
  minute: '2-digit',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hourCycle: 'h23',
});

/** product §5.10: `HH:mm, DD.MM.YYYY`, always in Europe/Berlin whatever the device's zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.hour}:${parts.minute}, ${parts.day}.${parts.month}.${parts.year}`;
}

/** `DD.MM.YYYY` in Europe/Berlin, for a day such as the end of a notice. */
export function formatDate(iso: string): string {
  return formatDateTime(iso).split(', ')[1] ?? '';
}
