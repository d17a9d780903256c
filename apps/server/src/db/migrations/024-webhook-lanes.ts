import type { Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * One lane per webhook endpoint: at most one delivery in flight per endpoint, and the senders
 * take the endpoints with due deliveries in turn (`lane_claimed_at`, oldest first). A receiver
 * that answers slowly, or not at all, then holds one sender, not all of them, and the other keys'
 * events go out meanwhile. `lane_until` is the lane's lease (a crashed sender's lane opens again).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').addColumn('lane_until', 'text').execute();
  await db.schema.alterTable('webhook_endpoints').addColumn('lane_claimed_at', 'text').execute();
  await db.schema
    .createIndex('webhook_deliveries_due_per_endpoint')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_due_per_endpoint').execute();
  await db.schema.alterTable('webhook_endpoints').dropColumn('lane_claimed_at').execute();
  await db.schema.alterTable('webhook_endpoints').dropColumn('lane_until').execute();
}
