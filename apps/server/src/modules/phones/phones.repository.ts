import type { DB } from '../../db/database.js';
import { pageOf, type PageWindow } from '../../db/paging.js';

const ofLocation = (db: DB, locationId: number) => db.selectFrom('phones').where('location_id', '=', locationId);

/** One page of a location's phone numbers in display order, with the total. */
export function listPhones(db: DB, locationId: number, window: PageWindow) {
  return pageOf(ofLocation(db, locationId), (q) => q.selectAll().orderBy('sort_order').orderBy('id'), window);
}

/** One phone number of the location. */
export function findPhone(db: DB, locationId: number, id: number) {
  return ofLocation(db, locationId).selectAll().where('id', '=', id).executeTakeFirst();
}

export type PhoneRow = NonNullable<Awaited<ReturnType<typeof findPhone>>>;
