import type { Insertable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { AuditLogTable } from '../../db/schema.js';
import { pageOf, type PageWindow } from '../../db/paging.js';

export interface AuditFilter {
  locationId?: number;
  userId?: number;
  entity?: string;
}

/**
 * One page of the audit log, newest first, with the acting person's name. `scope` null (an admin)
 * sees every entry; otherwise only entries of those locations (entries without a location, such as
 * sign-ins, stay with the admin).
 */
export function listAudit(db: DB, scope: number[] | null, f: AuditFilter, window: PageWindow) {
  let base = db.selectFrom('audit_log').leftJoin('users', 'users.id', 'audit_log.user_id');
  if (scope !== null) base = base.where('audit_log.location_id', 'in', scope.length ? scope : [-1]);
  if (f.locationId !== undefined) base = base.where('audit_log.location_id', '=', f.locationId);
  if (f.userId !== undefined) base = base.where('audit_log.user_id', '=', f.userId);
  if (f.entity) base = base.where('audit_log.entity', '=', f.entity);
  return pageOf(
    base,
    (q) =>
      q
        // A write made with an integration key has no person; the log names the key.
        .leftJoin('api_keys', 'api_keys.id', 'audit_log.api_key_id')
        .select([
          'audit_log.id',
          'audit_log.created_at',
          'audit_log.user_id',
          'users.name as user_name',
          'api_keys.name as api_key_name',
          'audit_log.action',
          'audit_log.entity',
          'audit_log.entity_id',
          'audit_log.location_id',
          'audit_log.details',
          'audit_log.before',
          'audit_log.after',
        ])
        .orderBy('audit_log.id', 'desc'),
    window,
  );
}

export type AuditRow = Awaited<ReturnType<typeof listAudit>>['rows'][number];

/** Appends one row to the audit log (audit.ts builds it from a change). */
export async function insertAuditEntry(db: DB, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** Appends many rows at once, 500 to a statement (a bulk write such as the resident sync). */
export async function insertAuditEntries(db: DB, rows: Insertable<AuditLogTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('audit_log')
      .values(rows.slice(i, i + 500))
      .execute();
}

// ---- DSGVO ----

/** What a user did, as the audit log keeps it (no before/after copies), for the export. */
export function activityOf(db: DB, userId: number) {
  return db
    .selectFrom('audit_log')
    .select(['action', 'entity', 'entity_id', 'ip', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** Earlier entries about an account lose their before/after copies of its data. */
export async function forgetCopiesOf(trx: DB, userId: number): Promise<void> {
  await trx
    .updateTable('audit_log')
    .set({ before: null, after: null })
    .where('entity', '=', 'user')
    .where('entity_id', '=', userId)
    .execute();
}
