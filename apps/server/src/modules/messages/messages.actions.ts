import { MAX_PDFS_PER_POST, MAX_PHOTOS_PER_POST, NOT_REJECTED } from '@hausportal/contract';
import type { AppContext } from '../../context.js';
import { inTransaction, type DB } from '../../db/database.js';
import { recordChange } from '../audit/audit.js';
import { ApiError, fieldError, forbidden, nonFieldError, notFound, said } from '../../lib/errors.js';
import { checkUpload, detectUpload, thumbnail } from '../../lib/uploads.js';
import { requireDesk, type Resident } from '../auth/policies.js';
import { raise } from '../../events/bus.js';
import * as repo from './messages.repository.js';

const notApproved = () => new ApiError(400, { detail: 'Dieser Beitrag ist noch nicht freigegeben.' });
const closedForAttachments = () =>
  new ApiError(400, { detail: 'Anhänge können nur vor der Freigabe hinzugefügt werden.' });

const viewer = (u: Resident): repo.Viewer => ({ userId: u.id, locationId: u.locationId });

/** A post the resident may see (approved in their location, or their own), or 404. */
export async function visibleMessage(db: DB, resident: Resident, id: number) {
  const row = await repo.findVisibleMessage(db, viewer(resident), id);
  if (!row) throw notFound();
  return row;
}

/**
 * Whether the author's posts and comments appear without moderation: the reception, where the
 * location trusts it ('Rezeption veröffentlicht ohne Freigabe').
 */
async function publishesDirectly(db: DB, author: Resident): Promise<boolean> {
  return author.role === 'receptionist' && repo.receptionPublishesDirectly(db, author.locationId);
}

/**
 * What a post or comment that appears at once sets off, in its transaction: the readers hear of
 * it as of an approved one (`direct`: the author, who moderated it, is not told), a post goes to
 * the webhooks, and the board's counts follow.
 */
async function announceDirect(trx: DB, ctx: AppContext, kind: 'message' | 'comment', id: number, author: Resident) {
  await raise(trx, ctx, { type: 'content.moderated', kind, id, status: 'approved', reason: null, direct: true });
  if (kind === 'message') {
    await repo.refreshApprovedCount(trx, author.locationId);
    await raise(trx, ctx, { type: 'post.approved', postId: id, locationId: author.locationId });
  }
}

/**
 * A resident writes a post: pending until a manager approves it, and the managers hear of it;
 * a trusted reception's post appears at once. Returns its id and status.
 */
export async function createPost(
  ctx: AppContext,
  resident: Resident,
  text: string,
): Promise<{ id: number; status: 'pending' | 'approved' }> {
  await ctx.writes.take('message', resident.id);
  const direct = await publishesDirectly(ctx.db, resident);
  const created = await inTransaction(ctx.db, async (trx) => {
    const row = await repo.createMessage(
      trx,
      viewer(resident),
      text.trim(),
      direct ? { status: 'approved', moderatedBy: resident.id } : {},
    );
    await recordChange(trx, {
      actor: resident,
      action: 'message_created',
      entity: { type: 'message', id: row.id },
      ...(direct ? { after: { status: 'approved', published_directly: true } } : {}),
    });
    if (direct) await announceDirect(trx, ctx, 'message', row.id, resident);
    else await raise(trx, ctx, { type: 'moderation.awaiting', kind: 'message', locationId: resident.locationId });
    return row;
  });
  ctx.events.kick();
  return { id: created.id, status: direct ? 'approved' : 'pending' };
}

/** The author edits a rejected post of theirs and submits it again for moderation. */
export async function resubmitPost(ctx: AppContext, resident: Resident, id: number, text: string): Promise<void> {
  const before = await repo.findOwnMessage(ctx.db, viewer(resident), id);
  if (!before) throw notFound();
  if (before.status !== 'rejected') throw nonFieldError(NOT_REJECTED);
  await ctx.writes.take('message', resident.id);
  await inTransaction(ctx.db, async (trx) => {
    await repo.resubmitMessage(trx, id, text.trim());
    await recordChange(trx, {
      actor: resident,
      action: 'message_resubmitted',
      entity: { type: 'message', id, locationId: resident.locationId },
      before: { status: before.status, text: before.text, rejection_reason: before.rejection_reason },
      after: { status: 'pending' },
    });
    await raise(trx, ctx, { type: 'moderation.awaiting', kind: 'message', locationId: resident.locationId });
  });
  ctx.events.kick();
}

