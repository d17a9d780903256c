import { z } from 'zod';
import { bodyId, contentTranslations, requiredTrimmedText, storedTranslations, textId, trimmedText } from './fields.js';
import { listQuery } from './schemas.js';

// Bookings ('Buchen', ADR 029): managers set up shared resources per location (a guest
// flat by whole days, a laundry room by time slots); residents book them, see free and taken
// times without names, cancel before a deadline and follow their bookings in their calendar.

export const BOOKING_MODES = ['slots', 'days'] as const;
export type BookingMode = (typeof BOOKING_MODES)[number];
export const BOOKING_STATUSES = ['pending', 'approved', 'refused', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Wartet auf Freigabe',
  approved: 'Gebucht',
  refused: 'Abgelehnt',
  cancelled: 'Storniert',
};
export const QUOTA_PERIODS = ['week', 'month'] as const;
/** What a resident sees of a slot: never who booked it. */
export const SLOT_STATES = ['free', 'taken', 'mine', 'blocked', 'past'] as const;
/** The longest window one availability request may span. */
export const AVAILABILITY_MAX_DAYS = 31;

export const BOOKING_NOT_ON_GRID = 'Bitte einen Zeitraum wählen, der auf den Zeitfenstern der Ressource liegt.';
export const BOOKING_IN_PAST = 'Dieser Zeitraum liegt in der Vergangenheit.';
export const BOOKING_BEYOND_HORIZON = (days: number) =>
  `Diese Ressource kann höchstens ${days} Tage im Voraus gebucht werden.`;
export const BOOKING_TOO_LONG = (max: number, mode: BookingMode) =>
  mode === 'days' ? `Höchstens ${max} Nächte am Stück.` : `Höchstens ${max} Zeitfenster am Stück.`;
export const BOOKING_QUOTA = (count: number, period: 'week' | 'month') =>
  `Ihr Haushalt hat in ${period === 'week' ? 'dieser Woche' : 'diesem Monat'} schon ${count} ${count === 1 ? 'Buchung' : 'Buchungen'} für diese Ressource.`;
export const BOOKING_TAKEN = (when: string) => `Dieser Zeitraum ist bereits gebucht: ${when}.`;
export const BOOKING_BLOCKED = (when: string, reason: string) =>
  `Die Ressource ist in diesem Zeitraum gesperrt: ${when}${reason ? ` (${reason})` : ''}.`;
export const BOOKING_DEADLINE_PASSED = (hours: number) =>
  `Eine Buchung kann nur bis ${hours} Stunden vor Beginn storniert werden. Bitte wenden Sie sich an die Hausverwaltung.`;
export const BOOKING_NOT_ACTIVE = 'Diese Buchung ist nicht mehr aktiv.';
export const BOOKING_NOT_PENDING = 'Diese Buchung wartet nicht auf Freigabe.';
export const BOOKING_DAY_RANGE = 'Der Tagesbeginn muss vor dem Tagesende liegen.';
export const BOOKING_END_BEFORE_START = 'Das Ende muss nach dem Beginn liegen.';

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Bitte eine Uhrzeit wie 07:00 angeben.' });
/** The years a booking's date may fall in: past them nobody books, and the calendar arithmetic ends. */
export const BOOKING_YEARS = { from: 2000, to: 2100 } as const;
const YEARS_MESSAGE = `Bitte ein Datum zwischen ${BOOKING_YEARS.from} und ${BOOKING_YEARS.to} angeben.`;
const inYears = (iso: string) => {
  const year = Number(iso.slice(0, 4));
  return year >= BOOKING_YEARS.from && year <= BOOKING_YEARS.to;
};
const day = z.iso.date({ error: 'Bitte ein Datum wie 2026-03-28 angeben.' }).refine(inYears, { error: YEARS_MESSAGE });
const instant = z.iso
  .datetime({ offset: true, error: 'Bitte einen Zeitpunkt im ISO-8601-Format angeben.' })
  .refine(inYears, { error: YEARS_MESSAGE });
