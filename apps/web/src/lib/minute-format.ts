import { config } from '@/config';

/**
 * A formatter of a date and time to the minute on a 24-hour clock, in the install's zone
 * (Europe/Berlin) whatever the device's: the resident app's times, the back office's date-time
 * inputs, the craftsman's appointments.
 */
export function minuteFormat(locale: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, {
    timeZone: config.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}
