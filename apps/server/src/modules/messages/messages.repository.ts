import { sql } from 'kysely';
import { inTransaction, jsonArrayFrom, type DB } from '../../db/database.js';
import type { ModerationStatus } from '../../db/schema.js';
import { pageOf, type PageWindow } from '../../db/paging.js';
import { isoFromMs, nowIso } from '../../lib/time.js';

export type Viewer = { userId: number; locationId: number };

const messageColumns = [
  'messages.id',
  'messages.text',
  'messages.created_at',
  'messages.status',
  'messages.rejection_reason',
  'messages.like_count',
  'messages.comment_count',
  'messages.user_id',
  'users.name as user_name',
  'users.profile_picture as user_image',
] as const;

/** Posts with their author, attachments and the viewer's own like/comment flags, in one query. */
function selectMessages(db: DB, viewerId: number) {
  return db
    .selectFrom('messages')
    .innerJoin('users', 'users.id', 'messages.user_id')
    .select(messageColumns)
    .select((eb) => [
      jsonArrayFrom(
        db,
        eb
          .selectFrom('message_documents')
          .select([
            'message_documents.id',
            'message_documents.kind',
            'message_documents.name',
            'message_documents.file_key',
            'message_documents.thumbnail_key',
          ])
          .whereRef('message_documents.message_id', '=', 'messages.id')
          .orderBy('message_documents.id'),
      ).as('documents'),
      eb
        .exists(
          eb
            .selectFrom('likes')
            .select('likes.user_id')
            .whereRef('likes.message_id', '=', 'messages.id')
            .where('likes.user_id', '=', viewerId),
        )
        .as('self_liked'),
      eb
        .exists(
          eb
            .selectFrom('comments')
            .select('comments.id')
            .whereRef('comments.message_id', '=', 'messages.id')
            .where('comments.user_id', '=', viewerId),
        )
        .as('self_commented'),
    ]);
}

/**
 * One page of the blackboard: approved posts newest first. Page 1 also starts with the viewer's
 * own posts still awaiting moderation (or recently rejected), so authors see "In Prüfung" and a
 * rejection reason while `count` and the paging stay those of the approved posts.
 */
export async function listMessages(db: DB, v: Viewer, page: number, pageSize: number) {
  // The page's ids come from the feed index alone; only those rows are joined. Everything a page
  // needs is one statement, because on PostgreSQL each round trip costs more than the query.
  const pageIds = db
    .selectFrom('messages')
    .select('id')
    .where('location_id', '=', v.locationId)
    .where('status', '=', 'approved')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const ownIds = db
    .selectFrom('messages')
    .select('id')
    .where('user_id', '=', v.userId)
    .where('location_id', '=', v.locationId)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['pending', 'hidden']),
        eb.and([
          eb('status', '=', 'rejected'),
          eb('moderated_at', '>', isoFromMs(Date.now() - OWN_REJECTED_VISIBLE_MS)),
        ]),
      ]),
    )
    .orderBy('created_at', 'desc')
    .limit(pageSize);
  const ids =
    page === 1
      ? db
          .selectFrom(pageIds.as('p'))
          .select('p.id')
          .unionAll(db.selectFrom(ownIds.as('o')).select('o.id'))
      : pageIds;
  return selectMessages(db, v.userId)
    .select((eb) =>
      eb.selectFrom('locations').select('approved_message_count').where('locations.id', '=', v.locationId).as('total'),
    )
    .where('messages.id', 'in', ids)
    .orderBy(sql`case when messages.status = 'approved' then 1 else 0 end`)
    .orderBy('messages.created_at', 'desc')
    .orderBy('messages.id', 'desc')
    .execute();
}

/** How long an author keeps seeing their own rejected post (with the reason) on page 1. */
const OWN_REJECTED_VISIBLE_MS = 14 * 24 * 60 * 60 * 1000;

