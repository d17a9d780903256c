import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations take `any` because they must not depend on the schema types of today.
/* eslint-disable @typescript-eslint/no-explicit-any */

const CONTACT_TEXT = 'Hallo, hier schreibt {profile_name} aus Wohnung {apartment_number} ({location}).\n{placeholder}';

/**
 * The system services 1 (Verwaltung) and 3 (Rezeption) always exist (product §5.8): the home tiles,
 * the reception page and the default emergency service point at them. Until now only the demo
 * seed created them, so an install with SEED_DEMO=false had neither.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const s of [
    { id: 1, title: 'Verwaltung', icon: '/icons/admin.svg', sort_order: 90 },
    { id: 3, title: 'Rezeption', icon: '/icons/reception.svg', sort_order: 1 },
  ]) {
    await db
      .insertInto('services')
      .values({ ...s, location_id: null, contact_text: CONTACT_TEXT, is_system: 1 })
      .onConflict((oc: any) => oc.column('id').doNothing())
      .execute();
  }
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select setval(pg_get_serial_sequence('services', 'id'), coalesce((select max(id) from services), 0) + 1, false)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('services').where('id', 'in', [1, 3]).where('is_system', '=', 1).execute();
}
