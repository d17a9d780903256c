import { MAX_ID } from '@hausportal/contract';
import type { Insertable, SelectQueryBuilder } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';
import type { DB } from '../../db/database.js';
import { countsByLocation, idsOrNone, type PageWindow } from '../../db/paging.js';
import type { Database, ParcelTable } from '../../db/schema.js';
import { caseInsensitivePattern } from '../residents/residents.repository.js';

// Parcels at the reception (ADR 030): SQL only.

/** A parcel with the names of the staff who logged and handed it over (reception and back office). */
const withStaff = (q: SelectQueryBuilder<Database, 'parcels', object>) =>
  q
    .leftJoin('users as logger', 'logger.id', 'parcels.logged_by')
    .leftJoin('users as giver', 'giver.id', 'parcels.handed_over_by')
    .selectAll('parcels')
    .select(['logger.name as logged_by_name', 'giver.name as handed_over_by_name']);

export type ParcelRow = Awaited<ReturnType<typeof findParcels>>[number];

/** Parcels by id, with the staff names. */
export function findParcels(db: DB, ids: number[]) {
  return withStaff(db.selectFrom('parcels')).where('parcels.id', 'in', idsOrNone(ids)).orderBy('parcels.id').execute();
}

/** A parcel logged by `userId` under an idempotency key, if any. */
export function findByIdempotencyKey(db: DB, userId: number, key: string) {
  return db
    .selectFrom('parcels')
    .select(['id', 'request_sha256'])
    .where('logged_by', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function insertParcel(trx: DB, row: Insertable<ParcelTable>): Promise<number> {
  const r = await trx.insertInto('parcels').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** The apartment's resident accounts of a location that may hear of a parcel (active, not erased). */
export function apartmentResidents(db: DB, locationId: number, apartmentNumber: string) {
  return db
    .selectFrom('users')
    .select(['id', 'apartment_number'])
    .where('location_id', '=', locationId)
    .where('role', '=', 'resident')
    .where('apartment_number', '=', apartmentNumber)
    .where('is_active', '=', 1)
    .where('erased_at', 'is', null)
    .execute();
}

/** An apartment number of a location, found by number (case-insensitive) or by a resident account's id. */
export async function findApartment(db: DB, locationId: number, given: string): Promise<string | null> {
  let q = db
    .selectFrom('users')
    .select('apartment_number')
    .where('location_id', '=', locationId)
    .where('role', '=', 'resident')
    .where('erased_at', 'is', null);
  // An account id only where it can be one: past PostgreSQL's integer the number is no id.
  q =
    /^\d{1,10}$/.test(given) && Number(given) <= MAX_ID
      ? q.where((eb) => eb.or([eb('id', '=', Number(given)), eb('apartment_number', '=', given)]))
      : q.where(sql<boolean>`lower(apartment_number) = ${given.toLowerCase()}`);
  const row = await q.limit(1).executeTakeFirst();
  return row?.apartment_number ?? null;
}

/**
 * The type-ahead: apartments of the location whose number, or the name of one of whose active
 * residents, contains `q` (case ignored, beyond ASCII too), with their open parcels.
 */
export function searchApartments(db: DB, locationId: number, q: string, limit: number) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const pattern = caseInsensitivePattern(q, pg ? 'postgres' : 'sqlite');
  const contains = (column: 'users.apartment_number' | 'users.name') =>
    pg ? sql<boolean>`${sql.ref(column)} ~ ${pattern}` : sql<boolean>`${sql.ref(column)} glob ${pattern}`;
  return db
    .selectFrom('users')
    .select((eb) => [
      'users.apartment_number',
      eb
        .selectFrom('parcels')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('parcels.location_id', '=', locationId)
        .where('parcels.status', '=', 'open')
        .whereRef('parcels.apartment_number', '=', 'users.apartment_number')
        .as('open_parcels'),
    ])
    .where('users.location_id', '=', locationId)
    .where('users.role', '=', 'resident')
    .where('users.erased_at', 'is', null)
    .where('users.apartment_number', '!=', '')
    .where((eb) =>
      eb.or([contains('users.apartment_number'), eb.and([eb('users.is_active', '=', 1), contains('users.name')])]),
    )
    .groupBy('users.apartment_number')
    .orderBy('users.apartment_number')
    .limit(limit)
    .execute();
}

/**
 * The names of the residents who hear of the apartments' parcels (active, not erased), per
 * apartment number, by name: the desk's type-ahead shows them to the receptionist.
 */
export async function residentNames(
  db: DB,
  locationId: number,
  apartmentNumbers: string[],
): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>(apartmentNumbers.map((n) => [n, []]));
  if (!apartmentNumbers.length) return names;
  const rows = await db
    .selectFrom('users')
    .select(['apartment_number', 'name'])
    .where('location_id', '=', locationId)
    .where('role', '=', 'resident')
    .where('is_active', '=', 1)
    .where('erased_at', 'is', null)
    .where('apartment_number', 'in', apartmentNumbers)
    .orderBy('name')
    .orderBy('id')
    .execute();
  for (const r of rows) if (r.name.trim()) names.get(r.apartment_number)?.push(r.name);
  return names;
}

/** The pickup code of an apartment's open parcels, if it has one. */
export async function findCode(db: DB, locationId: number, apartmentNumber: string): Promise<string | null> {
  const row = await db
    .selectFrom('parcel_codes')
    .select('code')
    .where('location_id', '=', locationId)
    .where('apartment_number', '=', apartmentNumber)
    .executeTakeFirst();
  return row?.code ?? null;
}

/** The apartment whose open parcels carry this code at the location, if any. */
export async function apartmentOfCode(db: DB, locationId: number, code: string): Promise<string | null> {
  const row = await db
    .selectFrom('parcel_codes')
    .select('apartment_number')
    .where('location_id', '=', locationId)
    .where('code', '=', code)
    .executeTakeFirst();
  return row?.apartment_number ?? null;
}

/** The codes in use at a location (a new one avoids them, so a code names one apartment). */
export async function codesInUse(db: DB, locationId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('parcel_codes').select('code').where('location_id', '=', locationId).execute();
  return new Set(rows.map((r) => r.code));
}

/** Gives the apartment a code unless it has one (the primary key keeps one per apartment). */
export async function insertCode(trx: DB, locationId: number, apartmentNumber: string, code: string, now: string) {
  await trx
    .insertInto('parcel_codes')
    .values({ location_id: locationId, apartment_number: apartmentNumber, code, created_at: now })
    .onConflict((oc) => oc.columns(['location_id', 'apartment_number']).doNothing())
    .execute();
}

export async function deleteCode(trx: DB, locationId: number, apartmentNumber: string) {
  await trx
    .deleteFrom('parcel_codes')
    .where('location_id', '=', locationId)
    .where('apartment_number', '=', apartmentNumber)
    .execute();
}

/** The open parcels of an apartment (all, or the given ids among them). */
export function openParcelsOf(db: DB, locationId: number, apartmentNumber: string, ids?: number[]) {
  let q = db
    .selectFrom('parcels')
    .select('id')
    .where('location_id', '=', locationId)
    .where('apartment_number', '=', apartmentNumber)
    .where('status', '=', 'open');
  if (ids) q = q.where('id', 'in', idsOrNone(ids));
  return q.execute();
}

export async function countOpen(db: DB, locationId: number, apartmentNumber: string): Promise<number> {
  const r = await db
    .selectFrom('parcels')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('location_id', '=', locationId)
    .where('apartment_number', '=', apartmentNumber)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Marks open parcels as handed over; returns how many changed (a parcel handed over meanwhile stays). */
export async function markHandedOver(trx: DB, ids: number[], by: number, at: string, note: string): Promise<number> {
  const r = await trx
    .updateTable('parcels')
    .set({ status: 'handed_over', handed_over_by: by, handed_over_at: at, handover_note: note })
    .where('id', 'in', idsOrNone(ids))
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export interface ParcelFilter {
  locationIds: number[];
  status?: 'open' | 'handed_over';
  apartment?: string;
  /** Logged at or after / before (UTC ISO). */
  from?: string;
  to?: string;
  /** Open and logged before this instant. */
  waitingSince?: string;
}

/** A page of parcels, newest first (open lists: oldest first, as the desk works them off). */
export async function listParcels(db: DB, f: ParcelFilter, window: PageWindow) {
  let base = db.selectFrom('parcels').where('parcels.location_id', 'in', idsOrNone(f.locationIds));
  if (f.status) base = base.where('parcels.status', '=', f.status);
  if (f.apartment) base = base.where('parcels.apartment_number', '=', f.apartment);
  if (f.from) base = base.where('parcels.logged_at', '>=', f.from);
  if (f.to) base = base.where('parcels.logged_at', '<', f.to);
  if (f.waitingSince) base = base.where('parcels.status', '=', 'open').where('parcels.logged_at', '<', f.waitingSince);
  const oldestFirst = f.status === 'open' || f.waitingSince !== undefined;
  const dir = oldestFirst ? 'asc' : 'desc';
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    withStaff(base)
      .orderBy('parcels.logged_at', dir)
      .orderBy('parcels.id', dir)
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return { count: Number(total.n), rows };
}

/** The apartment's parcels as its residents see them: open ones and those handed over since `since`. */
export function residentParcels(db: DB, locationId: number, apartmentNumber: string, since: string) {
  return db
    .selectFrom('parcels')
    .select(['id', 'carrier', 'pieces', 'status', 'logged_at', 'handed_over_at'])
    .where('location_id', '=', locationId)
    .where('apartment_number', '=', apartmentNumber)
    .where((eb) => eb.or([eb('status', '=', 'open'), eb('handed_over_at', '>=', since)]))
    .orderBy('logged_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** Every parcel of a resident's apartment, for the data export (none for a receptionist or staff). */
export function parcelsOfResident(db: DB, userId: number) {
  return db
    .selectFrom('parcels')
    .innerJoin('users', (j) =>
      j
        .onRef('users.location_id', '=', 'parcels.location_id')
        .onRef('users.apartment_number', '=', 'parcels.apartment_number'),
    )
    .select([
      'parcels.carrier',
      'parcels.pieces',
      'parcels.status',
      'parcels.storage_place',
      'parcels.note',
      'parcels.logged_at',
      'parcels.handed_over_at',
      'parcels.handover_note',
      'parcels.tracking_number',
      'parcels.label_key',
    ])
    .where('users.id', '=', userId)
    .where('users.role', '=', 'resident')
    .orderBy('parcels.logged_at')
    .orderBy('parcels.id')
    .execute();
}

/**
 * Erasure of a resident: the reception's record of the apartment's parcels stays (carrier, pieces,
 * who logged and handed over, when); the free texts that may name people and the tracking numbers
 * (which lead to the shipment at the carrier) are emptied and the label photos (names, addresses)
 * dropped. Returns the photos' file keys, which the caller removes after
 * the commit.
 */
export async function eraseParcelData(trx: DB, userId: number): Promise<string[]> {
  const user = await trx
    .selectFrom('users')
    .select(['location_id', 'apartment_number', 'role'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.role !== 'resident' || user.location_id === null || !user.apartment_number) return [];
  const photos = await trx
    .selectFrom('parcels')
    .select(['label_key', 'label_thumbnail_key'])
    .where('location_id', '=', user.location_id)
    .where('apartment_number', '=', user.apartment_number)
    .where('label_key', 'is not', null)
    .execute();
  await trx
    .updateTable('parcels')
    .set({ note: '', handover_note: '', tracking_number: '', label_key: null, label_thumbnail_key: null })
    .where('location_id', '=', user.location_id)
    .where('apartment_number', '=', user.apartment_number)
    .execute();
  return photos.flatMap((p) => [p.label_key, p.label_thumbnail_key].filter((k): k is string => k !== null));
}

/**
 * Open parcels logged before `before` and not reminded yet, grouped per apartment: the reminder
 * job claims each with a compare-and-set (`claimReminder`), so it fires once across processes.
 */
export function dueReminders(db: DB, before: string) {
  return db
    .selectFrom('parcels')
    .select(['id', 'location_id', 'apartment_number', 'carrier', 'pieces', 'logged_at'])
    .where('status', '=', 'open')
    .where('reminded_at', 'is', null)
    .where('logged_at', '<', before)
    .orderBy('id')
    .limit(500)
    .execute();
}

export async function claimReminder(trx: DB, id: number, at: string): Promise<boolean> {
  const r = await trx
    .updateTable('parcels')
    .set({ reminded_at: at })
    .where('id', '=', id)
    .where('reminded_at', 'is', null)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Open parcels waiting since before `before`, per location (the back office's 'Übersicht'). */
export async function longWaitingCounts(db: DB, locationIds: number[], before: string) {
  const rows = await db
    .selectFrom('parcels')
    .select((eb) => ['location_id', eb.fn.countAll<number>().as('n')])
    .where('location_id', 'in', idsOrNone(locationIds))
    .where('status', '=', 'open')
    .where('logged_at', '<', before)
    .groupBy('location_id')
    .execute();
  return countsByLocation(locationIds, rows);
}

/** Logged and handed-over timestamps in a window, for the daily counts (grouped by Berlin date in code). */
export async function timesBetween(db: DB, locationIds: number[], from: string, to: string) {
  const [logged, handed] = await Promise.all([
    db
      .selectFrom('parcels')
      .select('logged_at as at')
      .where('location_id', 'in', idsOrNone(locationIds))
      .where('logged_at', '>=', from)
      .where('logged_at', '<', to)
      .execute(),
    db
      .selectFrom('parcels')
      .select('handed_over_at as at')
      .where('location_id', 'in', idsOrNone(locationIds))
      .where('handed_over_at', '>=', from)
      .where('handed_over_at', '<', to)
      .execute(),
  ]);
  return { logged: logged.map((r) => r.at), handed: handed.map((r) => r.at as string) };
}

export function parcelsForWebhook(db: DB, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('parcels')
    .select([
      'id',
      'location_id',
      'apartment_number',
      'carrier',
      'pieces',
      'storage_place',
      'tracking_number',
      'status',
      'logged_at',
      'handed_over_at',
    ])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}