/** Approved posts of a location: the stored counter, or a count of those newer than `since`. */
export async function countApproved(db: DB, locationId: number, since?: string): Promise<number> {
  if (!since) {
    const row = await db
      .selectFrom('locations')
      .select('approved_message_count')
      .where('id', '=', locationId)
      .executeTakeFirst();
    return Number(row?.approved_message_count ?? 0);
  }
  const row = await db
    .selectFrom('messages')
    .where('location_id', '=', locationId)
    .where('status', '=', 'approved')
    .where('created_at', '>', since)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Recounts a location's approved posts; call after anything changes a post's status. */
export async function refreshApprovedCount(db: DB, locationId: number): Promise<void> {
  await db
    .updateTable('locations')
    .set({
      approved_message_count: sql<number>`(select count(*) from messages where messages.location_id = ${locationId} and messages.status = 'approved')`,
    })
    .where('id', '=', locationId)
    .execute();
}

/** One post if the viewer may see it: approved in their location, or their own. */
export function findVisibleMessage(db: DB, v: Viewer, id: number) {
  return selectMessages(db, v.userId)
    .where('messages.id', '=', id)
    .where('messages.location_id', '=', v.locationId)
    .where((eb) => eb.or([eb('messages.status', '=', 'approved'), eb('messages.user_id', '=', v.userId)]))
    .executeTakeFirst();
}

export type MessageRow = NonNullable<Awaited<ReturnType<typeof findVisibleMessage>>>;

/** An attachment as the post queries return it. */
export type AttachmentRow = {
  id: number;
  kind: 'image' | 'pdf';
  name: string;
  file_key: string;
  thumbnail_key: string | null;
};

/** When a post or comment was written and where moderation stands; new ones are pending and dated now. */
export interface Written {
  status?: ModerationStatus;
  createdAt?: string;
}

/** Creates a post, pending unless said otherwise. */
export async function createMessage(db: DB, v: Viewer, text: string, { status = 'pending', createdAt }: Written = {}) {
  const row = await db
    .insertInto('messages')
    .values({
      location_id: v.locationId,
      user_id: v.userId,
      text,
      status,
      rejection_reason: null,
      like_count: 0,
      comment_count: 0,
      created_at: createdAt ?? nowIso(),
      moderated_at: null,
      moderated_by: null,
    })
    .returning(['id', 'status'])
    .executeTakeFirstOrThrow();
  return row;
}

/** Counts a post's attachments by kind. */
export async function countAttachments(db: DB, messageId: number) {
  const rows = await db
    .selectFrom('message_documents')
    .select(['kind', (eb) => eb.fn.countAll().as('n')])
    .where('message_id', '=', messageId)
    .groupBy('kind')
    .execute();
  const get = (k: string) => Number(rows.find((r) => r.kind === k)?.n ?? 0);
  return { image: get('image'), pdf: get('pdf') };
}

/**
 * Adds an attachment if the post is still its author's pending post and holds fewer than `max`
 * of its kind. The first statement writes the post row, which locks it on PostgreSQL and takes
 * SQLite's write lock, so parallel uploads count one after another and cannot pass the limit
 * together. Returns 'full' or 'closed' (approved, rejected or gone) when nothing was added.
 */
export async function addAttachmentWithinLimit(
  db: DB,
  v: {
    messageId: number;
    authorId: number;
    kind: 'image' | 'pdf';
    name: string;
    fileKey: string;
    thumbnailKey: string | null;
    contentType: string;
    size: number;
  },
  max: number,
) {
  return inTransaction(db, async (trx) => {
    const locked = await trx
      .updateTable('messages')
      .set((eb) => ({ status: eb.ref('status') }))
      .where('id', '=', v.messageId)
      .where('user_id', '=', v.authorId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) !== 1) return 'closed' as const;
    if ((await countAttachments(trx, v.messageId))[v.kind] >= max) return 'full' as const;
    return trx
      .insertInto('message_documents')
      .values({
        message_id: v.messageId,
        kind: v.kind,
        name: v.name,
        file_key: v.fileKey,
        thumbnail_key: v.thumbnailKey,
        content_type: v.contentType,
        size: v.size,
        created_at: nowIso(),
      })
      .returning(['id', 'message_id', 'kind', 'name', 'file_key', 'thumbnail_key'])
      .executeTakeFirstOrThrow();
  });
}

