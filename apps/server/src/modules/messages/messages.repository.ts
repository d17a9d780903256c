import { sql, type ExpressionBuilder } from 'kysely';
import { inTransaction, jsonArrayFrom, precompiled, type DB } from '../../db/database.js';
import type { Database, ModerationStatus } from '../../db/schema.js';
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

/** The attachments of the post in the outer query, oldest first, as a JSON array (both dialects). */
export function attachmentsOf(db: DB, eb: ExpressionBuilder<Database, 'messages'>) {
  return jsonArrayFrom(
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
  );
}

/**
 * Posts with their author and attachments and, for a viewer, their own like/comment flags, in one
 * query. Without a viewer (the feed cache's shared rows) both flags are false.
 */
function selectMessages(db: DB, viewerId: number | null) {
  return db
    .selectFrom('messages')
    .innerJoin('users', 'users.id', 'messages.user_id')
    .select(messageColumns)
    .select((eb) => [
      attachmentsOf(db, eb).as('documents'),
      ...(['likes', 'comments'] as const).map((table) => {
        const as = table === 'likes' ? 'self_liked' : 'self_commented';
        if (viewerId === null) return sql<boolean>`0`.as(as);
        return eb
          .exists(
            eb
              .selectFrom(table)
              .select(`${table}.user_id`)
              .whereRef(`${table}.message_id`, '=', 'messages.id')
              .where(`${table}.user_id`, '=', viewerId),
          )
          .as(as);
      }),
    ]);
}

/**
 * One page of the blackboard's approved posts, newest first, as every resident of the location
 * sees them (no viewer flags): the shared part the feed cache keeps (messages.feed.ts). The page's
 * ids come from the feed index alone; only those rows are joined, in one statement.
 */
export function listApprovedPage(db: DB, locationId: number, page: number, pageSize: number) {
  const pageIds = db
    .selectFrom('messages')
    .select('id')
    .where('location_id', '=', locationId)
    .where('status', '=', 'approved')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return selectMessages(db, null)
    .select((eb) =>
      eb.selectFrom('locations').select('approved_message_count').where('locations.id', '=', locationId).as('total'),
    )
    .where('messages.id', 'in', pageIds)
    .execute()
    .then((rows) => rows.sort(newestFirst));
}

/** The feed's order; sorting a page's rows here saves SQLite a sorter per query. */
const newestFirst = (a: { created_at: string; id: number }, b: { created_at: string; id: number }) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id;

/** What a feed page needs to know about its viewer, and whether a cached page is still current. */
export interface FeedViewerState {
  /** locations.feed_version now, or null when the location is gone. */
  version: number | null;
  liked: Set<number>;
  commented: Set<number>;
  /** The viewer's own posts awaiting moderation or recently rejected (page 1 only). */
  own: number[];
  /** users.posts_version: changes with any of those posts (page 1 only). */
  ownVersion: number;
  /** The token still exists and its user is still active, in this location, with this role. */
  tokenValid: boolean;
}

/** A token the caller took from the token cache, checked in the same statement (ADR 018). */
export interface TokenCheck {
  tokenId: number;
  role: string;
}

/**
 * One statement, so a page served from the cache costs one round trip: the location's feed
 * version, which of `ids` the viewer liked or commented on, and (with `withOwn`) the ids of the
 * viewer's own posts that page 1 shows above the approved ones.
 */
export async function feedViewerState(
  db: DB,
  v: Viewer,
  ids: readonly number[],
  withOwn: boolean,
  token?: TokenCheck,
): Promise<FeedViewerState> {
  const params: unknown[] = [v.locationId];
  // A range on (user_id, message_id) is one index seek; an IN list of 20 ids is 20. Ids in the
  // range but not on the page are dropped below, and the text is the same for every page.
  if (ids.length) {
    const [low, high] = [Math.min(...ids), Math.max(...ids)];
    params.push(v.userId, low, high, v.userId, low, high);
  }
  if (withOwn) params.push(v.userId, v.userId, v.locationId, isoFromMs(Date.now() - OWN_REJECTED_VISIBLE_MS));
  if (token) params.push(token.tokenId, v.userId, v.locationId, token.role);
  const rows = await viewerState[`${ids.length > 0}/${withOwn}/${token !== undefined}`]!(db, params);
  const state: FeedViewerState = {
    version: null,
    liked: new Set(),
    commented: new Set(),
    own: [],
    ownVersion: 0,
    tokenValid: token === undefined,
  };
  const onPage = new Set(ids);
  for (const r of rows) {
    const [k, id] = [Number(r.k), Number(r.id)];
    if (k === 0) state.version = id;
    else if (k === 1 && onPage.has(id)) state.liked.add(id);
    else if (k === 2 && onPage.has(id)) state.commented.add(id);
    else if (k === 3) state.own.push(id);
    else if (k === 4) state.ownVersion = id;
    else if (k === 5) state.tokenValid = true;
  }
  return state;
}

