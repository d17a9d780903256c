import {
  NOTICE_ENDS_BEFORE_START,
  NOTICE_ENDS_IN_PAST,
  NOTICE_MAX_ATTACHMENTS,
  NOTICE_TOO_MANY_ATTACHMENTS,
  type noticeInput,
} from '@hausportal/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { inTransaction, type DB } from '../../db/database.js';
import { recordChange } from '../audit/audit.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { detectUpload, type FormFile } from '../../lib/uploads.js';
import { actorOf, authorIdOf, staffLocations, type Caller, type Operator, type Resident } from '../auth/policies.js';
import { raise } from '../../events/bus.js';
import * as repo from './notices.repository.js';
import type { NoticeRow } from './notices.repository.js';

type Input = z.output<typeof noticeInput>;

/**
 * Every location of the notice must be the caller's (`mine`). A new end date must lie ahead; an
 * unchanged one may have passed, so an ended notice can still be corrected (or given a new end).
 */
function check(mine: number[], v: Input, before?: NoticeRow): void {
  if (v.location_ids.some((id) => !mine.includes(id))) throw notFound();
  const unchanged = before?.ends_at && v.ends_at && Date.parse(before.ends_at) === Date.parse(v.ends_at);
  if (v.ends_at && !unchanged && Date.parse(v.ends_at) <= Date.now()) {
    throw fieldError('ends_at', NOTICE_ENDS_IN_PAST);
  }
  if (v.ends_at && v.starts_at && Date.parse(v.ends_at) <= Date.parse(v.starts_at)) {
    throw fieldError('ends_at', NOTICE_ENDS_BEFORE_START);
  }
}

/**
 * Queues the notice's publication notification if it has started and has not been announced:
 * at once for a notice without a start, else by the notice job once its start has come. The
 * claim in the repository makes this happen once, whoever calls it and however often.
 */
async function announceIfDue(trx: DB, ctx: AppContext, id: number): Promise<boolean> {
  if (!(await repo.claimAnnouncement(trx, id))) return false;
  await raise(trx, ctx, { type: 'notice.published', noticeId: id });
  return true;
}

/** The notice job's round: announces every notice whose start has come; returns how many. */
export async function announceDueNotices(ctx: AppContext): Promise<number> {
  let sent = 0;
  for (const id of await repo.dueAnnouncements(ctx.db)) {
    if (await inTransaction(ctx.db, (trx) => announceIfDue(trx, ctx, id))) sent++;
  }
  if (sent) ctx.events.kick();
  return sent;
}

/** What the audit log keeps of a notice. */
const snapshot = (n: NoticeRow) => ({
  title: n.title,
  text: n.text,
  important: Boolean(n.important),
  ends_at: n.ends_at,
  starts_at: n.starts_at,
  attachments: n.attachments.map((a) => a.name),
  location_ids: n.locations.map((l) => l.id),
});

/** One audit entry per location the write touches, so each location's log shows it. */
async function auditEach(
  trx: DB,
  caller: Operator,
  action: string,
  id: number,
  before: NoticeRow | undefined,
  after: NoticeRow | undefined,
): Promise<void> {
  const locations = new Set([...(before?.locations ?? []), ...(after?.locations ?? [])].map((l) => l.id));
  for (const locationId of locations) {
    await recordChange(trx, {
      actor: actorOf(caller),
      action,
      entity: { type: 'notice', id, locationId },
      before: before && snapshot(before),
      after: after && snapshot(after),
    });
  }
}

/** The notice if every one of its locations is the caller's (`mine`); else 404. */
export async function noticeInReach(db: DB, mine: number[], id: number): Promise<NoticeRow> {
  const row = await repo.findNotice(db, id, mine);
  if (!row) throw notFound();
  return row;
}

/**
 * A manager publishes a notice to locations of theirs, without moderation. Their residents hear
 * of it at once, or when its start ('Sichtbar ab') comes (the notice job, notices.job.ts).
 */
export async function publishNotice(ctx: AppContext, caller: Operator, v: Input): Promise<NoticeRow> {
  const { db } = ctx;
  const mine = await staffLocations(db, caller);
  check(mine, v);
  const created = await inTransaction(db, async (trx) => {
    const id = await repo.createNotice(trx, v, authorIdOf(caller));
    const row = (await repo.findNotice(trx, id, mine))!;
    await auditEach(trx, caller, 'notice_created', id, undefined, row);
    await announceIfDue(trx, ctx, id);
    return row;
  });
  ctx.events.kick();
  return created;
}

