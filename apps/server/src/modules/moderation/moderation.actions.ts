import type { ModeratedKind, ModerationDecision } from '@hausportal/contract';
import type { AppContext } from '../../context.js';
import { inTransaction, lockAuthorsFirst, type DB } from '../../db/database.js';
import { recordChange, type Actor } from '../audit/audit.js';
import { notFound } from '../../lib/errors.js';
import { staffLocations, type Caller } from '../auth/policies.js';
import { raise } from '../../events/bus.js';
import { findModerated, setStatus, type ModeratedRow } from './moderation.repository.js';

/**
 * One decision inside the caller's transaction: the status (and the reason its author reads),
 * the recount, the audit entry and, when the status changes, its events (none without `ctx`: the
 * demo seed approves its posts silently).
 */
export async function recordDecision(
  trx: DB,
  ctx: Pick<AppContext, 'events'> | undefined,
  actor: Actor | null,
  kind: ModeratedKind,
  item: ModeratedRow,
  d: ModerationDecision,
): Promise<void> {
  const reason = d.status === 'rejected' ? (d.rejection_reason ?? null) : null;
  await setStatus(trx, kind, item, d.status, reason, actor?.id ?? null);
  await recordChange(trx, {
    actor,
    action: `${kind}_${d.status}`,
    entity: { type: kind, id: item.id, locationId: item.location_id },
    before: { status: item.status },
    after: { status: d.status, rejection_reason: reason },
  });
  // The author, and for an approval the readers, hear of it (a repeated decision says nothing new).
  if (!ctx || item.status === d.status) return;
  await raise(trx, ctx, { type: 'content.moderated', kind, id: item.id, status: d.status, reason });
  if (kind === 'message' && d.status === 'approved')
    await raise(trx, ctx, { type: 'post.approved', postId: item.id, locationId: item.location_id });
}

/** A manager approves or rejects a post or comment of their locations; 404 when it is out of reach. */
export async function decideItem(
  ctx: AppContext,
  caller: Caller,
  kind: ModeratedKind,
  id: number,
  d: ModerationDecision,
): Promise<void> {
  const locations = await staffLocations(ctx.db, caller);
  await inTransaction(ctx.db, async (trx) => {
    const item = await findModerated(trx, kind, id, locations);
    if (!item) throw notFound();
    await recordDecision(trx, ctx, caller, kind, item, d);
  });
  ctx.events.kick();
}

/** Approves several items at once: all of them, or (when one is out of reach) none, with 404. */
export async function approveItems(
  ctx: AppContext,
  caller: Caller,
  items: { kind: ModeratedKind; id: number }[],
): Promise<number> {
  const locations = await staffLocations(ctx.db, caller);
  await inTransaction(ctx.db, async (trx) => {
    const found: [ModeratedKind, ModeratedRow][] = [];
    for (const { kind, id } of items) {
      const item = await findModerated(trx, kind, id, locations);
      if (!item) throw notFound();
      found.push([kind, item]);
    }
    // Every author before any location, as everywhere (db/database.ts lockAuthorsFirst).
    await lockAuthorsFirst(
      trx,
      found.map(([, item]) => item.user_id),
    );
    for (const [kind, item] of found) await recordDecision(trx, ctx, caller, kind, item, { status: 'approved' });
  });
  ctx.events.kick();
  return items.length;
}
