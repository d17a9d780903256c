import type { DB } from '../db/database.js';
import { nowIso } from './time.js';

/** One entry of the audit log: who did what to which entity, where, and what it looked like before and after. */
export interface AuditEntry {
  userId: number | null;
  action: string;
  entity: string;
  entityId?: number | null;
  /** The location the write concerned; the back office filters by it. */
  locationId?: number | null;
  details?: unknown;
  /** The entity before and after a back-office write (null for a creation or a deletion). */
  before?: unknown;
  after?: unknown;
  ip?: string;
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/** Appends one entry to the audit log; pass a transaction to write it with the change it records. */
export async function audit(db: DB, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      user_id: entry.userId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId ?? null,
      location_id: entry.locationId ?? null,
      details: json(entry.details),
      before: json(entry.before),
      after: json(entry.after),
      ip: entry.ip ?? null,
      created_at: nowIso(),
    })
    .execute();
}
