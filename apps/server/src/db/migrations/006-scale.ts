import { PostgresAdapter, type Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Scale (ADR 018): `media_files` holds uploaded files for MEDIA_STORE=database, so
 * several machines share them without object storage.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('media_files')
    .addColumn('key', 'text', (c: any) => c.primaryKey())
    .addColumn('data', pg ? 'bytea' : 'blob', (c: any) => c.notNull())
    .addColumn('size', 'integer', (c: any) => c.notNull())
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_files').execute();
}
