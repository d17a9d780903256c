import type { DB } from '../db/database.js';
import { insertAuditEntry } from '../modules/audit/audit.repository.js';
import { nowIso } from './time.js';

/**
 * Who made a change: a signed-in user, with the address they called from where that is worth
 * keeping (back office, sign-in), or `null` for the system itself (a rule, a command).
 */
export interface Actor {
  id: number;
  ip?: string;
}

/** One entry of the audit log: who did what to which entity, where, and what it looked like before and after. */
export interface Change {
  actor: Actor | null;
  action: string;
  entity: {
    type: string;
    id?: number | null;
    /** The location the change concerned; the back office filters by it. */
    locationId?: number | null;
  };
  /** The entity before and after the change (omitted for a creation or a deletion). */
  before?: unknown;
  after?: unknown;
  /** Anything else worth keeping, such as the fields a profile update touched. */
  details?: unknown;
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/**
 * Appends one entry to the audit log. Actions pass their transaction, so the entry exists
 * exactly when the change it records does.
 */
export async function recordChange(trx: DB, change: Change): Promise<void> {
  await insertAuditEntry(trx, {
    user_id: change.actor?.id ?? null,
    action: change.action,
    entity: change.entity.type,
    entity_id: change.entity.id ?? null,
    location_id: change.entity.locationId ?? null,
    details: json(change.details),
    before: json(change.before),
    after: json(change.after),
    ip: change.actor?.ip ?? null,
    created_at: nowIso(),
  });
}

/** @deprecated Transitional: the old entry shape, until every caller records a Change. */
export function audit(
  db: DB,
  e: {
    userId: number | null;
    action: string;
    entity: string;
    entityId?: number | null;
    locationId?: number | null;
    details?: unknown;
    before?: unknown;
    after?: unknown;
    ip?: string;
  },
): Promise<void> {
  return recordChange(db, {
    actor: e.userId === null ? null : { id: e.userId, ip: e.ip },
    action: e.action,
    entity: { type: e.entity, id: e.entityId, locationId: e.locationId },
    before: e.before,
    after: e.after,
    details: e.details,
  });
}
