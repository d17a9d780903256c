import type { ExpressionBuilder, Insertable, SelectQueryBuilder, Updateable } from 'kysely';
import { sql, type SqlBool } from 'kysely';
import type { DB } from '../../db/database.js';
import { countsByLocation, idsOrNone, pageOf, type PageWindow } from '../../db/paging.js';
import type {
  Database,
  TicketAssignmentTable,
  TicketEventTable,
  TicketPhotoTable,
  TicketStatusColumn,
  TicketTable,
} from '../../db/schema.js';
import { nowIso } from '../../lib/time.js';

/** What every list of tickets shows first. */
const TICKET_HEAD = ['tickets.id', 'tickets.number', 'tickets.created_at'] as const;

/** Statuses in which a ticket is still worked on (the contract's OPEN_TICKET_STATUSES). */
const OPEN: TicketStatusColumn[] = [
  'received',
  'in_progress',
  'craftsman_assigned',
  'appointment_set',
  'reported_done',
];

/** How many residents joined a ticket ('Betrifft mich auch'), as `follower_count` of a query on tickets. */
const followerCount = (eb: ExpressionBuilder<Database, 'tickets'>) =>
  eb
    .selectFrom('ticket_followers')
    .select((e) => e.fn.countAll<number>().as('n'))
    .whereRef('ticket_followers.ticket_id', '=', 'tickets.id')
    .as('follower_count');

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
      'ticket_categories.translations as category_translations',
      'locations.title as location_title',
      'locations.name as location_name',
      'reporter.name as reporter_name',
      'reporter.apartment_number as reporter_apartment',
      'reporter.email as reporter_email',
      'providers.name as assignee_name',
      'merged.number as merged_into_number',
    ])
    .select(followerCount)
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
          ...TICKET_HEAD,
          'tickets.last_activity_at',
          'tickets.status',
          'tickets.scope',
          'tickets.place',
          'tickets.reporter_id',
          'ticket_categories.name as category_name',
          'ticket_categories.translations as category_translations',
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
          ...TICKET_HEAD,
          'tickets.status',
          'tickets.place',
          'tickets.description',
          'tickets.reporter_id',
          'ticket_categories.id as category_id',
          'ticket_categories.name as category_name',
          'ticket_categories.emergency as category_emergency',
          'ticket_categories.translations as category_translations',
        ])
        .select((eb) => [
          followerCount(eb),
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

/** A ticket's entries with the names of who wrote them: a member of staff, a craftsman, an integration key. */
const timeline = (db: DB, ticketId: number) =>
  db
    .selectFrom('ticket_events')
    .leftJoin('users', 'users.id', 'ticket_events.user_id')
    .leftJoin('ticket_assignments', 'ticket_assignments.id', 'ticket_events.assignment_id')
    .leftJoin('providers', 'providers.id', 'ticket_assignments.provider_id')
    .leftJoin('api_keys', 'api_keys.id', 'ticket_events.api_key_id')
    .selectAll('ticket_events')
    .select(['users.name as user_name', 'providers.name as provider_name', 'api_keys.name as api_key_name'])
    .where('ticket_events.ticket_id', '=', ticketId);

/** A ticket's timeline, oldest first, with the names of the staff who wrote; internal notes only when asked for. */
export function listEvents(db: DB, ticketId: number, opts: { internal: boolean }) {
  let q = timeline(db, ticketId).orderBy('ticket_events.id');
  if (!opts.internal) q = q.where('ticket_events.internal', '=', 0);
  return q.execute();
}
export type EventRow = Awaited<ReturnType<typeof listEvents>>[number];

// ---- the back office ----

/** The back office's filters of the ticket list. */
export interface AdminTicketFilter {
  status?: TicketStatusColumn;
  state?: 'open' | 'closed';
  categoryId?: number;
  /** A provider's id, or 'none' for tickets without a craftsman. */
  assignee?: number | 'none';
  /** Open, and no public answer of the management since `staleBefore`. */
  staleBefore?: string;
  search?: string;
  /** Only tickets with activity at or after this instant (the integration API's polling). */
  updatedSince?: string;
  /** 'updated': by last activity, oldest first, so a poller's pages do not shift. */
  sort: 'oldest' | 'newest' | 'updated';
}

// A ticket is stale when open and nobody of the management answered since `before` (or ever,
// reported before it). Written with the literal status list and the expression of the partial
// index `tickets_waiting` (migrations 008, 025), so both databases answer it from that index.
const isOpen = sql<SqlBool>`tickets.status in ('received', 'in_progress', 'craftsman_assigned', 'appointment_set', 'reported_done')`;
const waitingSince = sql<string>`coalesce(tickets.last_staff_activity_at, tickets.created_at)`;
const isStale = (before: string) => sql<SqlBool>`(${isOpen} and ${waitingSince} < ${before})`;

/** One page of the tickets of `locations`, filtered, oldest (or newest) first. */
export function listAdminTickets(
  db: DB,
  locations: number[],
  f: AdminTicketFilter,
  staleBefore: string,
  window: PageWindow,
) {
  let base = db.selectFrom('tickets').where('tickets.location_id', 'in', idsOrNone(locations));
  if (f.status) base = base.where('tickets.status', '=', f.status);
  if (f.state === 'open') base = base.where('tickets.status', 'in', OPEN);
  if (f.state === 'closed') base = base.where('tickets.status', 'not in', OPEN);
  if (f.categoryId !== undefined) base = base.where('tickets.category_id', '=', f.categoryId);
  if (f.assignee === 'none') base = base.where('tickets.assignee_provider_id', 'is', null);
  else if (f.assignee !== undefined) base = base.where('tickets.assignee_provider_id', '=', f.assignee);
  if (f.staleBefore) base = base.where(isOpen).where(waitingSince, '<', f.staleBefore);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('tickets.number', 'like', like),
        eb('tickets.description', 'like', like),
        eb('tickets.place', 'like', like),
        eb(
          'tickets.reporter_id',
          'in',
          eb
            .selectFrom('users')
            .select('users.id')
            .where((u) => u.or([u('users.name', 'like', like), u('users.apartment_number', 'like', like)])),
        ),
      ]),
    );
  }
  if (f.updatedSince) base = base.where('tickets.last_activity_at', '>=', f.updatedSince);
  const dir = f.sort === 'newest' ? 'desc' : 'asc';
  const by = f.sort === 'updated' ? 'tickets.last_activity_at' : 'tickets.created_at';
  return pageOf(base, (q) => adminColumns(q, staleBefore).orderBy(by, dir).orderBy('tickets.id', dir), window);
}

