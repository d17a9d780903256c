import type { Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The language of a queued push: its title and body are written in the recipient's
 * language when it is queued, and the service worker shows it with that `lang` (and `dir`).
 * Pushes queued before were German.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('push_outbox')
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('de'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('push_outbox').dropColumn('lang').execute();
}
