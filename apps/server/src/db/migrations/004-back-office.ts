import { PostgresAdapter, type Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The back office: reports on posts and comments (DSA Art. 16), official notices,
 * provider requests as tracked cases, erasure of residents, and an audit log that can be
 * filtered by location and person and keeps the state before and after each write.
 *
 * New statuses need no schema change: posts and comments hidden by three reports get the status
 * `hidden` (so every query that shows `approved` rows skips them without a further condition),
 * and staff with the role `admin` see every location.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (t: any) =>
    pg
      ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('reports'))
    .addColumn('location_id', 'integer', (c: any) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('target_kind', 'text', (c: any) => c.notNull())
    .addColumn('target_id', 'integer', (c: any) => c.notNull())
    .addColumn('reporter_id', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text', (c: any) => c.notNull())
    .addColumn('text', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c: any) => c.notNull().defaultTo('open'))
    .addColumn('decision_reason', 'text')
    .addColumn('decided_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  // One report per resident and item; the queue reads open reports per location, oldest first.
  await db.schema
    .createIndex('reports_once')
    .on('reports')
    .columns(['target_kind', 'target_id', 'reporter_id'])
    .unique()
    .execute();
  await db.schema.createIndex('reports_queue').on('reports').columns(['location_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('reports_reporter').on('reports').columns(['reporter_id', 'created_at']).execute();

  await id(db.schema.createTable('notices'))
    .addColumn('title', 'text', (c: any) => c.notNull())
    .addColumn('text', 'text', (c: any) => c.notNull())
    .addColumn('important', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('ends_at', 'text')
    .addColumn('created_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('updated_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema
    .createTable('notice_locations')
    .addColumn('notice_id', 'integer', (c: any) => c.notNull().references('notices.id').onDelete('cascade'))
    .addColumn('location_id', 'integer', (c: any) => c.notNull().references('locations.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('notice_locations_pk', ['notice_id', 'location_id'])
    .execute();
  await db.schema.createIndex('notice_locations_location').on('notice_locations').column('location_id').execute();

  await db.schema
    .alterTable('provider_requests')
    .addColumn('status', 'text', (c: any) => c.notNull().defaultTo('new'))
    .execute();
  await db.schema
    .alterTable('provider_requests')
    .addColumn('note', 'text', (c: any) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('provider_requests').addColumn('updated_at', 'text').execute();
  await db.schema
    .createIndex('provider_requests_user')
    .on('provider_requests')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema.alterTable('users').addColumn('erased_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('invited_at', 'text').execute();

  await db.schema.alterTable('audit_log').addColumn('location_id', 'integer').execute();
  await db.schema.alterTable('audit_log').addColumn('before', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('after', 'text').execute();
  await db.schema.createIndex('audit_log_location').on('audit_log').columns(['location_id', 'created_at']).execute();
  await db.schema.createIndex('audit_log_user').on('audit_log').columns(['user_id', 'created_at']).execute();

  // Which location a mail belongs to (a manager sees only the mail of their locations) and what
  // kind it is (reset, invitation, provider_request, …).
  await db.schema.alterTable('email_outbox').addColumn('location_id', 'integer').execute();
  await db.schema
    .alterTable('email_outbox')
    .addColumn('kind', 'text', (c: any) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('email_outbox_location')
    .on('email_outbox')
    .columns(['location_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('email_outbox_location').ifExists().execute();
  for (const column of ['kind', 'location_id']) await db.schema.alterTable('email_outbox').dropColumn(column).execute();
  await db.schema.dropIndex('audit_log_user').ifExists().execute();
  await db.schema.dropIndex('audit_log_location').ifExists().execute();
  for (const column of ['after', 'before', 'location_id'])
    await db.schema.alterTable('audit_log').dropColumn(column).execute();
  for (const column of ['invited_at', 'erased_at']) await db.schema.alterTable('users').dropColumn(column).execute();
  await db.schema.dropIndex('provider_requests_user').ifExists().execute();
  for (const column of ['updated_at', 'note', 'status'])
    await db.schema.alterTable('provider_requests').dropColumn(column).execute();
  await db.schema.dropTable('notice_locations').ifExists().execute();
  await db.schema.dropTable('notices').ifExists().execute();
  await db.schema.dropTable('reports').ifExists().execute();
}
