import type { ExpressionBuilder } from 'kysely';
import type { NoticeInput } from '@hausportal/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction, type DB } from '../../db/database.js';
import { countsByLocation, idsOrNone, type PageWindow } from '../../db/paging.js';
import { nowIso } from '../../lib/time.js';

type NoticeValues = {
  title: string;
  text: string;
  important: boolean;
  ends_at: string | null;
  starts_at?: string | null;
  location_ids: number[];
};

/** Timestamps are compared as text, so they are stored as UTC ISO whatever offset they came with. */
const utc = (iso: string | null | undefined): string | null => (iso ? new Date(iso).toISOString() : null);

/** The ids of notices that reach at least one location outside `locations`: a manager may not touch those. */
function reachingBeyond(db: DB, locations: number[]) {
  return db.selectFrom('notice_locations').select('notice_id').where('location_id', 'not in', idsOrNone(locations));
}

/**
 * One page of the notices wholly within `locations` (the caller's scope) that reach `shown`
 * (all of `locations` when omitted), newest first, with their locations and author.
 */
export async function listNotices(db: DB, locations: number[], window: PageWindow, shown: number[] = locations) {
  const base = db
    .selectFrom('notices')
    .where(
      'notices.id',
      'in',
      db.selectFrom('notice_locations').select('notice_id').where('location_id', 'in', idsOrNone(shown)),
    )
    .where('notices.id', 'not in', reachingBeyond(db, locations));
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .leftJoin('users', 'users.id', 'notices.created_by')
      .selectAll('notices')
      .select('users.name as author_name')
      .orderBy('notices.created_at', 'desc')
      .orderBy('notices.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return {
    count: Number(total.n),
    rows: await withReads(db, await withAttachments(db, await withLocations(db, rows))),
  };
}

/** Only accounts of active residents make a household (no staff, no deactivated or erased accounts). */
const activeResident = (eb: ExpressionBuilder<Database & { u: Database['users'] }, 'u'>) =>
  eb.and([eb('u.role', '=', 'resident'), eb('u.is_active', '=', 1), eb('u.erased_at', 'is', null)]);

/**
 * Adds to each notice how many households opened it of how many it reaches, in one query for the
 * whole page. A household is a distinct apartment (location, apartment number) of the notice's
 * locations with at least one active resident; it opened the notice when one of those residents did.
 * An apartment lies in one location, so both numbers are sums over the notice's locations: the
 * query counts apartments per location (index users_location) and opening apartments per notice
 * and location (from the reads to their accounts by primary key). Two tables per part, so even a
 * planner that guesses wrong about fresh tables never pairs every resident with every read
 * (a three-way join took 23 s on PostgreSQL for 25 notices × 5,000 residents before ANALYZE).
 * Only counts leave this function, never who.
 */
async function withReads<T extends { id: number; locations: { id: number }[] }>(db: DB, rows: T[]) {
  const locations = idsOrNone([...new Set(rows.flatMap((r) => r.locations.map((l) => l.id)))]);
  const counts = await db
    .selectFrom('users as u')
    .select((eb) => [
      eb.val('households').as('kind'),
      eb.val(0).as('notice_id'),
      'u.location_id',
      eb.fn.count<number>('u.apartment_number').distinct().as('n'),
    ])
    .where('u.location_id', 'in', locations)
    .where(activeResident)
    .groupBy('u.location_id')
    .unionAll((eb) =>
      eb
        .selectFrom('notice_reads as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select((x) => [
          x.val('opened').as('kind'),
          'r.notice_id',
          'u.location_id',
          x.fn.count<number>('u.apartment_number').distinct().as('n'),
        ])
        .where('r.notice_id', 'in', idsOrNone(rows.map((r) => r.id)))
        .where(activeResident)
        .groupBy(['r.notice_id', 'u.location_id']),
    )
    .execute();
  const count = (kind: string, noticeId: number, locationId: number) =>
    Number(
      counts.find((c) => c.kind === kind && Number(c.notice_id) === noticeId && c.location_id === locationId)?.n ?? 0,
    );
  return rows.map((r) => ({
    ...r,
    reads: {
      // Reads by residents now living in a location the notice does not reach do not count.
      opened: r.locations.reduce((sum, l) => sum + count('opened', r.id, l.id), 0),
      households: r.locations.reduce((sum, l) => sum + count('households', 0, l.id), 0),
    },
  }));
}

async function withLocations<T extends { id: number }>(db: DB, rows: T[]) {
  const links = await db
    .selectFrom('notice_locations')
    .innerJoin('locations', 'locations.id', 'notice_locations.location_id')
    .select(['notice_locations.notice_id', 'locations.id', 'locations.title'])
    .where('notice_locations.notice_id', 'in', idsOrNone(rows.map((r) => r.id)))
    .orderBy('locations.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    locations: links.filter((l) => l.notice_id === r.id).map(({ id, title }) => ({ id, title })),
  }));
}

