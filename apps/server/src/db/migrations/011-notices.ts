import { PostgresAdapter, type Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Notices:
 * - `notices.starts_at`: 'Sichtbar ab', null = at once. Residents see a notice only from then on.
 * - `notices.announced_at`: when its publication notification was queued. The notice job sets it
 *   with a compare-and-set (`where announced_at is null`) in the notification's transaction, so the
 *   notification goes out once however many processes look. Existing notices were announced when
 *   they were saved.
 * - `notice_attachments`: PDFs of a notice, in the file store like documents.
 * - `notice_reads`: who opened (and dismissed) which notice; personal data, only counted for managers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (t: any) =>
    pg
      ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

  await db.schema.alterTable('notices').addColumn('starts_at', 'text').execute();
  await db.schema.alterTable('notices').addColumn('announced_at', 'text').execute();
  await db
    .updateTable('notices')
    .set((eb: any) => ({ announced_at: eb.ref('created_at') }))
    .execute();
  // The notice job's question: which unannounced notices have started?
  await db.schema.createIndex('notices_unannounced').on('notices').columns(['announced_at', 'starts_at']).execute();

  await id(db.schema.createTable('notice_attachments'))
    .addColumn('notice_id', 'integer', (c: any) => c.notNull().references('notices.id').onDelete('cascade'))
    .addColumn('name', 'text', (c: any) => c.notNull())
    .addColumn('file_key', 'text', (c: any) => c.notNull())
    .addColumn('size', 'integer', (c: any) => c.notNull())
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notice_attachments_notice')
    .on('notice_attachments')
    .columns(['notice_id', 'id'])
    .execute();

  await db.schema
    .createTable('notice_reads')
    .addColumn('notice_id', 'integer', (c: any) => c.notNull().references('notices.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('opened_at', 'text', (c: any) => c.notNull())
    .addColumn('dismissed_at', 'text')
    .addPrimaryKeyConstraint('notice_reads_pk', ['notice_id', 'user_id'])
    .execute();
  await db.schema.createIndex('notice_reads_user').on('notice_reads').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notice_reads').ifExists().execute();
  await db.schema.dropTable('notice_attachments').ifExists().execute();
  await db.schema.dropIndex('notices_unannounced').ifExists().execute();
  await db.schema.alterTable('notices').dropColumn('announced_at').execute();
  await db.schema.alterTable('notices').dropColumn('starts_at').execute();
}
