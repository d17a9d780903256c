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

/** Adds a phone number to a location (back office, demo seed, tests); returns its id. */
export async function createPhone(
  db: DB,
  v: {
    locationId: number;
    name: string;
    number: string;
    icon?: string;
    highlighted?: boolean;
    hidden?: boolean;
    sortOrder?: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('phones')
    .values({
      location_id: v.locationId,
      name: v.name,
      number: v.number,
      icon: v.icon ?? '',
      highlighted: v.highlighted ? 1 : 0,
      hidden: v.hidden ? 1 : 0,
      sort_order: v.sortOrder ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
