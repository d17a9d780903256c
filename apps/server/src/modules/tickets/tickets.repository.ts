import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import { idsOrNone, pageOf, type PageWindow } from '../../db/paging.js';
import type { TicketEventTable, TicketPhotoTable, TicketStatusColumn, TicketTable } from '../../db/schema.js';
import { nowIso } from '../../lib/time.js';

/** Statuses in which a ticket is still worked on (the contract's OPEN_TICKET_STATUSES). */
const OPEN: TicketStatusColumn[] = ['received', 'in_progress', 'craftsman_assigned', 'appointment_set'];

// ---- categories ----

/** A location's categories in their order; archived ones only when asked for (the back office). */
export function listCategories(db: DB, locationIds: number[], opts: { archived?: boolean } = {}) {
  let q = db
    .selectFrom('ticket_categories')
    .selectAll()
    .where('location_id', 'in', idsOrNone(locationIds))
    .orderBy('location_id')
    .orderBy('sort_order')
    .orderBy('id');
  if (!opts.archived) q = q.where('archived', '=', 0);
  return q.execute();
}
export type CategoryRow = Awaited<ReturnType<typeof listCategories>>[number];

/** One category by id, whatever its location (the caller checks the scope). */
export function findCategory(db: DB, id: number) {
  return db.selectFrom('ticket_categories').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A location's title, as the receipt names it. */
export async function locationTitle(db: DB, locationId: number): Promise<string> {
  const row = await db.selectFrom('locations').select('title').where('id', '=', locationId).executeTakeFirst();
  return row?.title ?? '';
}

// ---- numbers ----

/**
 * The next running number of `year`. The upsert takes the counter row's lock on PostgreSQL and
 * the write lock on SQLite, so two reports at the same moment never get the same number.
 */
export async function nextTicketSequence(trx: DB, year: number): Promise<number> {
  const row = await trx
    .insertInto('ticket_counters')
    .values({ year, last: 1 })
    .onConflict((oc) => oc.column('year').doUpdateSet({ last: sql<number>`ticket_counters.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return row.last;
}

// ---- tickets ----

/** Writes a new ticket; returns its id. A second one with the same reporter and key fails (unique). */
export async function insertTicket(trx: DB, row: Insertable<TicketTable>): Promise<number> {
  const inserted = await trx.insertInto('tickets').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Changes a ticket's columns. */
export async function updateTicket(trx: DB, id: number, patch: Updateable<TicketTable>): Promise<void> {
  await trx.updateTable('tickets').set(patch).where('id', '=', id).execute();
}

/** The ticket a reporter sent with this idempotency key, if any. */
export function findByIdempotencyKey(db: DB, reporterId: number, key: string) {
  return db
    .selectFrom('tickets')
    .select(['id', 'receipt_sha256'])
    .where('reporter_id', '=', reporterId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** A ticket with its category, location and reporter, whatever its location (callers check the scope). */
export function findTicket(db: DB, id: number) {
  return db
    .selectFrom('tickets')
    .innerJoin('ticket_categories', 'ticket_categories.id', 'tickets.category_id')
    .innerJoin('locations', 'locations.id', 'tickets.location_id')
    .leftJoin('users as reporter', 'reporter.id', 'tickets.reporter_id')
    .leftJoin('providers', 'providers.id', 'tickets.assignee_provider_id')
    .leftJoin('tickets as merged', 'merged.id', 'tickets.merged_into_id')
    .selectAll('tickets')
    .select([
      'ticket_categories.name as category_name',
      'ticket_categories.emergency as category_emergency',
      'locations.title as location_title',
      'locations.name as location_name',
      'reporter.name as reporter_name',
      'reporter.apartment_number as reporter_apartment',
      'reporter.email as reporter_email',
      'providers.name as assignee_name',
      'merged.number as merged_into_number',
    ])
    .select((eb) =>
      eb
        .selectFrom('ticket_followers')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('ticket_followers.ticket_id', '=', 'tickets.id')
        .as('follower_count'),
    )
    .where('tickets.id', '=', id)
    .executeTakeFirst();
}
export type TicketRow = NonNullable<Awaited<ReturnType<typeof findTicket>>>;

/**
 * How a user relates to a ticket: its reporter, a follower, the receptionist who took it at the
 * desk, or none (null).
 */
export async function relationOf(
  db: DB,
  ticket: { id: number; reporter_id: number | null; created_by: number | null },
  userId: number,
) {
  if (ticket.reporter_id === userId) return 'reporter' as const;
  if (ticket.created_by === userId) return 'desk' as const;
  const row = await db
    .selectFrom('ticket_followers')
    .select('user_id')
    .where('ticket_id', '=', ticket.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? ('follower' as const) : null;
}

/** Lets a resident follow a ticket ('Betrifft mich auch'); a second time changes nothing. */
export async function addFollower(trx: DB, ticketId: number, userId: number): Promise<void> {
  await trx
    .insertInto('ticket_followers')
    .values({ ticket_id: ticketId, user_id: userId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['ticket_id', 'user_id']).doNothing())
    .execute();
}

/** Ends a resident's following of a ticket; returns whether they followed it. */
export async function removeFollower(trx: DB, ticketId: number, userId: number): Promise<boolean> {
  const res = await trx
    .deleteFrom('ticket_followers')
    .where('ticket_id', '=', ticketId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** How many residents a ticket concerns: its reporter and its followers. */
export async function affectedCount(db: DB, ticketId: number): Promise<number> {
  const row = await db
    .selectFrom('ticket_followers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ticket_id', '=', ticketId)
    .executeTakeFirstOrThrow();
  return Number(row.n) + 1;
}

/**
 * One page of a resident's tickets: the ones they reported and the ones they follow, the most
 * recent activity first; only open ones with `open`.
 */
export function listOwnTickets(db: DB, userId: number, opts: { open?: boolean }, window: PageWindow) {
  let base = db
    .selectFrom('tickets')
    .leftJoin('ticket_followers', (j) =>
      j.onRef('ticket_followers.ticket_id', '=', 'tickets.id').on('ticket_followers.user_id', '=', userId),
    )
    .where((eb) => eb.or([eb('tickets.reporter_id', '=', userId), eb('ticket_followers.user_id', '=', userId)]));
  if (opts.open) base = base.where('tickets.status', 'in', OPEN);
  return pageOf(
    base,
    (q) =>
      q
        .innerJoin('ticket_categories', 'ticket_categories.id', 'tickets.category_id')
        .select([
          'tickets.id',
          'tickets.number',
          'tickets.created_at',
          'tickets.last_activity_at',
          'tickets.status',
          'tickets.scope',
          'tickets.place',
          'tickets.reporter_id',
          'ticket_categories.name as category_name',
        ])
        .orderBy('tickets.last_activity_at', 'desc')
        .orderBy('tickets.id', 'desc'),
    window,
  );
}

/** One page of a location's open building-wide tickets, of one category if given, newest first. */
export function listBuildingTickets(
  db: DB,
  locationId: number,
  categoryId: number | undefined,
  userId: number,
  window: PageWindow,
) {
  let base = db
    .selectFrom('tickets')
    .where('tickets.location_id', '=', locationId)
    .where('tickets.scope', '=', 'building')
    .where('tickets.status', 'in', OPEN)
    .where('tickets.merged_into_id', 'is', null);
  if (categoryId !== undefined) base = base.where('tickets.category_id', '=', categoryId);
  return pageOf(
    base,
    (q) =>
      q
        .innerJoin('ticket_categories', 'ticket_categories.id', 'tickets.category_id')
        .select([
          'tickets.id',
          'tickets.number',
          'tickets.created_at',
          'tickets.status',
          'tickets.place',
          'tickets.description',
          'tickets.reporter_id',
          'ticket_categories.id as category_id',
          'ticket_categories.name as category_name',
          'ticket_categories.emergency as category_emergency',
        ])
        .select((eb) => [
          eb
            .selectFrom('ticket_followers')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('ticket_followers.ticket_id', '=', 'tickets.id')
            .as('follower_count'),
          eb
            .exists(
              eb
                .selectFrom('ticket_followers')
                .select('ticket_followers.user_id')
                .whereRef('ticket_followers.ticket_id', '=', 'tickets.id')
                .where('ticket_followers.user_id', '=', userId),
            )
            .as('followed'),
        ])
        .orderBy('tickets.created_at', 'desc')
        .orderBy('tickets.id', 'desc'),
    window,
  );
}

// ---- photos ----

/** Stores the photos of a ticket (already checked and in the file store). */
export async function insertPhotos(trx: DB, rows: Insertable<TicketPhotoTable>[]): Promise<void> {
  if (rows.length) await trx.insertInto('ticket_photos').values(rows).execute();
}

/** A ticket's photos, oldest first. */
export function listPhotos(db: DB, ticketId: number) {
  return db.selectFrom('ticket_photos').selectAll().where('ticket_id', '=', ticketId).orderBy('id').execute();
}
export type PhotoRow = Awaited<ReturnType<typeof listPhotos>>[number];

/** How many photos a ticket has. */
export async function countPhotos(db: DB, ticketId: number): Promise<number> {
  const row = await db
    .selectFrom('ticket_photos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ticket_id', '=', ticketId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- timeline ----

/** Appends one entry to a ticket's timeline; returns its id. */
export async function insertEvent(trx: DB, row: Insertable<TicketEventTable>): Promise<number> {
  const inserted = await trx.insertInto('ticket_events').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** A ticket's timeline, oldest first, with the names of the staff who wrote; internal notes only when asked for. */
export function listEvents(db: DB, ticketId: number, opts: { internal: boolean }) {
  let q = db
    .selectFrom('ticket_events')
    .leftJoin('users', 'users.id', 'ticket_events.user_id')
    .leftJoin('ticket_assignments', 'ticket_assignments.id', 'ticket_events.assignment_id')
    .leftJoin('providers', 'providers.id', 'ticket_assignments.provider_id')
    .selectAll('ticket_events')
    .select(['users.name as user_name', 'providers.name as provider_name'])
    .where('ticket_events.ticket_id', '=', ticketId)
    .orderBy('ticket_events.id');
  if (!opts.internal) q = q.where('ticket_events.internal', '=', 0);
  return q.execute();
}
export type EventRow = Awaited<ReturnType<typeof listEvents>>[number];

// ---- the craftsman's links ----

/** Ends every link of a ticket still working (closed, reassigned or revoked); returns how many. */
export async function endAssignments(trx: DB, ticketId: number, at: string): Promise<number> {
  const res = await trx
    .updateTable('ticket_assignments')
    .set({ ended_at: at })
    .where('ticket_id', '=', ticketId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

// ---- the resident's data (export, erasure) ----

/** The tickets a user reported or follows, with their public timeline, for the data export (Art. 15). */
export async function ticketsOfUser(db: DB, userId: number) {
  const tickets = await db
    .selectFrom('tickets')
    .innerJoin('ticket_categories', 'ticket_categories.id', 'tickets.category_id')
    .select([
      'tickets.id',
      'tickets.number',
      'tickets.created_at',
      'tickets.status',
      'ticket_categories.name as category',
      'tickets.scope',
      'tickets.place',
      'tickets.description',
      'tickets.contact_consent',
      'tickets.contact_phone',
      'tickets.rating',
      'tickets.rating_text',
      'tickets.receipt_sha256',
    ])
    .where('tickets.reporter_id', '=', userId)
    .orderBy('tickets.id')
    .execute();
  const followed = await db
    .selectFrom('ticket_followers')
    .innerJoin('tickets', 'tickets.id', 'ticket_followers.ticket_id')
    .select(['tickets.number', 'ticket_followers.created_at'])
    .where('ticket_followers.user_id', '=', userId)
    .orderBy('ticket_followers.created_at')
    .execute();
  const messages = await db
    .selectFrom('ticket_events')
    .innerJoin('tickets', 'tickets.id', 'ticket_events.ticket_id')
    .select(['tickets.number', 'ticket_events.kind', 'ticket_events.text', 'ticket_events.created_at'])
    .where('ticket_events.user_id', '=', userId)
    .where('ticket_events.author', '=', 'resident')
    .orderBy('ticket_events.id')
    .execute();
  const photos = await db
    .selectFrom('ticket_photos')
    .innerJoin('tickets', 'tickets.id', 'ticket_photos.ticket_id')
    .select(['tickets.number', 'ticket_photos.file_key', 'ticket_photos.created_at'])
    .where('ticket_photos.user_id', '=', userId)
    .orderBy('ticket_photos.id')
    .execute();
  return { tickets, followed, messages, photos };
}

/**
 * What erasure (Art. 17) does to a resident's tickets: the tickets stay as the management's
 * record of the defect, but the phone number and the consent go, and the resident no longer
 * follows any ticket. Returns the file keys of photos the resident added to tickets in their flat.
 */
export async function eraseTicketData(trx: DB, userId: number): Promise<string[]> {
  await trx
    .updateTable('tickets')
    .set({ contact_phone: '', contact_consent: 0 })
    .where('reporter_id', '=', userId)
    .execute();
  await trx.deleteFrom('ticket_followers').where('user_id', '=', userId).execute();
  const photos = await trx
    .selectFrom('ticket_photos')
    .innerJoin('tickets', 'tickets.id', 'ticket_photos.ticket_id')
    .select(['ticket_photos.id', 'ticket_photos.file_key', 'ticket_photos.thumbnail_key'])
    .where('tickets.reporter_id', '=', userId)
    .where('tickets.scope', '=', 'apartment')
    .execute();
  if (photos.length)
    await trx
      .deleteFrom('ticket_photos')
      .where(
        'id',
        'in',
        photos.map((p) => p.id),
      )
      .execute();
  return photos.flatMap((p) => [p.file_key, p.thumbnail_key]);
}