/** A notice whose locations all lie within `locations`, or undefined. */
export async function findNotice(db: DB, id: number, locations: number[]) {
  const row = await db
    .selectFrom('notices')
    .leftJoin('users', 'users.id', 'notices.created_by')
    .selectAll('notices')
    .select('users.name as author_name')
    .where('notices.id', '=', id)
    .where('notices.id', 'not in', reachingBeyond(db, locations))
    .executeTakeFirst();
  return row && (await withReads(db, await withAttachments(db, await withLocations(db, [row]))))[0];
}
export type NoticeRow = NonNullable<Awaited<ReturnType<typeof findNotice>>>;

/** Publishes a notice to its locations; returns its id. */
export function createNotice(db: DB, v: NoticeValues, authorId: number | null): Promise<number> {
  return inTransaction(db, async (trx) => {
    const now = nowIso();
    const { id } = await trx
      .insertInto('notices')
      .values({
        title: v.title,
        text: v.text,
        important: v.important ? 1 : 0,
        ends_at: utc(v.ends_at),
        starts_at: utc(v.starts_at),
        created_by: authorId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('notice_locations')
      .values([...new Set(v.location_ids)].map((location_id) => ({ notice_id: id, location_id })))
      .execute();
    return id;
  });
}

/** Replaces a notice's text, flags, end and locations. */
export function updateNotice(db: DB, id: number, v: NoticeValues): Promise<void> {
  return inTransaction(db, async (trx) => {
    await trx
      .updateTable('notices')
      .set({
        title: v.title,
        text: v.text,
        important: v.important ? 1 : 0,
        ends_at: utc(v.ends_at),
        starts_at: utc(v.starts_at),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('notice_locations').where('notice_id', '=', id).execute();
    await trx
      .insertInto('notice_locations')
      .values([...new Set(v.location_ids)].map((location_id) => ({ notice_id: id, location_id })))
      .execute();
  });
}

/** Deletes a notice with its attachments' rows; returns the files to remove. */
export async function deleteNotice(db: DB, id: number): Promise<string[]> {
  return inTransaction(db, async (trx) => {
    const files = await trx.selectFrom('notice_attachments').select('file_key').where('notice_id', '=', id).execute();
    await trx.deleteFrom('notices').where('id', '=', id).execute();
    return files.map((f) => f.file_key);
  });
}

/**
 * Adds a PDF to a notice unless it has `max` already; returns false then. The notice row is
 * touched first, which makes parallel uploads to one notice wait for each other on PostgreSQL
 * (row lock) as on SQLite (one writer), so the count they see is the real one.
 */
export function addAttachment(
  db: DB,
  noticeId: number,
  v: { name: string; fileKey: string; size: number },
  max: number,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await trx.updateTable('notices').set({ updated_at: nowIso() }).where('id', '=', noticeId).execute();
    const { n } = await trx
      .selectFrom('notice_attachments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('notice_id', '=', noticeId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= max) return false;
    await trx
      .insertInto('notice_attachments')
      .values({ notice_id: noticeId, name: v.name, file_key: v.fileKey, size: v.size, created_at: nowIso() })
      .execute();
    return true;
  });
}

/** Removes one PDF of a notice; returns its file key, or undefined when the notice has no such PDF. */
export async function removeAttachment(db: DB, noticeId: number, attachmentId: number): Promise<string | undefined> {
  const row = await db
    .deleteFrom('notice_attachments')
    .where('id', '=', attachmentId)
    .where('notice_id', '=', noticeId)
    .returning('file_key')
    .executeTakeFirst();
  return row?.file_key;
}

/** A notice is up from its start (or at once) until its end. */
const isUp = (now: string) => (eb: ExpressionBuilder<Database, 'notices'>) =>
  eb.and([
    eb.or([eb('notices.starts_at', 'is', null), eb('notices.starts_at', '<=', now)]),
    eb.or([eb('notices.ends_at', 'is', null), eb('notices.ends_at', '>', now)]),
  ]);

/** It has started (or had no start); it may have ended. */
const hasStarted = (now: string) => (eb: ExpressionBuilder<Database, 'notices'>) =>
  eb.or([eb('notices.starts_at', 'is', null), eb('notices.starts_at', '<=', now)]);

/**
 * The notices a location shows now (started, not yet ended), with whether `userId` opened or
 * dismissed each: important ones first, then newest. `id` narrows it to one notice, which may
 * have ended (a resident may still mark what they saw).
 */
export async function residentNotices(db: DB, locationId: number, userId: number, id?: number) {
  const now = nowIso();
  let q = db
    .selectFrom('notices')
    .innerJoin('notice_locations', 'notice_locations.notice_id', 'notices.id')
    .leftJoin('notice_reads', (j) =>
      j.onRef('notice_reads.notice_id', '=', 'notices.id').on('notice_reads.user_id', '=', userId),
    )
    .select([
      'notices.id',
      'notices.title',
      'notices.text',
      'notices.important',
      'notices.created_at',
      'notices.starts_at',
      'notices.ends_at',
      'notice_reads.opened_at',
      'notice_reads.dismissed_at',
    ])
    .where('notice_locations.location_id', '=', locationId);
  q = id === undefined ? q.where(isUp(now)) : q.where('notices.id', '=', id).where(hasStarted(now));
  const rows = await q
    .orderBy('notices.important', 'desc')
    .orderBy((eb) => eb.fn.coalesce('notices.starts_at', 'notices.created_at'), 'desc')
    .orderBy('notices.id', 'desc')
    .limit(100)
    .execute();
  return withAttachments(db, rows);
}
export type ResidentNoticeRow = Awaited<ReturnType<typeof residentNotices>>[number];

/** Adds each notice's PDFs (one query for all of them). */
export async function withAttachments<T extends { id: number }>(db: DB, rows: T[]) {
  const files = await db
    .selectFrom('notice_attachments')
    .select(['id', 'notice_id', 'name', 'size', 'file_key'])
    .where('notice_id', 'in', idsOrNone(rows.map((r) => r.id)))
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, attachments: files.filter((f) => f.notice_id === r.id) }));
}
export type NoticeAttachmentRow = Awaited<ReturnType<typeof withAttachments>>[number]['attachments'][number];