/** The viewer's own post in their location, whatever its status; undefined otherwise. */
export function findOwnMessage(db: DB, v: Viewer, id: number) {
  return db
    .selectFrom('messages')
    .select(['id', 'status', 'text', 'rejection_reason'])
    .where('id', '=', id)
    .where('user_id', '=', v.userId)
    .where('location_id', '=', v.locationId)
    .executeTakeFirst();
}

/** A rejected post with new text goes back into the queue; the old reason no longer applies. */
export async function resubmitMessage(db: DB, id: number, text: string): Promise<void> {
  await db
    .updateTable('messages')
    .set({
      text,
      status: 'pending',
      rejection_reason: null,
      moderated_at: null,
      moderated_by: null,
      created_at: nowIso(),
    })
    .where('id', '=', id)
    .where('status', '=', 'rejected')
    .execute();
}

/** One page of a post's comments the viewer may see (approved ones and their own), oldest first, with the total. */
export function listComments(db: DB, userId: number, messageId: number, window: PageWindow) {
  const visible = db
    .selectFrom('comments')
    .where('comments.message_id', '=', messageId)
    .where((eb) => eb.or([eb('comments.status', '=', 'approved'), eb('comments.user_id', '=', userId)]));
  return pageOf(
    visible,
    (q) =>
      q
        .innerJoin('users', 'users.id', 'comments.user_id')
        .select([
          'comments.id',
          'comments.text',
          'comments.created_at',
          'comments.status',
          'comments.user_id',
          'comments.rejection_reason',
          'users.name as user_name',
          'users.profile_picture as user_image',
        ])
        .orderBy('comments.created_at')
        .orderBy('comments.id'),
    window,
  );
}

export type CommentRow = Awaited<ReturnType<typeof listComments>>['rows'][number];

/** Creates a comment, pending unless said otherwise. */
export async function createComment(
  db: DB,
  userId: number,
  messageId: number,
  text: string,
  { status = 'pending', createdAt }: Written = {},
) {
  return db
    .insertInto('comments')
    .values({
      message_id: messageId,
      user_id: userId,
      text,
      status,
      rejection_reason: null,
      created_at: createdAt ?? nowIso(),
      moderated_at: null,
      moderated_by: null,
    })
    .returning(['id', 'status', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** Sets or removes a like and returns the new count; idempotent both ways. */
export async function setLike(db: DB, userId: number, messageId: number, like: boolean): Promise<number> {
  return inTransaction(db, async (trx) => {
    if (like) {
      await trx
        .insertInto('likes')
        .values({ message_id: messageId, user_id: userId, created_at: nowIso() })
        .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
        .execute();
    } else {
      await trx.deleteFrom('likes').where('message_id', '=', messageId).where('user_id', '=', userId).execute();
    }
    // Recount instead of +1/-1 so the stored count can never drift from the likes table.
    await trx
      .updateTable('messages')
      .set({ like_count: sql<number>`(select count(*) from likes where likes.message_id = ${messageId})` })
      .where('id', '=', messageId)
      .execute();
    const row = await trx
      .selectFrom('messages')
      .select('like_count')
      .where('id', '=', messageId)
      .executeTakeFirstOrThrow();
    return Number(row.like_count);
  });
}

/** Recomputes a post's approved-comment count (after moderation). */
export async function refreshCommentCount(db: DB, messageId: number): Promise<void> {
  await db
    .updateTable('messages')
    .set({
      comment_count: sql<number>`(select count(*) from comments where comments.message_id = ${messageId} and comments.status = 'approved')`,
    })
    .where('id', '=', messageId)
    .execute();
}
