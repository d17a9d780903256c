import { createHash, randomInt } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import {
  IDEMPOTENCY_KEY_PATTERN,
  PARCEL_PHOTO_FIELD,
  PARCEL_REMINDER_DAYS,
  type ParcelCreate,
} from '@hausportal/contract';
import type { AppContext } from '../../context.js';
import { inTransaction, isUniqueViolation, type DB } from '../../db/database.js';
import { recordChange } from '../audit/audit.js';
import { ApiError, fieldError, nonFieldError, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { checkUpload, thumbnail, type FormFile } from '../../lib/uploads.js';
import { requireDesk, type Resident } from '../auth/policies.js';
import { raise } from '../../events/bus.js';
import * as repo from './parcels.repository.js';

const DAY = 86_400_000;
const BERLIN = 'Europe/Berlin';
const KEY_MISSING = 'Bitte senden Sie das Paket mit einem Idempotency-Key (8 bis 100 Zeichen: A–Z, a–z, 0–9, - und _).';
const KEY_TAKEN = 'Dieser Idempotency-Key gehört zu einem anderen Paket.';
const NO_APARTMENT = 'Diese Wohnung gibt es an Ihrem Standort nicht.';
export const WRONG_CODE = 'Der Abholcode passt nicht zu dieser Wohnung.';
export const NOTHING_OPEN = 'Für diese Wohnung liegen keine offenen Pakete vor.';

/** The receptionist at the desk, with the address the audit log keeps. */
export type Desk = Resident & { ip: string };

/** An apartment number of the receptionist's location, or the field's German 400. */
async function apartmentOf(db: DB, desk: Resident, given: string, field = 'apartment'): Promise<string> {
  const number = await repo.findApartment(db, desk.locationId, given);
  if (!number) throw fieldError(field, NO_APARTMENT);
  return number;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** The fingerprint of a parcel as sent: a retry with the same key must send the same parcel (and photo). */
const requestHash = (apartment: string, input: ParcelCreate, photo: FormFile | null) =>
  sha256(
    JSON.stringify([
      apartment,
      input.carrier,
      input.pieces,
      input.storage_place,
      input.note,
      ...(photo ? [sha256(photo.data)] : []),
      // Only when given, so a parcel without one keeps the fingerprint it had before the field.
      ...(input.tracking_number ? [{ tracking_number: input.tracking_number }] : []),
    ]),
  );

/**
 * Checks and stores a label photo: an image by its magic bytes, re-encoded (which drops EXIF and
 * GPS data), with a thumbnail for the lists. Returns the keys, or null without a photo.
 */
async function storeLabel(ctx: AppContext, photo: FormFile | null) {
  if (!photo) return null;
  const checked = await checkUpload(photo.data, photo.filename, PARCEL_PHOTO_FIELD, ['image']);
  const label_key = await ctx.storage.put('parcels', checked.ext, checked.data);
  try {
    return {
      label_key,
      label_thumbnail_key: await ctx.storage.put('thumbs', 'webp', await thumbnail(checked.data, 400)),
    };
  } catch (err) {
    await ctx.storage.remove(label_key).catch(() => undefined);
    throw err;
  }
}

/** A random 4-digit code not in use at the location (so the code alone names one apartment there). */
async function drawCode(db: DB, locationId: number): Promise<string> {
  const used = await repo.codesInUse(db, locationId);
  for (let i = 0; i < 50; i++) {
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    if (!used.has(code)) return code;
  }
  // A location with thousands of waiting apartments: a shared code is still only a desk check.
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

/**
 * The receptionist logs a parcel, optionally with a photo of its label: the row, the apartment's
 * pickup code (drawn with its first open parcel), the audit entry and the residents' 'Paket an der
 * Rezeption', in one transaction. The same Idempotency-Key logs one parcel (a tablet on bad Wi-Fi
 * retries): a repeat gets it back before any photo is stored, so a retry stores no second file; two
 * copies racing each other store theirs, and the loser removes it again.
 */
export async function logParcel(
  ctx: AppContext,
  desk: Desk,
  input: ParcelCreate,
  key: string | undefined,
  photo: FormFile | null = null,
): Promise<{ id: number; created: boolean }> {
  const { db } = ctx;
  requireDesk(desk);
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw nonFieldError(KEY_MISSING);
  const apartment = await apartmentOf(db, desk, input.apartment);
  const sha = requestHash(apartment, input, photo);
  const replay = async () => {
    const earlier = await repo.findByIdempotencyKey(db, desk.id, key);
    if (!earlier) return null;
    if (earlier.request_sha256 !== sha) throw new ApiError(409, { detail: KEY_TAKEN });
    return { id: earlier.id, created: false };
  };
  const earlier = await replay();
  if (earlier) return earlier;
  await ctx.writes.take('parcel', desk.id);
  const code = await drawCode(db, desk.locationId);
  const label = await storeLabel(ctx, photo);
  try {
    const id = await inTransaction(db, async (trx) => {
      const now = nowIso();
      const parcelId = await repo.insertParcel(trx, {
        location_id: desk.locationId,
        apartment_number: apartment,
        carrier: input.carrier,
        pieces: input.pieces,
        storage_place: input.storage_place,
        note: input.note,
        tracking_number: input.tracking_number,
        status: 'open',
        logged_by: desk.id,
        logged_at: now,
        handover_note: '',
        idempotency_key: key,
        request_sha256: sha,
        ...label,
      });
      await repo.insertCode(trx, desk.locationId, apartment, code, now);
      await recordChange(trx, {
        actor: desk,
        action: 'parcel_logged',
        entity: { type: 'parcel', id: parcelId, locationId: desk.locationId },
        details: { apartment, carrier: input.carrier, pieces: input.pieces, label_photo: label !== null },
      });
      await raise(trx, ctx, {
        type: 'parcel.logged',
        locationId: desk.locationId,
        parcelId,
        apartmentNumber: apartment,
        carrier: input.carrier,
        pieces: input.pieces,
      });
      return parcelId;
    });
    ctx.events.kick();
    return { id, created: true };
  } catch (err) {
    if (label) await Promise.all(Object.values(label).map((k) => ctx.storage.remove(k).catch(() => undefined)));
    if (isUniqueViolation(err)) {
      const again = await replay();
      if (again) return again;
    }
    throw err;
  }
}

export interface HandoverInput {
  apartment: string;
  code?: string;
  note: string;
  ids?: number[];
}

/**
 * Hands an apartment's open parcels (all, or the selected ids) over: with the pickup code, or
 * without it with a note naming who took them. The code is removed with the last open parcel.
 * 4 digits are guessable, so only the reception calls this; the code is a check at the desk.
 */
export async function handOver(ctx: AppContext, desk: Desk, input: HandoverInput): Promise<number[]> {
  const { db } = ctx;
  requireDesk(desk);
  const apartment = await apartmentOf(db, desk, input.apartment);
  if (input.code !== undefined) {
    const code = await repo.findCode(db, desk.locationId, apartment);
    if (code === null) throw fieldError('apartment', NOTHING_OPEN);
    if (code !== input.code) throw fieldError('code', WRONG_CODE);
  }
  const handed = await inTransaction(db, async (trx) => {
    const open = await repo.openParcelsOf(trx, desk.locationId, apartment, input.ids);
    if (input.ids && open.length !== new Set(input.ids).size) throw notFound();
    if (!open.length) throw fieldError('apartment', NOTHING_OPEN);
    const ids = open.map((p) => p.id);
    const at = nowIso();
    await repo.markHandedOver(trx, ids, desk.id, at, input.note);
    if ((await repo.countOpen(trx, desk.locationId, apartment)) === 0)
      await repo.deleteCode(trx, desk.locationId, apartment);
    await recordChange(trx, {
      actor: desk,
      action: 'parcel_handed_over',
      entity: { type: 'parcel', id: ids[0], locationId: desk.locationId },
      details: { apartment, ids, with_code: input.code !== undefined, note: input.note },
    });
    await raise(trx, ctx, { type: 'parcel.picked_up', locationId: desk.locationId, parcelIds: ids });
    return ids;
  });
  ctx.events.kick();
  return handed;
}

/**
 * The reminder after 3 days: each open parcel is claimed with a compare-and-set on reminded_at,
 * so two processes running the job remind once. One reminder per apartment and run.
 */
export async function remindWaitingParcels(ctx: AppContext, now = Date.now()): Promise<number> {
  const due = await repo.dueReminders(ctx.db, new Date(now - PARCEL_REMINDER_DAYS * DAY).toISOString());
  let sent = 0;
  const byApartment = new Map<string, typeof due>();
  for (const p of due) {
    const k = `${p.location_id}\u0000${p.apartment_number}`;
    byApartment.set(k, [...(byApartment.get(k) ?? []), p]);
  }
  for (const parcels of byApartment.values()) {
    await inTransaction(ctx.db, async (trx) => {
      const at = new Date(now).toISOString();
      const claimed = [];
      for (const p of parcels) if (await repo.claimReminder(trx, p.id, at)) claimed.push(p);
      if (!claimed.length) return;
      const first = claimed[0]!;
      await raise(trx, ctx, {
        type: 'parcel.reminder',
        locationId: first.location_id,
        apartmentNumber: first.apartment_number,
        pieces: claimed.reduce((n, p) => n + p.pieces, 0),
      });
      sent++;
    });
  }
  if (sent) ctx.events.kick();
  return sent;
}

/** The UTC start of a Berlin calendar date (`2026-03-29` starts at 2026-03-28T23:00Z). */
export function berlinDayStart(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, BERLIN).getTime()).toISOString();
}

/** The UTC start of the Berlin date after `date`. */
export function berlinDayEnd(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d + 1, BERLIN).getTime()).toISOString();
}

/** The Berlin date of a UTC instant. */
export const berlinDate = (iso: string) => format(new TZDate(iso, BERLIN), 'yyyy-MM-dd');

/** Parcels logged and handed over per Berlin date from `from` to `to` (both included, at most a year). */
export async function dailyCounts(db: DB, locationIds: number[], from: string, to: string) {
  if (to < from) throw fieldError('to', 'Das Enddatum liegt vor dem Anfangsdatum.');
  const days: string[] = [];
  for (let d = from; d <= to && days.length <= 366; d = berlinDate(berlinDayEnd(d))) days.push(d);
  if (days.length > 366) throw fieldError('to', 'Höchstens ein Jahr auf einmal.');
  const { logged, handed } = await repo.timesBetween(db, locationIds, berlinDayStart(from), berlinDayEnd(to));
  const counts = new Map(days.map((d) => [d, { date: d, logged: 0, handed_over: 0 }]));
  for (const at of logged) counts.get(berlinDate(at))!.logged++;
  for (const at of handed) counts.get(berlinDate(at))!.handed_over++;
  return [...counts.values()];
}
