import ical from 'ical-generator';
import type { BookingRow } from './bookings.repository.js';

/**
 * iCalendar of bookings (RFC 5545), for 'Zum Kalender hinzufügen' and the secret feed. Slot
 * bookings are timed events in UTC; day bookings are all-day events from check-in to check-out
 * (DTEND is exclusive, so the departure day is free for the next guest).
 */
export function bookingsCalendar(rows: BookingRow[], host: string, name = 'Meine Buchungen'): string {
  const cal = ical({ name, prodId: { company: 'Hausportal', product: 'Buchungen', language: 'DE' } });
  for (const b of rows) {
    const common = {
      id: `booking-${b.id}@${host}`,
      summary: b.status === 'pending' ? `${b.resource_name} (wartet auf Freigabe)` : b.resource_name,
      description: b.note || null,
      stamp: new Date(b.created_at),
    };
    if (b.mode === 'days' && b.check_in && b.check_out) {
      cal.createEvent({ ...common, allDay: true, start: dateOnly(b.check_in), end: dateOnly(b.check_out) });
    } else {
      cal.createEvent({ ...common, start: new Date(b.starts_at), end: new Date(b.ends_at) });
    }
  }
  return cal.toString();
}

/** An all-day date: ical-generator writes the UTC date of a Date for all-day events. */
const dateOnly = (date: string): Date => new Date(`${date}T12:00:00Z`);
