import type { DB } from '../../db/database.js';

// A service is global (location_id null, e.g. the system services 1 and 3) or one location's.
function visibleServices(db: DB, locationId: number) {
  return db
    .selectFrom('services')
    .where((eb) => eb.or([eb('location_id', 'is', null), eb('location_id', '=', locationId)]));
}

/** Services visible at a location, in display order. */
export function listServices(db: DB, locationId: number, limit: number, offset: number) {
  return visibleServices(db, locationId)
    .select(['id', 'title', 'icon', 'contact_text'])
    .orderBy('sort_order')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many services are visible at a location. */
export async function countServices(db: DB, locationId: number): Promise<number> {
  const row = await visibleServices(db, locationId)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One service, if visible at the location. */
export function findService(db: DB, locationId: number, id: number) {
  return visibleServices(db, locationId)
    .select(['id', 'title', 'icon', 'contact_text'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The providers of a service at a location. */
export function listProviders(db: DB, locationId: number, serviceId: number) {
  return db
    .selectFrom('providers')
    .selectAll()
    .where('service_id', '=', serviceId)
    .where('location_id', '=', locationId)
    .orderBy('id')
    .execute();
}

/** One provider of the location. */
export function findProvider(db: DB, locationId: number, id: number) {
  return db
    .selectFrom('providers')
    .selectAll()
    .where('id', '=', id)
    .where('location_id', '=', locationId)
    .executeTakeFirst();
}

/** Stores a resident's request to a provider. */
export async function createProviderRequest(
  db: DB,
  v: { providerId: number; userId: number; locationId: number; text: string; createdAt: string },
) {
  const row = await db
    .insertInto('provider_requests')
    .values({
      provider_id: v.providerId,
      user_id: v.userId,
      location_id: v.locationId,
      text: v.text,
      created_at: v.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
