import type { Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A trusted role per location: where the management says so, the reception's posts and comments
 * appear at once ('Rezeption veröffentlicht ohne Freigabe'), recorded as moderated by their
 * author. Off for every location until a manager turns it on.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('locations')
    .addColumn('reception_publishes_directly', 'integer', (c: any) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('locations').dropColumn('reception_publishes_directly').execute();
}