/** What a line of the back office's list shows of a ticket. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a query with nothing selected yet
function adminColumns(q: SelectQueryBuilder<Database, 'tickets', {}>, staleBefore: string) {
  return q
    .innerJoin('ticket_categories', 'ticket_categories.id', 'tickets.category_id')
    .innerJoin('locations', 'locations.id', 'tickets.location_id')
    .leftJoin('users', 'users.id', 'tickets.reporter_id')
    .leftJoin('providers', 'providers.id', 'tickets.assignee_provider_id')
    .select([
      'tickets.id',
      'tickets.number',
      'tickets.location_id',
      'tickets.created_at',
      'tickets.last_activity_at',
      'tickets.status',
      'tickets.scope',
      'tickets.place',
      'tickets.description',
      'tickets.reporter_id',
      'tickets.assignee_provider_id',
      'locations.title as location_title',
      'ticket_categories.name as category_name',
      'users.name as reporter_name',
      'users.apartment_number as reporter_apartment',
      'providers.name as assignee_name',
    ])
    .select((eb) => [
      followerCount(eb),
      eb
        .selectFrom('ticket_photos')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('ticket_photos.ticket_id', '=', 'tickets.id')
        .as('photo_count'),
      sql<number>`case when ${isStale(staleBefore)} then 1 else 0 end`.as('stale'),
    ]);
}
export type AdminListRow = Awaited<ReturnType<typeof listAdminTickets>>['rows'][number];

/** One ticket as the back office lists it (the page adds the rest). */
export function findAdminTicketLine(db: DB, id: number, staleBefore: string) {
  return adminColumns(db.selectFrom('tickets').where('tickets.id', '=', id), staleBefore).executeTakeFirst();
}

