import type { DB } from '../../db/database.js';

/** A location's phone numbers in display order. */
export function listPhones(db: DB, locationId: number, limit: number, offset: number) {
  return db
    .selectFrom('phones')
    .selectAll()
    .where('location_id', '=', locationId)
    .orderBy('sort_order')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many phone numbers a location has. */
export async function countPhones(db: DB, locationId: number): Promise<number> {
  const row = await db
    .selectFrom('phones')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('location_id', '=', locationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One phone number of the location. */
export function findPhone(db: DB, locationId: number, id: number) {
  return db
    .selectFrom('phones')
    .selectAll()
    .where('id', '=', id)
    .where('location_id', '=', locationId)
    .executeTakeFirst();
}