/** The resident opened the notice; the first time counts, later calls change nothing. */
export async function markOpened(db: DB, noticeId: number, userId: number): Promise<void> {
  await db
    .insertInto('notice_reads')
    .values({ notice_id: noticeId, user_id: userId, opened_at: nowIso(), dismissed_at: null })
    .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
    .execute();
}

/** The resident dismissed the notice, which implies opening it; the first dismissal counts. */
export async function markDismissed(db: DB, noticeId: number, userId: number): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('notice_reads')
    .values({ notice_id: noticeId, user_id: userId, opened_at: now, dismissed_at: now })
    .onConflict((oc) =>
      oc
        .columns(['notice_id', 'user_id'])
        .doUpdateSet({ dismissed_at: (eb) => eb.fn.coalesce('notice_reads.dismissed_at', 'excluded.dismissed_at') }),
    )
    .execute();
}

/**
 * Marks the notice announced if it has started and nobody announced it yet. The compare-and-set
 * (`announced_at is null`) lets exactly one caller win, in any number of processes: the winner
 * queues the notification in the same transaction (notices.actions.ts).
 */
export async function claimAnnouncement(db: DB, id: number): Promise<boolean> {
  const now = nowIso();
  const res = await db
    .updateTable('notices')
    .set({ announced_at: now })
    .where('id', '=', id)
    .where('announced_at', 'is', null)
    .where(hasStarted(now))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Notices that have started but whose notification has not gone out yet (oldest start first). */
export async function dueAnnouncements(db: DB, limit = 100): Promise<number[]> {
  const rows = await db
    .selectFrom('notices')
    .select('id')
    .where('announced_at', 'is', null)
    .where(hasStarted(nowIso()))
    .orderBy('starts_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Started notices of a location that became visible after `since`: they count toward the blackboard badge like posts. */
export async function countNewNotices(db: DB, locationId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('notices')
    .innerJoin('notice_locations', 'notice_locations.notice_id', 'notices.id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('notice_locations.location_id', '=', locationId)
    .where((eb) => eb(eb.fn.coalesce('notices.starts_at', 'notices.created_at'), '>', since))
    .where(isUp(nowIso()))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type { NoticeInput };

/**
 * Per location, the notices that show now and end within the window (the back
 * office's 'Übersicht': a manager renews or lets them go).
 */
export async function noticesEndingByLocation(
  db: DB,
  locations: number[],
  until: string,
): Promise<Map<number, number>> {
  const now = nowIso();
  const rows = await db
    .selectFrom('notices')
    .innerJoin('notice_locations', 'notice_locations.notice_id', 'notices.id')
    .select(['notice_locations.location_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('notice_locations.location_id', 'in', locations.length ? locations : [-1])
    .where(isUp(now))
    .where('notices.ends_at', 'is not', null)
    .where('notices.ends_at', '<=', until)
    .groupBy('notice_locations.location_id')
    .execute();
  return countsByLocation(locations, rows);
}

/** A notice and the locations it is shown in. */
export async function noticeOf(db: DB, noticeId: number) {
  const notice = await db
    .selectFrom('notices')
    .select(['title', 'text', 'important'])
    .where('id', '=', noticeId)
    .executeTakeFirstOrThrow();
  const locations = await db
    .selectFrom('notice_locations')
    .select('location_id')
    .where('notice_id', '=', noticeId)
    .execute();
  return { ...notice, locationIds: locations.map((l) => l.location_id) };
}

// ---- DSGVO ----

/** Which notices a user opened or dismissed, and when, for the export. */
export function noticeReadsOf(db: DB, userId: number) {
  return db
    .selectFrom('notice_reads')
    .innerJoin('notices', 'notices.id', 'notice_reads.notice_id')
    .select(['notice_reads.notice_id', 'notices.title', 'notice_reads.opened_at', 'notice_reads.dismissed_at'])
    .where('notice_reads.user_id', '=', userId)
    .orderBy('notice_reads.opened_at')
    .orderBy('notice_reads.notice_id')
    .execute();
}

export async function deleteNoticeReadsOf(trx: DB, userId: number): Promise<void> {
  await trx.deleteFrom('notice_reads').where('user_id', '=', userId).execute();
}