/** feedViewerState's statement per shape (ids on the page? own posts? a token?), each compiled once. */
const viewerState: Record<string, (db: DB, params: readonly unknown[]) => Promise<{ k: number; id: number }[]>> =
  Object.fromEntries(
    [true, false].flatMap((withIds) =>
      [true, false].flatMap((withOwn) =>
        [true, false].map((withToken) => [
          `${withIds}/${withOwn}/${withToken}`,
          precompiled((db) => ({ compile: () => viewerStateSql(withIds, withOwn, withToken).compile(db) })),
        ]),
      ),
    ),
  );

function viewerStateSql(withIds: boolean, withOwn: boolean, withToken: boolean) {
  const p = sql`${0}`;
  const parts = [sql`select 0 as k, feed_version as id from locations where id = ${p}`];
  if (withIds) {
    parts.push(sql`select 1, message_id from likes where user_id = ${p} and message_id between ${p} and ${p}`);
    parts.push(sql`select 2, message_id from comments where user_id = ${p} and message_id between ${p} and ${p}`);
  }
  if (withOwn) {
    parts.push(sql`select 4, posts_version from users where id = ${p}`);
    // (user_id, status in …) seeks messages_author to the few unapproved posts. No ORDER BY …
    // LIMIT here: SQLite sets up a sorter for it that costs 20× the seek; findOwnMessages sorts.
    parts.push(sql`select 3, id from messages where user_id = ${p}
      and status in ('pending', 'hidden', 'rejected') and location_id = ${p}
      and (status <> 'rejected' or moderated_at > ${p})`);
  }
  if (withToken) {
    parts.push(sql`select 5, auth_tokens.id from auth_tokens inner join users on users.id = auth_tokens.user_id
      where auth_tokens.id = ${p} and users.id = ${p} and users.is_active = 1 and users.location_id = ${p}
      and users.role = ${p}`);
  }
  return sql<{ k: number; id: number }>`${sql.join(parts, sql` union all `)}`;
}

/** The viewer's own posts by id (page 1's unapproved ones), with their flags, newest first. */
export function findOwnMessages(db: DB, v: Viewer, ids: number[], pageSize: number) {
  return selectMessages(db, v.userId)
    .where('messages.id', 'in', ids)
    .where('messages.user_id', '=', v.userId)
    .orderBy('messages.created_at', 'desc')
    .orderBy('messages.id', 'desc')
    .limit(pageSize)
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
  /** Who moderated it as it is written: the author of a trusted role, whose text appears at once. */
  moderatedBy?: number;
}

/** How long the author of a post that appeared at once may still add its attachments. */
export const DIRECT_ATTACHMENT_MS = 15 * 60_000;

/** A post its author published at once (a trusted role) less than a quarter of an hour ago. */
const publishedAtOnceBy = (eb: ExpressionBuilder<Database, 'messages'>, authorId: number) =>
  eb.and([
    eb('status', '=', 'approved'),
    eb('moderated_by', '=', authorId),
    eb('moderated_at', '>=', isoFromMs(Date.now() - DIRECT_ATTACHMENT_MS)),
  ]);

