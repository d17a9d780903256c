import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Residents get into their accounts:
 * - `users.last_login_at`: the last successful sign-in, for the account status ('Aktiv' or
 *   'Nie angemeldet') and the start page's count of residents who never signed in. Filled from
 *   the audit log's sign-ins and the sessions that exist, so accounts in use are not shown as
 *   never used after the update.
 * - `activation_codes`: the one-time codes printed on activation letters; only their SHA-256 is
 *   stored. A new letter replaces a resident's unused codes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema.alterTable('users').addColumn('last_login_at', 'text').execute();
  await sql`update users set last_login_at = (
      select max(t) from (
        select max(created_at) as t from audit_log where action = 'login' and entity = 'user' and entity_id = users.id
        union all
        select max(created_at) as t from auth_tokens where auth_tokens.user_id = users.id
      ) as signed_in
    )`.execute(db);

  await (
    pg
      ? db.schema.createTable('activation_codes').addColumn('id', 'serial', (c: any) => c.primaryKey())
      : db.schema.createTable('activation_codes').addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c: any) => c.notNull().unique())
    .addColumn('created_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('expires_at', 'text', (c: any) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('activation_codes_user').on('activation_codes').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('activation_codes').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('last_login_at').execute();
}
