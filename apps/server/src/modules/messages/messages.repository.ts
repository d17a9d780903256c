import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import type { ModerationStatus } from '../../db/schema.js';
import { nowIso } from '../../lib/time.js';

export type Viewer = { userId: number; locationId: number };

// What a viewer may see: approved posts of their location, and their own posts in any state.
function visibleMessages(db: DB, v: Viewer) {
  return db
    .selectFrom('messages')
    .where('messages.location_id', '=', v.locationId)
    .where((eb) => eb.or([eb('messages.status', '=', 'approved'), eb('messages.user_id', '=', v.userId)]));
}

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

/** One page of the blackboard, newest first. */
export async function listMessages(db: DB, v: Viewer, limit: number, offset: number) {
  // Page the ids on the covering index first, then join only the rows of this page.
  const ids = await visibleMessages(db, v)
    .select('messages.id')
    .orderBy('messages.created_at', 'desc')
    .orderBy('messages.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('messages')
    .innerJoin('users', 'users.id', 'messages.user_id')
    .select(messageColumns)
    .where('messages.id', 'in', ids.map((r) => r.id))
    .orderBy('messages.created_at', 'desc')
    .orderBy('messages.id', 'desc')
    .execute();
  return rows;
}

/** Approved posts of a location: the `count` of the list and of the badge. */
export async function countApproved(db: DB, locationId: number, since?: string): Promise<number> {
  let q = db.selectFrom('messages').where('location_id', '=', locationId).where('status', '=', 'approved');
  if (since) q = q.where('created_at', '>', since);
  const row = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One post if the viewer may see it. */
export function findVisibleMessage(db: DB, v: Viewer, id: number) {
  return visibleMessages(db, v)
    .innerJoin('users', 'users.id', 'messages.user_id')
    .select(messageColumns)
    .where('messages.id', '=', id)
    .executeTakeFirst();
}

export type MessageRow = NonNullable<Awaited<ReturnType<typeof findVisibleMessage>>>;

/** Attachments of the given posts. */
export function listAttachments(db: DB, messageIds: number[]) {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('message_documents')
    .select(['id', 'message_id', 'kind', 'name', 'file_key', 'thumbnail_key'])
    .where('message_id', 'in', messageIds)
    .orderBy('id')
    .execute();
}

/** Of the given posts, those the user liked and those the user commented on. */
export async function selfFlags(db: DB, userId: number, messageIds: number[]) {
  if (messageIds.length === 0) return { liked: new Set<number>(), commented: new Set<number>() };
  const [likes, comments] = await Promise.all([
    db.selectFrom('likes').select('message_id').where('user_id', '=', userId).where('message_id', 'in', messageIds).execute(),
    db.selectFrom('comments').select('message_id').distinct().where('user_id', '=', userId).where('message_id', 'in', messageIds).execute(),
  ]);
  return { liked: new Set(likes.map((r) => r.message_id)), commented: new Set(comments.map((r) => r.message_id)) };
}

/** Creates a pending post. */
export async function createMessage(db: DB, v: Viewer, text: string, status: ModerationStatus = 'pending') {
  const row = await db
    .insertInto('messages')
    .values({ location_id: v.locationId, user_id: v.userId, text, status, rejection_reason: null, like_count: 0, comment_count: 0, created_at: nowIso(), moderated_at: null, moderated_by: null })
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

/** Adds an attachment to a post. */
export async function addAttachment(
  db: DB,
  v: { messageId: number; kind: 'image' | 'pdf'; name: string; fileKey: string; thumbnailKey: string | null; contentType: string; size: number },
) {
  return db
    .insertInto('message_documents')
    .values({ message_id: v.messageId, kind: v.kind, name: v.name, file_key: v.fileKey, thumbnail_key: v.thumbnailKey, content_type: v.contentType, size: v.size, created_at: nowIso() })
    .returning(['id', 'message_id', 'kind', 'name', 'file_key', 'thumbnail_key'])
    .executeTakeFirstOrThrow();
}

/** Comments of a post the viewer may see: approved ones and their own, oldest first. */
export function listComments(db: DB, userId: number, messageId: number, limit: number, offset: number) {
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .select(['comments.id', 'comments.text', 'comments.created_at', 'comments.status', 'users.name as user_name', 'users.profile_picture as user_image'])
    .where('comments.message_id', '=', messageId)
    .where((eb) => eb.or([eb('comments.status', '=', 'approved'), eb('comments.user_id', '=', userId)]))
    .orderBy('comments.created_at')
    .orderBy('comments.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many comments of a post the viewer may see. */
export async function countComments(db: DB, userId: number, messageId: number): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('message_id', '=', messageId)
    .where((eb) => eb.or([eb('status', '=', 'approved'), eb('user_id', '=', userId)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Creates a pending comment. */
export async function createComment(db: DB, userId: number, messageId: number, text: string) {
  return db
    .insertInto('comments')
    .values({ message_id: messageId, user_id: userId, text, status: 'pending', rejection_reason: null, created_at: nowIso(), moderated_at: null, moderated_by: null })
    .returning(['id', 'status', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** Sets or removes a like and returns the new count; idempotent both ways. */
export async function setLike(db: DB, userId: number, messageId: number, like: boolean): Promise<number> {
  return db.transaction().execute(async (trx) => {
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
    const row = await trx.selectFrom('messages').select('like_count').where('id', '=', messageId).executeTakeFirstOrThrow();
    return Number(row.like_count);
  });
}

/** Recomputes a post's approved-comment count (after moderation). */
export async function refreshCommentCount(db: DB, messageId: number): Promise<void> {
  await db
    .updateTable('messages')
    .set({ comment_count: sql<number>`(select count(*) from comments where comments.message_id = ${messageId} and comments.status = 'approved')` })
    .where('id', '=', messageId)
    .execute();
}
