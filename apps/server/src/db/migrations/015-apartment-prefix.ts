import type { Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A location's apartment-number prefix (ADR 028): `locations.apartment_prefix`,
 * nullable text (at most 10 characters, checked by the API), null for none. Logins stay unique across the install; the prefix gives
 * each location a namespace of its own, so two buildings that both have an apartment '0101' can
 * live on one install ('A-0101', 'B-0101') and a manager's import learns nothing about numbers
 * outside it. Existing locations start without one; an administrator sets it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('locations').addColumn('apartment_prefix', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('locations').dropColumn('apartment_prefix').execute();
}
