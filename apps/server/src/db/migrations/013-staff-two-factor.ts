import { PostgresAdapter, type Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Staff sign-in with a second factor (ADR 025):
 * - `staff_two_factor`: one row per staff member who started or finished the TOTP setup. The
 *   secret is stored encrypted (AES-256-GCM, key derived from the install's secret); `enabled_at`
 *   is null until the first valid code confirmed the setup; `last_step` is the newest accepted
 *   30-second step, so a code is accepted once (no replay). Deleting the row resets the factor.
 * - `staff_recovery_codes`: the 10 one-time codes, as SHA-256 hashes; `used_at` marks a used one.
 * The requirement for every staff account is the app_settings row 'staff_two_factor_required'.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (t: any) =>
    pg
      ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

  await db.schema
    .createTable('staff_two_factor')
    .addColumn('user_id', 'integer', (c: any) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_enc', 'text', (c: any) => c.notNull())
    .addColumn('enabled_at', 'text')
    .addColumn('last_step', 'integer')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();

  await id(db.schema.createTable('staff_recovery_codes'))
    .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c: any) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_recovery_codes_user')
    .on('staff_recovery_codes')
    .columns(['user_id', 'code_hash'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_recovery_codes').ifExists().execute();
  await db.schema.dropTable('staff_two_factor').ifExists().execute();
  await db.deleteFrom('app_settings').where('key', '=', 'staff_two_factor_required').execute();
}
