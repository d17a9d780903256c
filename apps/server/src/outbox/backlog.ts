import { sql } from 'kysely';
import type { DB } from '../db/database.js';
import type { OutboxTable } from './claim.js';

/** The outboxes the metrics report, by their `kind` label; webhooks join here later. */
export const OUTBOX_KINDS: Record<string, OutboxTable> = { mail: 'email_outbox', push: 'push_outbox' };

export interface Backlog {
  /** Rows waiting to go: due now, or tried and waiting for their retry. */
  pending: number;
  /** Seconds since the oldest of them was written; 0 when none waits. */
  oldestAgeSeconds: number;
}

/**
 * What waits in one outbox (plugins/metrics.ts reads it on a scrape). A push held for the
 * resident's quiet hours and never tried is not backlog: it is not late. One indexed scan of
 * the pending rows, which a healthy outbox keeps few.
 */
export async function outboxBacklog(db: DB, table: OutboxTable, now = new Date()): Promise<Backlog> {
  const iso = now.toISOString();
  const { rows } = await sql<{ pending: number | string; oldest: string | null }>`
    select count(*) as pending, min(created_at) as oldest from ${sql.table(table)}
    where status = 'pending' and (next_attempt_at <= ${iso} or attempts > 0)`.execute(db);
  const row = rows[0];
  const oldest = row?.oldest ? Date.parse(String(row.oldest)) : NaN;
  return {
    pending: Number(row?.pending ?? 0),
    oldestAgeSeconds: Number.isFinite(oldest) ? Math.max(0, (now.getTime() - oldest) / 1000) : 0,
  };
}