const count = (min: number, max: number) =>
  z
    .number({ error: `Eine ganze Zahl von ${min} bis ${max}.` })
    .int({ error: `Eine ganze Zahl von ${min} bis ${max}.` })
    .min(min, { error: `Eine ganze Zahl von ${min} bis ${max}.` })
    .max(max, { error: `Eine ganze Zahl von ${min} bis ${max}.` });

/** The highest price per night a resource may have, in euro cents (10,000 €). */
export const PRICE_PER_NIGHT_MAX_CENTS = 1_000_000;
const PRICE_MESSAGE = 'Ein Preis in Cent von 0 bis 1000000 (10.000 €).';
const cents = z
  .number({ error: PRICE_MESSAGE })
  .int({ error: PRICE_MESSAGE })
  .min(0, { error: PRICE_MESSAGE })
  .max(PRICE_PER_NIGHT_MAX_CENTS, { error: PRICE_MESSAGE });

/** A manager's resource form. */
export const bookingResourceInput = z
  .object({
    location_id: bodyId,
    name: requiredTrimmedText(120),
    description: trimmedText(5000).default(''),
    house_rules: trimmedText(10_000).default(''),
    mode: z.enum(BOOKING_MODES, { error: "Erlaubt sind 'slots' oder 'days'." }),
    slot_minutes: count(15, 720).default(120),
    day_start: timeOfDay.default('07:00'),
    day_end: timeOfDay.default('22:00'),
    horizon_days: count(1, 730).default(60),
    max_length: count(1, 60).default(1),
    quota_count: count(1, 100).nullable().default(null),
    quota_period: z.enum(QUOTA_PERIODS, { error: "Erlaubt sind 'week' oder 'month'." }).default('week'),
    cancel_hours: count(0, 720).default(24),
    approval_required: z.boolean().default(false),
    fee_text: trimmedText(500).default(''),
    /** Name, description, house rules and fee in other languages; left out on an update: unchanged. */
    translations: contentTranslations({ name: 120, description: 5000, house_rules: 10_000, fee_text: 500 }).optional(),
    price_per_night_cents: cents.nullable().default(null),
  })
  .refine((v) => v.mode === 'days' || v.day_start < v.day_end, { path: ['day_end'], error: BOOKING_DAY_RANGE });
export type BookingResourceInput = z.infer<typeof bookingResourceInput>;

export const bookingBlock = z.object({
  id: z.number(),
  starts_at: z.string(),
  ends_at: z.string(),
  reason: z.string(),
});