/** The tickets of one status in `locations`: how many, and the first `limit` (open: oldest first; closed: newest). */
export async function boardColumn(
  db: DB,
  locations: number[],
  status: TicketStatusColumn,
  staleBefore: string,
  limit: number,
) {
  const base = db
    .selectFrom('tickets')
    .where('tickets.location_id', 'in', idsOrNone(locations))
    .where('tickets.status', '=', status)
    .where('tickets.merged_into_id', 'is', null);
  const dir = OPEN.includes(status) ? 'asc' : 'desc';
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    adminColumns(base, staleBefore)
      .orderBy('tickets.created_at', dir)
      .orderBy('tickets.id', dir)
      .limit(limit)
      .execute(),
  ]);
  return { count: Number(count.n), rows };
}

/** New ('Eingegangen') and stale tickets of `locations`, for the navigation's count; both from indexes. */
export async function ticketSummary(db: DB, locations: number[], staleBefore: string) {
  const base = db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    // A merged duplicate is 'Abgelehnt', so neither count meets it; no table lookup is needed.
    .where('tickets.location_id', 'in', idsOrNone(locations));
  const [received, stale] = await Promise.all([
    base.where('tickets.status', '=', 'received').executeTakeFirstOrThrow(),
    base.where(isOpen).where(waitingSince, '<', staleBefore).executeTakeFirstOrThrow(),
  ]);
  return { received: Number(received.n), stale: Number(stale.n) };
}

