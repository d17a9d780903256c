import { sql, type Selectable } from 'kysely';
import { precompiled, type DB } from '../../db/database.js';
import { idsOrNone, pageOf, type PageWindow } from '../../db/paging.js';
import type { BookingBlockTable, BookingResourceTable, BookingTable } from '../../db/schema.js';
import { nowIso } from '../../lib/time.js';

export type ResourceRow = Selectable<BookingResourceTable>;
export type BlockRow = Selectable<BookingBlockTable>;
export type BookingRow = Selectable<BookingTable> & {
  resource_name: string;
  /** The resource's translations (migration 026), for the resident's language. */
  resource_translations?: string;
  mode: 'slots' | 'days';
  cancel_hours: number;
};
export type AdminBookingRow = BookingRow & { resident_name: string | null };

export const ACTIVE = ['pending', 'approved'] as const;

/**
 * What a manager sets of a resource: its table's columns but the id, the archival, the creation
 * and the files (their own routes, bookings.files.repository.ts), with the flag as a boolean.
 */
export type ResourceValues = Omit<
  ResourceRow,
  'id' | 'archived' | 'created_at' | 'approval_required' | `photo_${string}` | `house_rules_${string}`
> & { approval_required: boolean };

const resourceRow = (v: ResourceValues) => ({ ...v, approval_required: v.approval_required ? 1 : 0 });