/** A receptionist comments on an approved post: pending until approved; the managers hear of it. Returns the comment. */
export async function addComment(ctx: AppContext, resident: Resident, messageId: number, text: string) {
  requireDesk(resident);
  const message = await visibleMessage(ctx.db, resident, messageId);
  if (message.status !== 'approved') throw notApproved();
  await ctx.writes.take('comment', resident.id);
  const trimmed = text.trim();
  const direct = await publishesDirectly(ctx.db, resident);
  const created = await inTransaction(ctx.db, async (trx) => {
    const row = await repo.createComment(
      trx,
      resident.id,
      message.id,
      trimmed,
      direct ? { status: 'approved', moderatedBy: resident.id } : {},
    );
    await recordChange(trx, {
      actor: resident,
      action: 'comment_created',
      entity: { type: 'comment', id: row.id },
      ...(direct ? { after: { status: 'approved', published_directly: true } } : {}),
    });
    if (direct) {
      await repo.refreshCommentCount(trx, message.id);
      await announceDirect(trx, ctx, 'comment', row.id, resident);
    } else await raise(trx, ctx, { type: 'moderation.awaiting', kind: 'comment', locationId: resident.locationId });
    return row;
  });
  ctx.events.kick();
  return { ...created, text: trimmed };
}

/** A receptionist likes an approved post, or takes the like back; returns the new count. */
export async function like(ctx: AppContext, resident: Resident, messageId: number, on: boolean): Promise<number> {
  requireDesk(resident);
  const message = await visibleMessage(ctx.db, resident, messageId);
  if (message.status !== 'approved') throw notApproved();
  return repo.setLike(ctx.db, resident.id, message.id, on);
}

/** An attachment as the form brings it: the file and the name it is shown with. */
export interface AttachmentUpload {
  data: Buffer;
  filename: string;
  name: string;
}

/**
 * The author attaches a file to their pending post (ADR 011). `read` reads the upload only once
 * the post is known to take it, so a refused request costs no upload. The type is checked by its
 * magic bytes, a full post refused before the image is decoded, the limits decided for certain
 * under the post's lock, and the stored files removed again when the insert is refused.
 */
export async function addAttachment(
  ctx: AppContext,
  resident: Resident,
  messageId: number,
  read: () => Promise<AttachmentUpload>,
) {
  const { db, storage } = ctx;
  const message = await visibleMessage(db, resident, messageId);
  // Attachments belong to the post as it was moderated: only its author, only while pending (or,
  // for a post that appeared at once, in the quarter of an hour after it).
  if (message.user_id !== resident.id) throw forbidden();
  const justPublished = message.status === 'approved' && (await repo.justPublishedBy(db, messageId, resident.id));
  if (message.status !== 'pending' && !justPublished) throw closedForAttachments();
  await ctx.writes.take('attachment', resident.id);
  const file = await read();
  const detected = await detectUpload(file.data, file.filename, 'document', ['image', 'pdf']);
  const limit = detected.kind === 'image' ? MAX_PHOTOS_PER_POST : MAX_PDFS_PER_POST;
  const full = () =>
    fieldError(
      'document',
      detected.kind === 'image'
        ? said('errors.uploads.postPhotos', { max: MAX_PHOTOS_PER_POST })
        : said('errors.uploads.postPdfs', { max: MAX_PDFS_PER_POST }),
    );
  if ((await repo.countAttachments(db, messageId))[detected.kind] >= limit) throw full();
  const upload = await checkUpload(file.data, file.filename, 'document', ['image', 'pdf'], detected);
  const fileKey = await storage.put('posts', upload.ext, upload.data);
  const thumbKey =
    upload.kind === 'image' ? await storage.put('thumbs', 'webp', await thumbnail(upload.data, 400)) : null;
  const row = await repo.addAttachmentWithinLimit(
    db,
    {
      messageId,
      authorId: resident.id,
      kind: upload.kind,
      name: file.name,
      fileKey,
      thumbnailKey: thumbKey,
      contentType: upload.contentType,
      size: upload.data.length,
    },
    limit,
  );
  if (typeof row !== 'string') return row;
  await Promise.all([storage.remove(fileKey), thumbKey ? storage.remove(thumbKey) : undefined]);
  if (row === 'full') throw full();
  throw closedForAttachments();
}
