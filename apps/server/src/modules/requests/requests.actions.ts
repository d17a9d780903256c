import type { AdminRequestUpdate } from '@hausportal/contract';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/database.js';
import { recordChange } from '../audit/audit.js';
import { notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { requireStaffLocation, type Caller } from '../auth/policies.js';
import { raise } from '../../events/bus.js';
import { auditRequest } from './requests.presenter.js';
import * as repo from './requests.repository.js';

/** A manager sets the status and note of a request of their locations; the resident hears of a change. */
export async function updateRequest(ctx: AppContext, caller: Caller, id: number, { status, note }: AdminRequestUpdate) {
  const { db } = ctx;
  const before = await repo.findRequest(db, id);
  if (!before) throw notFound();
  await requireStaffLocation(db, caller, before.location_id);
  const after = await inTransaction(db, async (trx) => {
    await repo.updateRequest(trx, before.id, { status, note, updatedAt: nowIso() });
    const row = (await repo.findRequest(trx, before.id))!;
    await recordChange(trx, {
      actor: caller,
      action: 'provider_request_updated',
      entity: { type: 'provider_request', id: before.id, locationId: before.location_id },
      before: auditRequest(before),
      after: auditRequest(row),
    });
    if (row.status !== before.status || row.note !== before.note)
      await raise(trx, ctx, { type: 'request.changed', requestId: before.id });
    return row;
  });
  ctx.events.kick();
  return after;
}