export async function createResource(db: DB, v: ResourceValues): Promise<number> {
  const row = await db
    .insertInto('booking_resources')
    .values({ ...resourceRow(v), created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateResource(db: DB, id: number, v: ResourceValues): Promise<void> {
  await db.updateTable('booking_resources').set(resourceRow(v)).where('id', '=', id).execute();
}

export async function archiveResource(db: DB, id: number): Promise<void> {
  await db.updateTable('booking_resources').set({ archived: 1 }).where('id', '=', id).execute();
}

const liveResource = (db: DB, id: number, locations: readonly number[]) =>
  db
    .selectFrom('booking_resources')
    .selectAll('booking_resources')
    .where('booking_resources.id', '=', id)
    .where('booking_resources.archived', '=', 0)
    .where('booking_resources.location_id', 'in', locations);

/** A live resource in one of `locations`. */
export function findResource(db: DB, id: number, locations: readonly number[]): Promise<ResourceRow | undefined> {
  if (!locations.length) return Promise.resolve(undefined);
  return liveResource(db, id, locations).executeTakeFirst();
}

/**
 * findResource, and in the same statement what identifies what a window of it shows as taken or
 * blocked: the count and the sum of the booking ids of its slot rows with keys in [fromKey,
 * toKey), and the same of the ids of the blocks overlapping [from, to). Slot rows are only
 * inserted with a new booking, whose id is larger than every earlier one, and deleted when a
 * booking ends (cancelled, refused, erased); blocks are only added (with a new, larger id) and
 * removed, never changed. So any change of either set changes a count or, at the same count, a
 * sum. Two index ranges, one row back: the availability's cache reads it on every request.
 */
export async function findResourceInWindow(
  db: DB,
  id: number,
  locationId: number,
  w: { fromKey: string; toKey: string; from: string; to: string },
): Promise<{ resource: ResourceRow; signature: string } | undefined> {
  // In the order the statement's text takes them: the two subqueries', then the resource's.
  const [row] = await resourceInWindow(db, [w.fromKey, w.toKey, w.from, w.to, id, 0, locationId]);
  if (!row) return undefined;
  const { slots_signature, blocks_signature, ...resource } = row;
  return { resource, signature: `${slots_signature}|${blocks_signature}` };
}

// Compiled once: every week view runs it, and Kysely's builder costs about as much as SQLite
// takes to answer it.
const resourceInWindow = precompiled((db) => {
  const countAndSum = (column: string) => sql<string>`count(*) || ':' || coalesce(sum(${sql.ref(column)}), 0)`;
  return liveResource(db, 0, [0]).select((eb) => [
    eb
      .selectFrom('booking_slots')
      .select(countAndSum('booking_slots.booking_id').as('n'))
      .whereRef('booking_slots.resource_id', '=', 'booking_resources.id')
      .where('booking_slots.slot_key', '>=', '')
      .where('booking_slots.slot_key', '<', '')
      .as('slots_signature'),
    eb
      .selectFrom('booking_blocks')
      .select(countAndSum('booking_blocks.id').as('n'))
      .whereRef('booking_blocks.resource_id', '=', 'booking_resources.id')
      .where('booking_blocks.ends_at', '>', '')
      .where('booking_blocks.starts_at', '<', '')
      .as('blocks_signature'),
  ]);
});

export function listResources(db: DB, locations: readonly number[]): Promise<ResourceRow[]> {
  if (!locations.length) return Promise.resolve([]);
  return db
    .selectFrom('booking_resources')
    .selectAll()
    .where('location_id', 'in', locations)
    .where('archived', '=', 0)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** One page of the locations' resources (not archived), by name, with the total: the back office's list. */
export function pageResources(db: DB, locations: readonly number[], window: PageWindow) {
  const base = db
    .selectFrom('booking_resources')
    .where('location_id', 'in', idsOrNone(locations))
    .where('archived', '=', 0);
  return pageOf(base, (q) => q.selectAll().orderBy('name').orderBy('id'), window);
}

export function blocksOf(db: DB, resourceIds: readonly number[], from?: string, to?: string): Promise<BlockRow[]> {
  if (!resourceIds.length) return Promise.resolve([]);
  let q = db.selectFrom('booking_blocks').selectAll().where('resource_id', 'in', resourceIds);
  if (from) q = q.where('ends_at', '>', from);
  if (to) q = q.where('starts_at', '<', to);
  return q.orderBy('starts_at').execute();
}

export async function addBlock(
  db: DB,
  v: { resource_id: number; starts_at: string; ends_at: string; reason: string; created_by: number },
): Promise<number> {
  const row = await db
    .insertInto('booking_blocks')
    .values({ ...v, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function removeBlock(db: DB, resourceId: number, blockId: number): Promise<boolean> {
  const r = await db
    .deleteFrom('booking_blocks')
    .where('id', '=', blockId)
    .where('resource_id', '=', resourceId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

const bookingSelect = (db: DB) =>
  db
    .selectFrom('bookings')
    .innerJoin('booking_resources as r', 'r.id', 'bookings.resource_id')
    .selectAll('bookings')
    .select([
      'r.name as resource_name',
      'r.translations as resource_translations',
      'r.mode as mode',
      'r.cancel_hours as cancel_hours',
    ]);

export function findBooking(db: DB, id: number): Promise<BookingRow | undefined> {
  return bookingSelect(db).where('bookings.id', '=', id).executeTakeFirst();
}

export function findAdminBooking(
  db: DB,
  id: number,
  locations: readonly number[],
): Promise<AdminBookingRow | undefined> {
  if (!locations.length) return Promise.resolve(undefined);
  return bookingSelect(db)
    .leftJoin('users as u', 'u.id', 'bookings.user_id')
    .select('u.name as resident_name')
    .where('bookings.id', '=', id)
    .where('bookings.location_id', 'in', locations)
    .executeTakeFirst();
}

/** A user's bookings: upcoming (ends after now) soonest first, or past ones latest first. */
export async function userBookings(
  db: DB,
  userId: number,
  past: boolean,
  page: { offset: number; limit: number },
): Promise<{ count: number; rows: BookingRow[] }> {
  const now = nowIso();
  const base = db
    .selectFrom('bookings')
    .where('user_id', '=', userId)
    .where('ends_at', past ? '<=' : '>', now);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await bookingSelect(db)
    .where('bookings.user_id', '=', userId)
    .where('bookings.ends_at', past ? '<=' : '>', now)
    .orderBy('bookings.starts_at', past ? 'desc' : 'asc')
    .orderBy('bookings.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { count: Number(n), rows };
}

/** Every booking of a user (the data export). */
export function allUserBookings(db: DB, userId: number): Promise<BookingRow[]> {
  return bookingSelect(db).where('bookings.user_id', '=', userId).orderBy('bookings.starts_at').execute();
}

/** The active bookings of a resource overlapping [from, to): what the availability shows as taken. */
export function activeBookingsIn(
  db: DB,
  resourceId: number,
  from: string,
  to: string,
  startsAfter: string,
): Promise<{ user_id: number | null; starts_at: string; ends_at: string }[]> {
  // `startsAfter` bounds the index range from below (no booking is longer than the gap), so the
  // query reads the window's bookings, not every past one of the resource, in the index's order.
  return db
    .selectFrom('bookings')
    .select(['user_id', 'starts_at', 'ends_at'])
    .where('resource_id', '=', resourceId)
    .where('starts_at', '>=', startsAfter)
    .where('starts_at', '<', to)
    .where('status', 'in', ACTIVE)
    .where('ends_at', '>', from)
    .orderBy('starts_at')
    .execute();
}

/** How many active bookings the household has for the resource starting in [from, to). */
export async function householdCount(
  db: DB,
  resourceId: number,
  locationId: number,
  apartment: string,
  from: string,
  to: string,
): Promise<number> {
  const { n } = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('resource_id', '=', resourceId)
    .where('location_id', '=', locationId)
    .where('apartment_number', '=', apartment)
    .where('status', 'in', ACTIVE)
    .where('starts_at', '>=', from)
    .where('starts_at', '<', to)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function insertBooking(
  trx: DB,
  v: {
    resource_id: number;
    location_id: number;
    user_id: number;
    apartment_number: string;
    starts_at: string;
    ends_at: string;
    check_in: string | null;
    check_out: string | null;
    status: 'pending' | 'approved';
    note: string;
  },
  slotKeys: readonly string[],
): Promise<number> {
  const row = await trx
    .insertInto('bookings')
    .values({ ...v, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The unique index (resource_id, slot_key) refuses a second booking of any of these slots.
  await trx
    .insertInto('booking_slots')
    .values(slotKeys.map((slot_key) => ({ resource_id: v.resource_id, slot_key, booking_id: row.id })))
    .execute();
  return row.id;
}

/** The active booking holding one of these slots (after a unique violation: the clash). */
export function clashingBooking(
  db: DB,
  resourceId: number,
  slotKeys: readonly string[],
): Promise<{ starts_at: string; ends_at: string } | undefined> {
  return db
    .selectFrom('booking_slots as s')
    .innerJoin('bookings as b', 'b.id', 's.booking_id')
    .select(['b.starts_at', 'b.ends_at'])
    .where('s.resource_id', '=', resourceId)
    .where('s.slot_key', 'in', slotKeys)
    .orderBy('b.starts_at')
    .executeTakeFirst();
}

/**
 * Moves an active booking to `status` (compare-and-set on the status it had) and frees its slots
 * when it ends. Returns false when someone else changed it first.
 */
export async function setStatus(
  trx: DB,
  id: number,
  from: readonly BookingRow['status'][],
  to: BookingRow['status'],
  decision: { reason?: string; by?: number | null } = {},
): Promise<boolean> {
  const r = await trx
    .updateTable('bookings')
    .set({
      status: to,
      ...(decision.reason !== undefined ? { decision_reason: decision.reason } : {}),
      ...(decision.by !== undefined ? { decided_by: decision.by, decided_at: nowIso() } : {}),
    })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) return false;
  if (to === 'refused' || to === 'cancelled')
    await trx.deleteFrom('booking_slots').where('booking_id', '=', id).execute();
  return true;
}

/** Active bookings of a resource overlapping [from, to) (a new block cancels them). */
export function activeIdsIn(db: DB, resourceId: number, from: string, to: string): Promise<{ id: number }[]> {
  return db
    .selectFrom('bookings')
    .select('id')
    .where('resource_id', '=', resourceId)
    .where('status', 'in', ACTIVE)
    .where('starts_at', '<', to)
    .where('ends_at', '>', from)
    .execute();
}

/** The back office's list: bookings of `locations` in [from, to), optionally one status or resource. */
export async function adminBookings(
  db: DB,
  locations: readonly number[],
  f: { from?: string; to?: string; status?: BookingRow['status']; resourceId?: number },
  page: { offset: number; limit: number },
): Promise<{ count: number; rows: AdminBookingRow[] }> {
  if (!locations.length) return { count: 0, rows: [] };
  let q = db.selectFrom('bookings').where('bookings.location_id', 'in', locations);
  if (f.from) q = q.where('bookings.ends_at', '>', f.from);
  if (f.to) q = q.where('bookings.starts_at', '<', f.to);
  if (f.status) q = q.where('bookings.status', '=', f.status);
  if (f.resourceId) q = q.where('bookings.resource_id', '=', f.resourceId);
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .innerJoin('booking_resources as r', 'r.id', 'bookings.resource_id')
    .leftJoin('users as u', 'u.id', 'bookings.user_id')
    .selectAll('bookings')
    .select([
      'r.name as resource_name',
      'r.translations as resource_translations',
      'r.mode as mode',
      'r.cancel_hours as cancel_hours',
      'u.name as resident_name',
    ])
    .orderBy('bookings.starts_at')
    .orderBy('bookings.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { count: Number(n), rows };
}

/** Bookings waiting for approval, per location (0 for a location without any): the overview. */
export async function pendingByLocation(db: DB, locations: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map(locations.map((id) => [id, 0]));
  if (!locations.length) return counts;
  const rows = await db
    .selectFrom('bookings')
    .select((eb) => ['location_id', eb.fn.countAll<number>().as('n')])
    .where('location_id', 'in', locations)
    .where('status', '=', 'pending')
    .groupBy('location_id')
    .execute();
  for (const r of rows) counts.set(r.location_id, Number(r.n));
  return counts;
}

export async function pendingCount(db: DB, locations: readonly number[]): Promise<number> {
  if (!locations.length) return 0;
  const { n } = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('location_id', 'in', locations)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Approved bookings of each resource starting in [from, to): the usage figures. */
export function usageRows(
  db: DB,
  locations: readonly number[],
  from: string,
  to: string,
): Promise<
  { resource_id: number; apartment_number: string; location_id: number; starts_at: string; ends_at: string }[]
> {
  if (!locations.length) return Promise.resolve([]);
  return db
    .selectFrom('bookings')
    .select(['resource_id', 'apartment_number', 'location_id', 'starts_at', 'ends_at'])
    .where('location_id', 'in', locations)
    .where('status', '=', 'approved')
    .where('starts_at', '>=', from)
    .where('starts_at', '<', to)
    .execute();
}

/** Approved bookings starting in (now, until] not yet reminded of: the reminder job's work. */
export function dueReminders(db: DB, now: string, until: string): Promise<{ id: number }[]> {
  return db
    .selectFrom('bookings')
    .select('id')
    .where('status', '=', 'approved')
    .where('reminded_at', 'is', null)
    .where('starts_at', '>', now)
    .where('starts_at', '<=', until)
    .orderBy('starts_at')
    .limit(500)
    .execute();
}

/** Compare-and-set: true for the one process that marks the booking as reminded. */
export async function claimReminder(trx: DB, id: number): Promise<boolean> {
  const r = await trx
    .updateTable('bookings')
    .set({ reminded_at: nowIso() })
    .where('id', '=', id)
    .where('reminded_at', 'is', null)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---- the calendar feed ----

export async function storeFeed(db: DB, userId: number, tokenHash: string): Promise<string> {
  const created_at = nowIso();
  await db.deleteFrom('booking_feeds').where('user_id', '=', userId).execute();
  await db.insertInto('booking_feeds').values({ user_id: userId, token_hash: tokenHash, created_at }).execute();
  return created_at;
}

export function findFeed(db: DB, userId: number): Promise<{ created_at: string } | undefined> {
  return db.selectFrom('booking_feeds').select('created_at').where('user_id', '=', userId).executeTakeFirst();
}

export async function deleteFeed(db: DB, userId: number): Promise<void> {
  await db.deleteFrom('booking_feeds').where('user_id', '=', userId).execute();
}

/** The active user behind a feed token hash. */
export function feedOwner(db: DB, tokenHash: string): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('booking_feeds as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select('u.id')
    .where('f.token_hash', '=', tokenHash)
    .where('u.is_active', '=', 1)
    .where('u.erased_at', 'is', null)
    .executeTakeFirst();
}

/** Erasure: a resident's bookings and feed go (their slots with them). */
export async function eraseUserBookings(db: DB, userId: number): Promise<void> {
  await db
    .deleteFrom('booking_slots')
    .where('booking_id', 'in', db.selectFrom('bookings').select('id').where('user_id', '=', userId))
    .execute();
  await db.deleteFrom('bookings').where('user_id', '=', userId).execute();
  await db.deleteFrom('booking_feeds').where('user_id', '=', userId).execute();
}

export function bookingForWebhook(db: DB, id: number) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('booking_resources as res', 'res.id', 'b.resource_id')
    .leftJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id',
      'b.location_id',
      'b.status',
      'b.apartment_number',
      'b.starts_at',
      'b.ends_at',
      'b.check_in',
      'b.check_out',
      'b.created_at',
      'res.id as resource_id',
      'res.name as resource_name',
      'res.mode as resource_mode',
      'u.id as user_id',
      'u.external_id as user_external_id',
      'u.name as user_name',
      'u.email as user_email',
      'u.erased_at as user_erased_at',
    ])
    .where('b.id', '=', id)
    .executeTakeFirst();
}
export type BookingForWebhook = NonNullable<Awaited<ReturnType<typeof bookingForWebhook>>>;
