import { PostgresAdapter, type Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Notifications (ADR 016):
 * - `push_outbox` holds one row per push and subscription, written in the transaction of the
 *   event that causes it, and sent from there with the mail outbox's lease and back-off. It keeps
 *   sent rows for a while, because the hourly bundle and the managers' 15-minute limit read them.
 * - `digest_items` collect what a resident with the daily digest would otherwise get as single mails.
 * - `users.notification_settings` holds the preferences as JSON ('' means the defaults).
 * - `email_outbox` gains the HTML body and the unsubscribe link of the mail.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (t: any) =>
    pg
      ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('push_outbox'))
    .addColumn('subscription_id', 'integer', (c: any) =>
      c.notNull().references('push_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c: any) => c.notNull())
    .addColumn('title', 'text', (c: any) => c.notNull())
    .addColumn('body', 'text', (c: any) => c.notNull())
    .addColumn('url', 'text', (c: any) => c.notNull())
    .addColumn('urgent', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('bundle_count', 'integer', (c: any) => c.notNull().defaultTo(1))
    .addColumn('status', 'text', (c: any) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c: any) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('first_error_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('push_outbox_due').on('push_outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema
    .createIndex('push_outbox_user_kind')
    .on('push_outbox')
    .columns(['user_id', 'kind', 'created_at'])
    .execute();

  await id(db.schema.createTable('digest_items'))
    .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c: any) => c.notNull())
    .addColumn('title', 'text', (c: any) => c.notNull())
    .addColumn('body', 'text', (c: any) => c.notNull())
    .addColumn('url', 'text', (c: any) => c.notNull())
    .addColumn('due_at', 'text', (c: any) => c.notNull())
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('digest_items_due').on('digest_items').columns(['due_at', 'user_id']).execute();

  await db.schema
    .alterTable('users')
    .addColumn('notification_settings', 'text', (c: any) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('email_outbox').addColumn('body_html', 'text').execute();
  await db.schema.alterTable('email_outbox').addColumn('unsubscribe_url', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['unsubscribe_url', 'body_html'])
    await db.schema.alterTable('email_outbox').dropColumn(column).execute();
  await db.schema.alterTable('users').dropColumn('notification_settings').execute();
  await db.schema.dropTable('digest_items').ifExists().execute();
  await db.schema.dropTable('push_outbox').ifExists().execute();
}
