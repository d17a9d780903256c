import type { Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A parcel's tracking number ('Sendungsnummer'), optional: the desk tells two parcels of one
 * carrier for the same apartment apart by it, and the management answers "is my parcel there?".
 * Empty for the parcels logged before and for those logged without one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('parcels')
    .addColumn('tracking_number', 'text', (c: any) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('parcels').dropColumn('tracking_number').execute();
}