/** A resource's photo: signed, expiring links (ADR 005) to the photo and its 400 px square thumbnail. */
export const bookingResourcePhoto = z.object({
  url: z.string(),
  thumbnail: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type BookingResourcePhoto = z.infer<typeof bookingResourcePhoto>;
/** The house rules as a PDF: a signed link, the name it was uploaded as and its size in bytes. */
export const bookingResourcePdf = z.object({ url: z.string(), name: z.string(), size: z.number() });
export type BookingResourcePdf = z.infer<typeof bookingResourcePdf>;
/** `PUT /api/admin/booking-resources/{id}/photo/` and `…/house-rules/`: only the file in `file`. */
export const bookingResourceFileForm = z.object({});

export const bookingResource = z.object({
  id: z.number(),
  location_id: z.number(),
  name: z.string(),
  description: z.string(),
  house_rules: z.string(),
  mode: z.enum(BOOKING_MODES),
  slot_minutes: z.number(),
  day_start: z.string(),
  day_end: z.string(),
  horizon_days: z.number(),
  max_length: z.number(),
  quota_count: z.number().nullable(),
  quota_period: z.enum(QUOTA_PERIODS),
  cancel_hours: z.number(),
  approval_required: z.boolean(),
  fee_text: z.string(),
  /** A day resource's price per night in euro cents; null where only the fee text says what it costs. */
  price_per_night_cents: z.number().nullable(),
  photo: bookingResourcePhoto.nullable(),
  house_rules_pdf: bookingResourcePdf.nullable(),
  blocks: z.array(bookingBlock),
});
export type BookingResource = z.infer<typeof bookingResource>;

/** A resource as the back office reads it: German fields and their translations. */
export const adminBookingResource = bookingResource.extend({ translations: storedTranslations });
export type AdminBookingResource = z.infer<typeof adminBookingResource>;

export const availabilityQuery = z.object({
  from: day,
  days: z.coerce
    .number({ error: `Eine ganze Zahl von 1 bis ${AVAILABILITY_MAX_DAYS}.` })
    .int({ error: `Eine ganze Zahl von 1 bis ${AVAILABILITY_MAX_DAYS}.` })
    .min(1, { error: `Eine ganze Zahl von 1 bis ${AVAILABILITY_MAX_DAYS}.` })
    .max(AVAILABILITY_MAX_DAYS, { error: `Eine ganze Zahl von 1 bis ${AVAILABILITY_MAX_DAYS}.` })
    .default(7),
});
export const availabilitySlot = z.object({
  starts_at: z.string(),
  ends_at: z.string(),
  state: z.enum(SLOT_STATES),
});
export const availability = z.object({
  resource_id: z.number(),
  mode: z.enum(BOOKING_MODES),
  days: z.array(z.object({ date: z.string(), slots: z.array(availabilitySlot) })),
});
export type Availability = z.infer<typeof availability>;

/** A booking: slots by start and end instant; days by check-in and check-out date. */
export const bookingCreate = z.object({
  resource_id: bodyId,
  starts_at: instant.optional(),
  ends_at: instant.optional(),
  check_in: day.optional(),
  check_out: day.optional(),
  note: trimmedText(500).default(''),
});

export const booking = z.object({
  id: z.number(),
  resource_id: z.number(),
  resource_name: z.string(),
  mode: z.enum(BOOKING_MODES),
  starts_at: z.string(),
  ends_at: z.string(),
  check_in: z.string().nullable(),
  check_out: z.string().nullable(),
  status: z.enum(BOOKING_STATUSES),
  status_label: z.string(),
  decision_reason: z.string(),
  note: z.string(),
  cancellable_until: z.string(),
  can_cancel: z.boolean(),
  created_at: z.string(),
});
export type Booking = z.infer<typeof booking>;

/** What managers see: who booked it too. */
export const adminBooking = booking.extend({
  user_id: z.number().nullable(),
  resident_name: z.string(),
  apartment_number: z.string(),
  location_id: z.number(),
});
export type AdminBooking = z.infer<typeof adminBooking>;

export const myBookingsQuery = listQuery.extend({ past: z.enum(['true', 'false']).default('false') });
export const adminBookingsQuery = listQuery.extend({
  from: day.optional(),
  days: z.coerce.number().int().min(1).max(AVAILABILITY_MAX_DAYS).default(7),
  status: z.enum(BOOKING_STATUSES).optional(),
  resource_id: textId.optional(),
});
export const bookingDecision = z.object({ reason: trimmedText(1000).default('') });
export const bookingRefusal = z.object({ reason: requiredTrimmedText(1000) });
export const bookingCancellation = z.object({ message: trimmedText(1000).default('') });
export const bookingBlockInput = z
  .object({ starts_at: instant, ends_at: instant, reason: trimmedText(500).default('') })
  .refine((v) => Date.parse(v.ends_at) > Date.parse(v.starts_at), {
    path: ['ends_at'],
    error: BOOKING_END_BEFORE_START,
  });

export const calendarFeed = z.object({
  active: z.boolean(),
  url: z.string().nullable(),
  created_at: z.string().nullable(),
});
export const bookingUsageQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Bitte einen Monat wie 2026-03 angeben.' }),
});
export const bookingUsage = z.object({
  month: z.string(),
  resources: z.array(
    z.object({
      resource_id: z.number(),
      name: z.string(),
      location_id: z.number(),
      bookings: z.number(),
      hours: z.number(),
      households: z.number(),
    }),
  ),
});
