import type { ModeratedKind } from '@hausportal/contract';
import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import { countsByLocation, idsOrNone, pageOf, type PageWindow } from '../../db/paging.js';
import type { ModerationStatus } from '../../db/schema.js';
import { nowIso } from '../../lib/time.js';
import { attachmentsOf, refreshApprovedCount, refreshCommentCount } from '../messages/messages.repository.js';

export type { ModeratedKind } from '@hausportal/contract';

// The queue waits oldest first: whoever wrote first has waited longest. Decided lists read newest first.
const direction = (status: ModerationStatus) => (status === 'pending' ? 'asc' : 'desc');

/** One page of the posts of `locations` with this status, with author, location and attachments. */
export function listMessagesByStatus(db: DB, locations: number[], status: ModerationStatus, window: PageWindow) {
  const base = db
    .selectFrom('messages')
    .where('messages.location_id', 'in', idsOrNone(locations))
    .where('messages.status', '=', status);
  return pageOf(
    base,
    (q) =>
      q
        .innerJoin('users', 'users.id', 'messages.user_id')
        .innerJoin('locations', 'locations.id', 'messages.location_id')
        .select([
          'messages.id',
          'messages.text',
          'messages.status',
          'messages.created_at',
          'messages.location_id',
          'messages.rejection_reason',
          'locations.title as location_title',
          'users.name as user_name',
          'users.apartment_number',
        ])
        .select((eb) => attachmentsOf(db, eb).as('documents'))
        .orderBy('messages.created_at', direction(status))
        .orderBy('messages.id', direction(status)),
    window,
  );
}
export type QueueMessageRow = Awaited<ReturnType<typeof listMessagesByStatus>>['rows'][number];

/** One page of the comments on posts of `locations` with this status, with the post they belong to. */
export function listCommentsByStatus(db: DB, locations: number[], status: ModerationStatus, window: PageWindow) {
  const base = db
    .selectFrom('comments')
    .innerJoin('messages', 'messages.id', 'comments.message_id')
    .where('messages.location_id', 'in', idsOrNone(locations))
    .where('comments.status', '=', status);
  return pageOf(
    base,
    (q) =>
      q
        .innerJoin('users', 'users.id', 'comments.user_id')
        .innerJoin('locations', 'locations.id', 'messages.location_id')
        .select([
          'comments.id',
          'comments.text',
          'comments.status',
          'comments.created_at',
          'comments.rejection_reason',
          'messages.location_id',
          'locations.title as location_title',
          'users.name as user_name',
          'users.apartment_number',
          'messages.id as message_id',
          'messages.text as message_text',
        ])
        .select((eb) =>
          eb
            .selectFrom('users as author')
            .select('author.name')
            .whereRef('author.id', '=', 'messages.user_id')
            .as('message_user_name'),
        )
        .orderBy('comments.created_at', direction(status))
        .orderBy('comments.id', direction(status)),
    window,
  );
}
export type QueueCommentRow = Awaited<ReturnType<typeof listCommentsByStatus>>['rows'][number];