/** Whether the author published the post at once (a trusted role) less than a quarter of an hour ago. */
export async function justPublishedBy(db: DB, messageId: number, authorId: number): Promise<boolean> {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('id', '=', messageId)
    .where((eb) => publishedAtOnceBy(eb, authorId))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether the location lets its reception publish without moderation (a trusted role the
 * management turns on per location).
 */
export async function receptionPublishesDirectly(db: DB, locationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('locations')
    .select('reception_publishes_directly')
    .where('id', '=', locationId)
    .executeTakeFirst();
  return Boolean(row?.reception_publishes_directly);
}

/** Creates a post, pending unless said otherwise. */
export async function createMessage(
  db: DB,
  v: Viewer,
  text: string,
  { status = 'pending', createdAt, moderatedBy }: Written = {},
) {
  const at = createdAt ?? nowIso();
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
      created_at: at,
      moderated_at: moderatedBy === undefined ? null : at,
      moderated_by: moderatedBy ?? null,
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
      // A post that appeared at once (trusted role) takes its files for a quarter of an hour.
      .where((eb) => eb.or([eb('status', '=', 'pending'), publishedAtOnceBy(eb, v.authorId)]))
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
  { status = 'pending', createdAt, moderatedBy }: Written = {},
) {
  const at = createdAt ?? nowIso();
  return db
    .insertInto('comments')
    .values({
      message_id: messageId,
      user_id: userId,
      text,
      status,
      rejection_reason: null,
      created_at: at,
      moderated_at: moderatedBy === undefined ? null : at,
      moderated_by: moderatedBy ?? null,
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

/** When a user last opened the blackboard, or null. */
export async function findOpened(db: DB, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('blackboard_opened')
    .select('date_blackboard_opened')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.date_blackboard_opened ?? null;
}

/** Stores when a user opened the blackboard. */
export async function saveOpened(db: DB, userId: number, date: string): Promise<void> {
  await db
    .insertInto('blackboard_opened')
    .values({ user_id: userId, date_blackboard_opened: date })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ date_blackboard_opened: date }))
    .execute();
}

// ---- DSGVO ----

/** A user's posts (with their attachments), comments, likes and last blackboard visit, for the export. */
export async function contentOf(db: DB, userId: number) {
  const [posts, comments, likes, opened] = await Promise.all([
    db
      .selectFrom('messages')
      .select((eb) => [
        'messages.id',
        'messages.text',
        'messages.status',
        'messages.rejection_reason',
        'messages.created_at',
        'messages.moderated_at',
        'messages.like_count',
        'messages.comment_count',
        jsonArrayFrom(
          db,
          eb
            .selectFrom('message_documents')
            .select([
              'message_documents.name',
              'message_documents.kind',
              'message_documents.content_type',
              'message_documents.size',
              'message_documents.file_key',
            ])
            .whereRef('message_documents.message_id', '=', 'messages.id')
            .orderBy('message_documents.id'),
        ).as('attachments'),
      ])
      .where('messages.user_id', '=', userId)
      .orderBy('messages.id')
      .execute(),
    db
      .selectFrom('comments')
      .select(['id', 'message_id', 'text', 'status', 'rejection_reason', 'created_at', 'moderated_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('likes')
      .select(['message_id', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('blackboard_opened')
      .select('date_blackboard_opened')
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  return { posts, comments, likes, opened };
}

/** Forgets when a user last opened the blackboard. */
export async function deleteBlackboardOpened(trx: DB, userId: number): Promise<void> {
  await trx.deleteFrom('blackboard_opened').where('user_id', '=', userId).execute();
}

/**
 * Deletes a user's posts, comments and likes and recounts; returns the files to remove. The
 * reports on what goes are deleted with it: they would name content that no longer exists.
 */
export async function deleteContentOf(trx: DB, userId: number): Promise<string[]> {
  const own = await trx.selectFrom('messages').select(['id', 'location_id']).where('user_id', '=', userId).execute();
  const ownIds = own.map((m) => m.id);
  const files = await trx
    .selectFrom('message_documents')
    .select(['file_key', 'thumbnail_key'])
    .where('message_id', 'in', ownIds.length ? ownIds : [-1])
    .execute();
  const commented = await trx
    .selectFrom('comments')
    .select('message_id')
    .distinct()
    .where('user_id', '=', userId)
    .execute();
  const liked = await trx.selectFrom('likes').select('message_id').where('user_id', '=', userId).execute();
  const goneComments = await trx
    .selectFrom('comments')
    .select('id')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('message_id', 'in', ownIds.length ? ownIds : [-1])]))
    .execute();
  const commentIds = goneComments.map((c) => c.id);
  await trx
    .deleteFrom('reports')
    .where((eb) =>
      eb.or([
        eb.and([eb('target_kind', '=', 'message'), eb('target_id', 'in', ownIds.length ? ownIds : [-1])]),
        eb.and([eb('target_kind', '=', 'comment'), eb('target_id', 'in', commentIds.length ? commentIds : [-1])]),
      ]),
    )
    .execute();
  await trx.deleteFrom('comments').where('user_id', '=', userId).execute();
  await trx.deleteFrom('likes').where('user_id', '=', userId).execute();
  // Comments, likes and attachments of the posts go with them (foreign keys cascade).
  await trx.deleteFrom('messages').where('user_id', '=', userId).execute();

  const gone = new Set(ownIds);
  for (const { message_id } of commented) if (!gone.has(message_id)) await refreshCommentCount(trx, message_id);
  for (const { message_id } of liked) {
    if (gone.has(message_id)) continue;
    await trx
      .updateTable('messages')
      .set({ like_count: sql<number>`(select count(*) from likes where likes.message_id = ${message_id})` })
      .where('id', '=', message_id)
      .execute();
  }
  for (const locationId of new Set(own.map((m) => m.location_id))) await refreshApprovedCount(trx, locationId);
  return files.flatMap((f) => [f.file_key, ...(f.thumbnail_key ? [f.thumbnail_key] : [])]);
}
