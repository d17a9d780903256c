import { PostgresAdapter, type Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * API keys for integrations (ADR 034):
 * - `api_keys`: a key an administrator created for an ERP or a script. Only the SHA-256 of the key
 *   is stored (`key_hash`, unique); `prefix` is its first characters ('hp_AbC123xy'), which the back
 *   office shows to tell keys apart. `scopes` is a JSON array of the fixed scope names. A key is
 *   valid while `revoked_at` is null and `expires_at` is null or in the future; each request reads
 *   the row, so a revocation holds on the next request on every process.
 * - `api_key_locations`: the locations a key may touch.
 * - `audit_log.api_key_id`: a write made with a key is audited under the key (its name is shown),
 *   with `user_id` null.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (t: any) =>
    pg
      ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('api_keys'))
    .addColumn('name', 'text', (c: any) => c.notNull())
    .addColumn('prefix', 'text', (c: any) => c.notNull())
    .addColumn('key_hash', 'text', (c: any) => c.notNull().unique())
    .addColumn('scopes', 'text', (c: any) => c.notNull())
    .addColumn('created_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('last_used_at', 'text')
    .execute();

  await db.schema
    .createTable('api_key_locations')
    .addColumn('api_key_id', 'integer', (c: any) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('location_id', 'integer', (c: any) => c.notNull().references('locations.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('api_key_locations_pk', ['api_key_id', 'location_id'])
    .execute();

  await db.schema
    .alterTable('audit_log')
    .addColumn('api_key_id', 'integer', (c: any) => c.references('api_keys.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('api_key_id').execute();
  await db.schema.dropTable('api_key_locations').execute();
  await db.schema.dropTable('api_keys').execute();
}