/** How many posts and comments wait, and how many reported items, in `locations`. */
export async function moderationSummary(db: DB, locations: number[]) {
  const within = idsOrNone(locations);
  const [messages, comments, reports] = await Promise.all([
    db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('location_id', 'in', within)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('comments')
      .innerJoin('messages', 'messages.id', 'comments.message_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('messages.location_id', 'in', within)
      .where('comments.status', '=', 'pending')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('reports')
      .select(sql<number>`count(distinct target_kind || ':' || target_id)`.as('n'))
      .where('location_id', 'in', within)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow(),
  ]);
  const counts = {
    pending_messages: Number(messages.n),
    pending_comments: Number(comments.n),
    open_reports: Number(reports.n),
  };
  return { ...counts, total: counts.pending_messages + counts.pending_comments + counts.open_reports };
}

/** Per location: posts and comments waiting, and reported items ('Übersicht'). */
export async function moderationSummaryByLocation(db: DB, locations: number[]) {
  const within = idsOrNone(locations);
  const [messages, comments, reports] = await Promise.all([
    db
      .selectFrom('messages')
      .select(['location_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('location_id', 'in', within)
      .where('status', '=', 'pending')
      .groupBy('location_id')
      .execute(),
    db
      .selectFrom('comments')
      .innerJoin('messages', 'messages.id', 'comments.message_id')
      .select(['messages.location_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('messages.location_id', 'in', within)
      .where('comments.status', '=', 'pending')
      .groupBy('messages.location_id')
      .execute(),
    db
      .selectFrom('reports')
      .select(['location_id', sql<number | string>`count(distinct target_kind || ':' || target_id)`.as('n')])
      .where('location_id', 'in', within)
      .where('status', '=', 'open')
      .groupBy('location_id')
      .execute(),
  ]);
  const [m, c, r] = [messages, comments, reports].map((rows) => countsByLocation(locations, rows));
  return new Map(
    locations.map((id) => [
      id,
      { pending_messages: m!.get(id)!, pending_comments: c!.get(id)!, open_reports: r!.get(id)! },
    ]),
  );
}

/** A moderated item within `locations`: its status, location and (for a comment) post; undefined when out of reach. */
export async function findModerated(db: DB, kind: ModeratedKind, id: number, locations: number[]) {
  if (kind === 'message') {
    const row = await db
      .selectFrom('messages')
      .select(['id', 'status', 'location_id', 'user_id', 'text'])
      .where('id', '=', id)
      .where('location_id', 'in', idsOrNone(locations))
      .executeTakeFirst();
    return row && { ...row, message_id: row.id };
  }
  return db
    .selectFrom('comments')
    .innerJoin('messages', 'messages.id', 'comments.message_id')
    .select([
      'comments.id',
      'comments.status',
      'messages.location_id',
      'comments.user_id',
      'comments.text',
      'comments.message_id',
    ])
    .where('comments.id', '=', id)
    .where('messages.location_id', 'in', idsOrNone(locations))
    .executeTakeFirst();
}
export type ModeratedRow = NonNullable<Awaited<ReturnType<typeof findModerated>>>;

/**
 * Sets an item's status (and the reason its author reads, or none) and recounts what the change
 * touches: the location's approved posts, or the post's approved comments.
 */
export async function setStatus(
  trx: DB,
  kind: ModeratedKind,
  item: ModeratedRow,
  status: ModerationStatus,
  reason: string | null,
  moderatorId: number | null,
): Promise<void> {
  const columns = { status, rejection_reason: reason, moderated_at: nowIso(), moderated_by: moderatorId };
  if (kind === 'message') {
    await trx.updateTable('messages').set(columns).where('id', '=', item.id).execute();
    await refreshApprovedCount(trx, item.location_id);
  } else {
    await trx.updateTable('comments').set(columns).where('id', '=', item.id).execute();
    await refreshCommentCount(trx, item.message_id);
  }
}

/** A post with its author's name, as a notification quotes it. */
export function postOf(db: DB, id: number) {
  return db
    .selectFrom('messages')
    .innerJoin('users', 'users.id', 'messages.user_id')
    .select(['messages.id', 'messages.text', 'messages.location_id', 'messages.user_id', 'users.name'])
    .where('messages.id', '=', id)
    .executeTakeFirstOrThrow();
}

/** A comment with its author's name and its post's author and location. */
export function commentOf(db: DB, id: number) {
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .innerJoin('messages', 'messages.id', 'comments.message_id')
    .select([
      'comments.id',
      'comments.text',
      'comments.user_id',
      'comments.message_id',
      'users.name',
      'messages.user_id as post_author_id',
      'messages.location_id',
    ])
    .where('comments.id', '=', id)
    .executeTakeFirstOrThrow();
}

export function postForWebhook(db: DB, id: number) {
  return db
    .selectFrom('messages')
    .select(['id', 'location_id', 'text', 'created_at', 'moderated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}
