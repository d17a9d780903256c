import { PostgresAdapter, type Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Signed webhooks (ADR 034):
 * - `webhook_endpoints`: an HTTPS address an administrator registered for an API key, with the
 *   event types it wants (JSON array). `secret` is the signing secret ('whsec_…') sealed with
 *   lib/secret-box.ts: it must sign every delivery, so it is encrypted, not hashed. A rotation
 *   keeps the secret before it in `previous_secret` (sealed alike) until `previous_secret_expires_at`
 *   (24 hours later); until then deliveries carry both signatures (zero-downtime rotation, as the
 *   Standard Webhooks spec allows). An endpoint
 *   failing since `failing_since` for 3 days is switched off (`enabled` 0, `disabled_reason`).
 * - `webhook_deliveries`: one message to one endpoint, written in the transaction of the event
 *   and sent from there like the mail and push outboxes (lease in `locked_until`, claim.ts).
 *   `message_id` ('msg_…') is the `webhook-id` header, the same on every attempt and on a resend;
 *   `payload` is the JSON body as queued; `user_id` the resident it names, if any (the data
 *   export lists such deliveries, the erasure deletes them). Kept 30 days.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (t: any) =>
    pg
      ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('webhook_endpoints'))
    .addColumn('api_key_id', 'integer', (c: any) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('url', 'text', (c: any) => c.notNull())
    .addColumn('description', 'text', (c: any) => c.notNull().defaultTo(''))
    .addColumn('events', 'text', (c: any) => c.notNull())
    .addColumn('secret', 'text', (c: any) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_expires_at', 'text')
    .addColumn('enabled', 'integer', (c: any) => c.notNull().defaultTo(1))
    .addColumn('disabled_reason', 'text')
    .addColumn('failing_since', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('created_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('webhook_endpoints_key').on('webhook_endpoints').column('api_key_id').execute();

  await id(db.schema.createTable('webhook_deliveries'))
    .addColumn('endpoint_id', 'integer', (c: any) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('location_id', 'integer', (c: any) => c.references('locations.id').onDelete('set null'))
    // The resident the payload names (DSGVO: their export lists it, their erasure deletes it).
    .addColumn('user_id', 'integer', (c: any) => c.references('users.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c: any) => c.notNull())
    .addColumn('event', 'text', (c: any) => c.notNull())
    .addColumn('payload', 'text', (c: any) => c.notNull())
    .addColumn('status', 'text', (c: any) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('response_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c: any) => c.notNull())
    .addColumn('last_attempt_at', 'text')
    .addColumn('delivered_at', 'text')
    .execute();
  // The sender's claim (status, due time), the log per endpoint (newest first) and the retention.
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .execute();
  await db.schema.createIndex('webhook_deliveries_user').on('webhook_deliveries').column('user_id').execute();
  await db.schema.createIndex('webhook_deliveries_created').on('webhook_deliveries').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
