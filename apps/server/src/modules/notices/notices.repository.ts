import type { NoticeInput } from '@hausportal/contract';
import { inTransaction, type DB } from '../../db/database.js';
import { idsOrNone, type PageWindow } from '../../db/paging.js';
import { nowIso } from '../../lib/time.js';

type NoticeValues = { title: string; text: string; important: boolean; ends_at: string | null; location_ids: number[] };

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
  return { count: Number(total.n), rows: await withLocations(db, rows) };
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
  return row && (await withLocations(db, [row]))[0];
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
        ends_at: v.ends_at,
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
      .set({ title: v.title, text: v.text, important: v.important ? 1 : 0, ends_at: v.ends_at, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('notice_locations').where('notice_id', '=', id).execute();
    await trx
      .insertInto('notice_locations')
      .values([...new Set(v.location_ids)].map((location_id) => ({ notice_id: id, location_id })))
      .execute();
  });
}

/** Deletes a notice. */
export async function deleteNotice(db: DB, id: number): Promise<void> {
  await db.deleteFrom('notices').where('id', '=', id).execute();
}

/** The notices a location shows now (not yet ended): important ones first, then newest. */
export function activeNotices(db: DB, locationId: number) {
  return db
    .selectFrom('notices')
    .innerJoin('notice_locations', 'notice_locations.notice_id', 'notices.id')
    .select([
      'notices.id',
      'notices.title',
      'notices.text',
      'notices.important',
      'notices.created_at',
      'notices.ends_at',
    ])
    .where('notice_locations.location_id', '=', locationId)
    .where((eb) => eb.or([eb('notices.ends_at', 'is', null), eb('notices.ends_at', '>', nowIso())]))
    .orderBy('notices.important', 'desc')
    .orderBy('notices.created_at', 'desc')
    .orderBy('notices.id', 'desc')
    .limit(100)
    .execute();
}

/** Active notices of a location published after `since`: they count toward the blackboard badge like posts. */
export async function countNewNotices(db: DB, locationId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('notices')
    .innerJoin('notice_locations', 'notice_locations.notice_id', 'notices.id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('notice_locations.location_id', '=', locationId)
    .where('notices.created_at', '>', since)
    .where((eb) => eb.or([eb('notices.ends_at', 'is', null), eb('notices.ends_at', '>', nowIso())]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type { NoticeInput };
