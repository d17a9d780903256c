import type { Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A ticket's timeline names the API key that wrote an entry (ADR 034): an ERP that sets a
 * status or writes to the residents has no user, so `user_id` is null and the back office showed
 * no author. `api_key_id` keeps the key (its name is shown); revoking a key keeps its row, and
 * deleting one would leave the entry as the management's without a name.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('ticket_events')
    .addColumn('api_key_id', 'integer', (c: any) => c.references('api_keys.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ticket_events').dropColumn('api_key_id').execute();
}
