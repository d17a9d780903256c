import { sql, type Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The resident sync from a housing company's ERP and access by move-in and move-out:
 * - `users.external_id`: the ERP's id of the resident (text, as ERPs use letters and digits).
 *   Unique where set: the ids are unique per installation (one housing company, one ERP), and the
 *   sync's `PUT /api/integration/residents/{external_id}` finds the resident by it. Residents
 *   created by hand or by the CSV import have none.
 * - `users.move_in_on`, `users.move_out_on`: calendar days 'YYYY-MM-DD' in Europe/Berlin (a
 *   contract's dates carry no time), null when unknown. Access opens
 *   ACCESS_OPENS_DAYS_BEFORE_MOVE_IN days before move-in and closes
 *   ACCESS_CLOSES_DAYS_AFTER_MOVE_OUT days after move-out; the sign-in reads the dates themselves,
 *   so a boundary holds to the day even before the job has run.
 * - `users.access_opened_at`, `users.access_closed_at`: what the access job (and a write whose
 *   dates are already in the window) has done, so each step happens exactly once across processes:
 *   opening sends the invitation, closing ends the sessions. Both are compare-and-set markers
 *   (`where access_opened_at is null`), which a date alone could not be: the job must know whether
 *   it already invited, also after a restart or when two processes run it at once. A later
 *   move-out that lies in the future again clears `access_closed_at` (access reopens, and
 *   counts as an opening: a resident without a password gets a new invitation, since closing
 *   deleted the old link); a move-in moved later clears `access_opened_at`, so the job opens it
 *   again on the new day. Existing accounts count as opened (at their invitation or creation), so
 *   this migration invites nobody.
 * - Two partial indexes serve the job's two questions: whose access is still to open (by move-in)
 *   and whose is still to close (by move-out).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('external_id', 'text').execute();
  await db.schema.alterTable('users').addColumn('move_in_on', 'text').execute();
  await db.schema.alterTable('users').addColumn('move_out_on', 'text').execute();
  await db.schema.alterTable('users').addColumn('access_opened_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('access_closed_at', 'text').execute();
  await sql`update users set access_opened_at = coalesce(invited_at, created_at)`.execute(db);

  await db.schema
    .createIndex('users_external_id')
    .unique()
    .on('users')
    .column('external_id')
    .where(sql.ref('external_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('users_access_to_open')
    .on('users')
    .column('move_in_on')
    .where(sql.ref('access_opened_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('users_access_to_close')
    .on('users')
    .column('move_out_on')
    .where((eb: any) => eb.and([eb('access_closed_at', 'is', null), eb('move_out_on', 'is not', null)]))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_access_to_close').ifExists().execute();
  await db.schema.dropIndex('users_access_to_open').ifExists().execute();
  await db.schema.dropIndex('users_external_id').ifExists().execute();
  for (const column of ['access_closed_at', 'access_opened_at', 'move_out_on', 'move_in_on', 'external_id'])
    await db.schema.alterTable('users').dropColumn(column).execute();
}
