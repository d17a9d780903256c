import type { DB } from '../../db/database.js';

/** A location with the name of its default service. */
export function findLocation(db: DB, locationId: number) {
  return db
    .selectFrom('locations')
    .leftJoin('services', 'services.id', 'locations.default_service_id')
    .selectAll('locations')
    .select('services.title as default_service_name')
    .where('locations.id', '=', locationId)
    .executeTakeFirst();
}

export type LocationRow = NonNullable<Awaited<ReturnType<typeof findLocation>>>;