/** The same two counts per location, for the back office's start page ('Übersicht'). */
export async function ticketSummaryByLocation(db: DB, locations: number[], staleBefore: string) {
  const base = db
    .selectFrom('tickets')
    .select(['tickets.location_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('tickets.location_id', 'in', idsOrNone(locations))
    .groupBy('tickets.location_id');
  const [received, stale] = await Promise.all([
    base.where('tickets.status', '=', 'received').execute(),
    base.where(isOpen).where(waitingSince, '<', staleBefore).execute(),
  ]);
  const [r, s] = [countsByLocation(locations, received), countsByLocation(locations, stale)];
  return new Map(locations.map((id) => [id, { received: r.get(id)!, stale: s.get(id)! }]));
}

/** Moves the reporter and followers of a duplicate onto the ticket it is merged into. */
export async function moveFollowers(
  trx: DB,
  from: { id: number; reporter_id: number | null },
  into: { id: number; reporter_id: number | null },
) {
  const now = nowIso();
  const followers = await trx
    .selectFrom('ticket_followers')
    .select('user_id')
    .where('ticket_id', '=', from.id)
    .execute();
  const people = new Set([
    ...followers.map((f) => f.user_id),
    ...(from.reporter_id === null ? [] : [from.reporter_id]),
  ]);
  if (into.reporter_id !== null) people.delete(into.reporter_id);
  if (!people.size) return;
  await trx
    .insertInto('ticket_followers')
    .values([...people].map((user_id) => ({ ticket_id: into.id, user_id, created_at: now })))
    .onConflict((oc) => oc.columns(['ticket_id', 'user_id']).doNothing())
    .execute();
}

/** The tickets of `locations` reported in [from, to), with what the figures need. */
export function ticketsForStats(db: DB, locations: number[], from: string, to: string) {
  return db
    .selectFrom('tickets')
    .innerJoin('ticket_categories', 'ticket_categories.id', 'tickets.category_id')
    .select([
      ...TICKET_HEAD,
      'tickets.status',
      'tickets.scope',
      'tickets.place',
      'tickets.first_response_at',
      'tickets.done_at',
      'tickets.rating',
      'tickets.merged_into_id',
      'ticket_categories.name as category_name',
    ])
    .select(followerCount)
    .where('tickets.location_id', 'in', idsOrNone(locations))
    .where('tickets.created_at', '>=', from)
    .where('tickets.created_at', '<', to)
    .orderBy('tickets.created_at')
    .orderBy('tickets.id')
    .execute();
}

/** A location's categories with how many tickets each has (the back office's editor). */
const adminCategories = (db: DB, locations: number[]) =>
  db.selectFrom('ticket_categories').where('ticket_categories.location_id', 'in', idsOrNone(locations));

const adminCategoryColumns = (q: ReturnType<typeof adminCategories>) =>
  q
    .selectAll('ticket_categories')
    .select((eb) =>
      eb
        .selectFrom('tickets')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('tickets.category_id', '=', 'ticket_categories.id')
        .as('ticket_count'),
    )
    .orderBy('ticket_categories.location_id')
    .orderBy('ticket_categories.sort_order')
    .orderBy('ticket_categories.id');

export function listAdminCategories(db: DB, locations: number[]) {
  return adminCategoryColumns(adminCategories(db, locations)).execute();
}
export type AdminCategoryRow = Awaited<ReturnType<typeof listAdminCategories>>[number];

/** One page of the categories of the given locations, in their order, with the total. */
export function pageAdminCategories(db: DB, locations: number[], window: PageWindow) {
  return pageOf(adminCategories(db, locations), adminCategoryColumns, window);
}

/** Adds a category to a location (at the end unless an order is given); returns its id. */
export async function insertCategory(
  trx: DB,
  v: {
    locationId: number;
    name: string;
    emergency: boolean;
    sortOrder?: number;
    archived: boolean;
    translations: string;
  },
): Promise<number> {
  const last = await trx
    .selectFrom('ticket_categories')
    .select((eb) => eb.fn.max('sort_order').as('m'))
    .where('location_id', '=', v.locationId)
    .executeTakeFirst();
  const row = await trx
    .insertInto('ticket_categories')
    .values({
      location_id: v.locationId,
      name: v.name,
      emergency: v.emergency ? 1 : 0,
      sort_order: v.sortOrder ?? Number(last?.m ?? -1) + 1,
      archived: v.archived ? 1 : 0,
      translations: v.translations,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Renames, reorders, marks or archives a category. */
export async function updateCategory(
  trx: DB,
  id: number,
  v: { name: string; emergency: boolean; sortOrder?: number; archived: boolean; translations: string },
): Promise<void> {
  await trx
    .updateTable('ticket_categories')
    .set({
      name: v.name,
      translations: v.translations,
      emergency: v.emergency ? 1 : 0,
      archived: v.archived ? 1 : 0,
      ...(v.sortOrder === undefined ? {} : { sort_order: v.sortOrder }),
    })
    .where('id', '=', id)
    .execute();
}

// ---- the craftsman's links ----

/** Writes a craftsman's link (the token's hash only); returns its id. */
export async function insertAssignment(trx: DB, row: Insertable<TicketAssignmentTable>): Promise<number> {
  const inserted = await trx.insertInto('ticket_assignments').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Changes a craftsman's link. */
export async function updateAssignment(trx: DB, id: number, patch: Updateable<TicketAssignmentTable>): Promise<void> {
  await trx.updateTable('ticket_assignments').set(patch).where('id', '=', id).execute();
}

/** A ticket's newest link with its provider, whether it still works or not. */
export function latestAssignment(db: DB, ticketId: number) {
  return db
    .selectFrom('ticket_assignments')
    .innerJoin('providers', 'providers.id', 'ticket_assignments.provider_id')
    .selectAll('ticket_assignments')
    .select(['providers.name as provider_name'])
    .where('ticket_assignments.ticket_id', '=', ticketId)
    .orderBy('ticket_assignments.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
export type AssignmentRow = NonNullable<Awaited<ReturnType<typeof latestAssignment>>>;

/** Assignments with their provider's name and e-mail address, as the craftsman's link and its mails need them. */
function assignmentsWithProvider(db: DB) {
  return db
    .selectFrom('ticket_assignments')
    .innerJoin('providers', 'providers.id', 'ticket_assignments.provider_id')
    .selectAll('ticket_assignments')
    .select(['providers.name as provider_name', 'providers.email as provider_email']);
}

/** The link behind a token, with its provider, while it still works; undefined otherwise. */
export function findLiveAssignment(db: DB, tokenHash: string) {
  return assignmentsWithProvider(db)
    .where('ticket_assignments.token_hash', '=', tokenHash)
    .where('ticket_assignments.ended_at', 'is', null)
    .executeTakeFirst();
}

/** The events a craftsman sees on a job: their own, and the management's public ones. */
export function listCraftsmanEvents(db: DB, ticketId: number, assignmentId: number) {
  return timeline(db, ticketId)
    .where((eb) =>
      eb.or([
        eb('ticket_events.assignment_id', '=', assignmentId),
        eb.and([eb('ticket_events.author', '=', 'management'), eb('ticket_events.internal', '=', 0)]),
      ]),
    )
    .orderBy('ticket_events.id')
    .execute();
}

/**
 * Where a ticket's defect is: its location's title, name, address and access note, and the
 * building or staircase the ticket names (with its own address and note), for the craftsman.
 */
export function placeOfTicket(db: DB, ticketId: number) {
  return db
    .selectFrom('tickets as t')
    .innerJoin('locations as l', 'l.id', 't.location_id')
    .leftJoin('location_buildings as b', 'b.id', 't.building_id')
    .select(['l.title', 'l.name', 'l.street', 'l.postal_code', 'l.city', 'l.access_note'])
    .select([
      'b.name as building_name',
      'b.street as building_street',
      'b.postal_code as building_postal_code',
      'b.city as building_city',
      'b.access_note as building_access_note',
    ])
    .where('t.id', '=', ticketId)
    .executeTakeFirstOrThrow();
}
export type TicketPlace = Awaited<ReturnType<typeof placeOfTicket>>;

/**
 * The assignment behind a craftsman's link, live or not: the page stays readable for a while
 * after the craftsman reported the job done (readJob decides).
 */
export function findAssignmentByToken(db: DB, tokenHash: string) {
  return assignmentsWithProvider(db).where('ticket_assignments.token_hash', '=', tokenHash).executeTakeFirst();
}

/** The current assignment of a ticket the craftsman reported done, or undefined. */
export function reportedAssignment(db: DB, ticketId: number) {
  return assignmentsWithProvider(db)
    .where('ticket_assignments.ticket_id', '=', ticketId)
    .where('ticket_assignments.state', '=', 'done')
    .where('ticket_assignments.ended_at', 'is', null)
    .orderBy('ticket_assignments.id', 'desc')
    .executeTakeFirst();
}

/**
 * Re-reads the ticket's status in `trx` and locks its row: true while it is still `status`, so of
 * two decisions at once (a manager's and the automatic acceptance) one goes through.
 */
export async function claimStatus(trx: DB, ticketId: number, status: TicketStatusColumn): Promise<boolean> {
  const res = await trx
    .updateTable('tickets')
    .set({ status })
    .where('id', '=', ticketId)
    .where('status', '=', status)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Tickets reported done before `before` at locations that accept automatically, with their days. */
export function dueForAutoAcceptance(db: DB, now: number) {
  return db
    .selectFrom('tickets as t')
    .innerJoin('locations as l', 'l.id', 't.location_id')
    .select(['t.id', 't.reported_done_at', 'l.auto_accept_days'])
    .where('t.status', '=', 'reported_done')
    .where('l.auto_accept_days', 'is not', null)
    .where('t.reported_done_at', '<', new Date(now - 86_400_000).toISOString())
    .execute()
    .then((rows) =>
      rows.filter((r) => Date.parse(r.reported_done_at!) + r.auto_accept_days! * 86_400_000 <= now).map((r) => r.id),
    );
}

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
      ...TICKET_HEAD,
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

/** A ticket with its category and reporter, as a webhook names it. */
export function ticketForWebhook(db: DB, id: number) {
  return db
    .selectFrom('tickets as t')
    .innerJoin('ticket_categories as c', 'c.id', 't.category_id')
    .leftJoin('users as r', 'r.id', 't.reporter_id')
    .select([
      't.id',
      't.number',
      't.location_id',
      't.status',
      't.scope',
      't.place',
      't.description',
      't.source',
      't.created_at',
      'c.id as category_id',
      'c.name as category_name',
      'r.id as reporter_id',
      'r.external_id as reporter_external_id',
      'r.apartment_number as reporter_apartment',
      'r.name as reporter_name',
      'r.email as reporter_email',
      'r.erased_at as reporter_erased_at',
    ])
    .where('t.id', '=', id)
    .executeTakeFirst();
}
export type TicketForWebhook = NonNullable<Awaited<ReturnType<typeof ticketForWebhook>>>;

/** The residents a ticket's news reaches: its reporter and its followers. */
export async function ticketAudience(db: DB, ticketId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('tickets')
    .select('reporter_id as id')
    .where('id', '=', ticketId)
    .where('reporter_id', 'is not', null)
    .union(db.selectFrom('ticket_followers').select('user_id as id').where('ticket_id', '=', ticketId))
    .execute();
  return rows.flatMap((r) => (r.id === null ? [] : [r.id]));
}
