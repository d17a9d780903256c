import { REPORTS_TO_HIDE, type ModeratedKind, type ReportReason } from '@hausportal/contract';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/database.js';
import { recordChange } from '../audit/audit.js';
import { nonFieldError, notFound } from '../../lib/errors.js';
import { staffLocations, type Caller, type Resident } from '../auth/policies.js';
import { findModerated, setStatus } from '../moderation/moderation.repository.js';
import { raise } from '../../events/bus.js';
import * as repo from './reports.repository.js';

/**
 * A resident reports a post or comment of their location (DSA Art. 16). When residents of
 * `REPORTS_TO_HIDE` different apartments have open reports on an approved item, it is hidden
 * until a manager decides; the managers hear of a new report. Returns the report, `created`
 * false when the resident had reported this item before; 404 when the item is out of reach.
 */
export async function reportItem(
  ctx: AppContext,
  resident: Resident,
  kind: ModeratedKind,
  id: number,
  reason: ReportReason,
  text: string,
) {
  await ctx.writes.take('report', resident.id);
  const report = await inTransaction(ctx.db, async (trx) => {
    const item = await repo.findReportable(trx, kind, id, resident.locationId);
    if (!item) throw notFound();
    if (item.user_id === resident.id) throw nonFieldError('Eigene Beiträge können nicht gemeldet werden.');
    const made = await repo.insertReport(trx, item, resident.id, kind, id, reason, text);
    if (item.status === 'approved' && (await repo.openReporters(trx, kind, id)) >= REPORTS_TO_HIDE) {
      await setStatus(trx, kind, item, 'hidden', null, null);
      await recordChange(trx, {
        actor: null,
        action: `${kind}_hidden_by_reports`,
        entity: { type: kind, id, locationId: item.location_id },
        before: { status: 'approved' },
        after: { status: 'hidden' },
      });
    }
    if (made.created)
      await raise(trx, ctx, { type: 'moderation.awaiting', kind: 'report', locationId: resident.locationId });
    return made;
  });
  ctx.events.kick();
  return report;
}

/**
 * A manager's decision on a reported item of their locations: 'remove' rejects it with the
 * reason (its author reads it), 'keep' puts a hidden item back. Every open report of the item is
 * closed with the decision, which its reporter reads. 404 when nothing open is within reach.
 */
export async function decideReports(
  ctx: AppContext,
  caller: Caller,
  kind: ModeratedKind,
  id: number,
  decision: 'remove' | 'keep',
  reason: string | null,
): Promise<void> {
  const locations = await staffLocations(ctx.db, caller);
  await inTransaction(ctx.db, async (trx) => {
    const item = await findModerated(trx, kind, id, locations);
    if (!item) throw notFound();
    const open = await repo.openReports(trx, kind, id);
    if (!open.length) throw notFound();
    const status = decision === 'remove' ? 'rejected' : 'approved';
    if (item.status !== status)
      await setStatus(trx, kind, item, status, decision === 'remove' ? reason : null, caller.id);
    await repo.closeReports(
      trx,
      open.map((r) => r.id),
      decision,
      reason,
      caller.id,
    );
    await recordChange(trx, {
      actor: caller,
      action: `report_${decision === 'remove' ? 'removed' : 'kept'}`,
      entity: { type: kind, id, locationId: item.location_id },
      details: { reports: open.length, reason },
      before: { status: item.status },
      after: { status },
    });
    const reporters = open.flatMap((r) => (r.reporter_id === null ? [] : [r.reporter_id]));
    await raise(trx, ctx, { type: 'reports.decided', decision, reason, reporterIds: reporters });
    // The author learns of a removal, unless the item was already rejected: they learnt of it then.
    if (decision === 'remove' && item.status !== status)
      await raise(trx, ctx, { type: 'content.moderated', kind, id, status: 'rejected', reason, afterReport: true });
  });
  ctx.events.kick();
}