/**
 * A manager corrects a notice of their locations (text, flags, start, end, locations). Residents
 * are notified once only: a notice whose start is moved to now is announced now, one announced
 * already is not announced again.
 */
export async function updateNotice(ctx: AppContext, caller: Caller, id: number, v: Input): Promise<NoticeRow> {
  const { db } = ctx;
  const mine = await staffLocations(db, caller);
  const before = await noticeInReach(db, mine, id);
  check(mine, v, before);
  const updated = await inTransaction(db, async (trx) => {
    await repo.updateNotice(trx, before.id, v);
    const row = (await repo.findNotice(trx, before.id, mine))!;
    await auditEach(trx, caller, 'notice_updated', before.id, before, row);
    await announceIfDue(trx, ctx, before.id);
    return row;
  });
  ctx.events.kick();
  return updated;
}

/** A manager takes down a notice of their locations; its PDFs go once the row is gone. */
export async function deleteNotice(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  const { db, storage } = ctx;
  const before = await noticeInReach(db, await staffLocations(db, caller), id);
  const files = await inTransaction(db, async (trx) => {
    const keys = await repo.deleteNotice(trx, before.id);
    await auditEach(trx, caller, 'notice_deleted', before.id, before, undefined);
    return keys;
  });
  for (const key of files) await storage.remove(key);
}

/**
 * A manager attaches a PDF (by its magic bytes; a renamed image is refused) to a notice of their
 * locations, up to NOTICE_MAX_ATTACHMENTS. The file is stored first and removed again when the
 * row cannot be written, so no file is left without its notice.
 */
export async function attachToNotice(ctx: AppContext, caller: Caller, id: number, file: FormFile): Promise<NoticeRow> {
  const { db, storage } = ctx;
  const mine = await staffLocations(db, caller);
  const before = await noticeInReach(db, mine, id);
  if (before.attachments.length >= NOTICE_MAX_ATTACHMENTS) throw fieldError('document', NOTICE_TOO_MANY_ATTACHMENTS);
  await detectUpload(file.data, file.filename, 'document', ['pdf']);
  const fileKey = await storage.put('notices', 'pdf', file.data);
  try {
    const added = await repo.addAttachment(
      db,
      before.id,
      { name: file.filename, fileKey, size: file.data.length },
      NOTICE_MAX_ATTACHMENTS,
    );
    if (!added) throw fieldError('document', NOTICE_TOO_MANY_ATTACHMENTS);
    const after = (await repo.findNotice(db, before.id, mine))!;
    await auditEach(db, caller, 'notice_updated', before.id, before, after);
    return after;
  } catch (err) {
    await storage.remove(fileKey);
    throw err;
  }
}

/** A manager removes a PDF from a notice of their locations (404 for another notice's PDF). */
export async function detachFromNotice(
  ctx: AppContext,
  caller: Caller,
  id: number,
  attachmentId: number,
): Promise<NoticeRow> {
  const { db, storage } = ctx;
  const mine = await staffLocations(db, caller);
  const before = await noticeInReach(db, mine, id);
  const { key, after } = await inTransaction(db, async (trx) => {
    const removed = await repo.removeAttachment(trx, before.id, attachmentId);
    if (!removed) throw notFound();
    const row = (await repo.findNotice(trx, before.id, mine))!;
    await auditEach(trx, caller, 'notice_updated', before.id, before, row);
    return { key: removed, after: row };
  });
  await storage.remove(key);
  return after;
}

/**
 * A resident saw (`opened`) or put away (`dismissed`, which implies opened) a notice of their
 * location that has started; any other notice is not found. Returns it as they now see it.
 */
export async function markNotice(
  ctx: AppContext,
  me: Resident,
  id: number,
  mark: 'opened' | 'dismissed',
): Promise<repo.ResidentNoticeRow> {
  const { db } = ctx;
  if (!(await repo.residentNotices(db, me.locationId, me.id, id)).length) throw notFound();
  await (mark === 'opened' ? repo.markOpened(db, id, me.id) : repo.markDismissed(db, id, me.id));
  return (await repo.residentNotices(db, me.locationId, me.id, id))[0]!;
}
