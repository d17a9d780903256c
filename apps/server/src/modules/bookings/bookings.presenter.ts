import {
  BOOKING_STATUS_LABELS,
  parseTranslations,
  translated,
  type AdminBooking,
  type AdminBookingResource,
  type Booking,
  type BookingResource,
} from '@hausportal/contract';
import type { UrlSigner } from '../../lib/signing.js';
import { translationsOf } from '../../lib/translations.js';
import type { AdminBookingRow, BlockRow, BookingRow, ResourceRow } from './bookings.repository.js';

const HOUR = 3_600_000;

/** A shared room's photo and house rules: hourly shared links, like blackboard photos (ADR 005). */
const resourceFiles = (r: ResourceRow, signer: UrlSigner): Pick<BookingResource, 'photo' | 'house_rules_pdf'> => ({
  photo:
    r.photo_key && r.photo_thumbnail_key
      ? {
          url: signer.url(r.photo_key)!,
          thumbnail: signer.url(r.photo_thumbnail_key)!,
          width: r.photo_width,
          height: r.photo_height,
        }
      : null,
  house_rules_pdf: r.house_rules_key
    ? { url: signer.url(r.house_rules_key)!, name: r.house_rules_name ?? '', size: r.house_rules_size ?? 0 }
    : null,
});

/**
 * A resource's own fields as the API shows them (all but its files and blocks): its texts in
 * `language` where the management translated them, else German.
 */
function resourceFields(
  r: ResourceRow,
  language: string,
): Omit<BookingResource, 'photo' | 'house_rules_pdf' | 'blocks'> {
  const translations = parseTranslations<'name' | 'description' | 'house_rules' | 'fee_text'>(r.translations);
  const text = (field: 'name' | 'description' | 'house_rules' | 'fee_text') =>
    translated(translations, language, field, r[field]);
  return {
    id: r.id,
    location_id: r.location_id,
    name: text('name'),
    description: text('description'),
    house_rules: text('house_rules'),
    mode: r.mode,
    slot_minutes: r.slot_minutes,
    day_start: r.day_start,
    day_end: r.day_end,
    horizon_days: r.horizon_days,
    max_length: r.max_length,
    quota_count: r.quota_count,
    quota_period: r.quota_period,
    cancel_hours: r.cancel_hours,
    approval_required: Boolean(r.approval_required),
    fee_text: text('fee_text'),
    price_per_night_cents: r.price_per_night_cents,
  };
}

/** A resource as a resident reads it, in their language where translated. */
export function toResource(r: ResourceRow, blocks: BlockRow[], signer: UrlSigner, language = 'de'): BookingResource {
  return {
    ...resourceFields(r, language),
    ...resourceFiles(r, signer),
    blocks: blocks
      .filter((b) => b.resource_id === r.id)
      .map((b) => ({ id: b.id, starts_at: b.starts_at, ends_at: b.ends_at, reason: b.reason })),
  };
}

/** A resource as the back office reads it: the German texts and their translations. */
export const toAdminResource = (r: ResourceRow, blocks: BlockRow[], signer: UrlSigner): AdminBookingResource => ({
  ...toResource(r, blocks, signer),
  translations: translationsOf(r.translations),
});

/** Until when the resident may cancel: `cancel_hours` before the start. */
export const cancellableUntil = (b: { starts_at: string; cancel_hours: number }): number =>
  Date.parse(b.starts_at) - b.cancel_hours * HOUR;

/** A booking as its resident reads it, the resource named in `language` where translated. */
export function toBooking(b: BookingRow, language = 'de', now = Date.now()): Booking {
  const until = cancellableUntil(b);
  return {
    id: b.id,
    resource_id: b.resource_id,
    resource_name: translated(parseTranslations(b.resource_translations), language, 'name', b.resource_name),
    mode: b.mode,
    starts_at: b.starts_at,
    ends_at: b.ends_at,
    check_in: b.check_in,
    check_out: b.check_out,
    status: b.status,
    status_label: BOOKING_STATUS_LABELS[b.status],
    decision_reason: b.decision_reason,
    note: b.note,
    cancellable_until: new Date(until).toISOString(),
    can_cancel: (b.status === 'pending' || b.status === 'approved') && now <= until,
    created_at: b.created_at,
  };
}

export function toAdminBooking(b: AdminBookingRow): AdminBooking {
  return {
    ...toBooking(b),
    user_id: b.user_id,
    resident_name: b.resident_name ?? '',
    apartment_number: b.apartment_number,
    location_id: b.location_id,
  };
}

/**
 * What the audit log keeps of a resource: its fields as the API shows them, but the id and the
 * location (the entry names both) and the long texts.
 */
export function resourceSnapshot(r: ResourceRow) {
  const {
    id: _id,
    location_id: _location,
    description: _description,
    house_rules: _rules,
    ...kept
  } = resourceFields(r, 'de');
  return kept;
}
