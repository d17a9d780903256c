import type { Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A day resource's price per night as a number (euro cents), so the booking screen can show a
 * stay's total ('2 Nächte · 50 €'); NULL where the fee text alone says what a stay costs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('booking_resources').addColumn('price_per_night_cents', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('booking_resources').dropColumn('price_per_night_cents').execute();
}
