import type { DB } from '../db/database.js';
import { nowIso } from './time.js';

/** Appends one entry to the audit log (who did what to which entity). */
export async function audit(
  db: DB,
  entry: {
    userId: number | null;
    action: string;
    entity: string;
    entityId?: number | null;
    details?: unknown;
    ip?: string;
  },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      user_id: entry.userId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId ?? null,
      details: entry.details === undefined ? null : JSON.stringify(entry.details),
      ip: entry.ip ?? null,
      created_at: nowIso(),
    })
    .execute();
}
