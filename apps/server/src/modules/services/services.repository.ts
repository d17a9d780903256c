import type { DB } from '../../db/database.js';
import { pageOf, type PageWindow } from '../../db/paging.js';

// A service is global (location_id null, e.g. the system services 1 and 3) or one location's.
function visibleServices(db: DB, locationId: number) {
  return db
    .selectFrom('services')
    .where((eb) => eb.or([eb('location_id', 'is', null), eb('location_id', '=', locationId)]));
}

const serviceColumns = ['id', 'title', 'icon', 'contact_text'] as const;

/** One page of the services visible at a location, in display order, with the total. */
export function listServices(db: DB, locationId: number, window: PageWindow) {
  return pageOf(
    visibleServices(db, locationId),
    (q) => q.select(serviceColumns).orderBy('sort_order').orderBy('id'),
    window,
  );
}

/** One service, if visible at the location. */
export function findService(db: DB, locationId: number, id: number) {
  return visibleServices(db, locationId).select(serviceColumns).where('id', '=', id).executeTakeFirst();
}

const providersOf = (db: DB, locationId: number) =>
  db.selectFrom('providers').selectAll().where('location_id', '=', locationId);

/** The providers of a service at a location. */
export function listProviders(db: DB, locationId: number, serviceId: number) {
  return providersOf(db, locationId).where('service_id', '=', serviceId).orderBy('id').execute();
}

/** One provider of the location. */
export function findProvider(db: DB, locationId: number, id: number) {
  return providersOf(db, locationId).where('id', '=', id).executeTakeFirst();
}

export type ProviderRow = NonNullable<Awaited<ReturnType<typeof findProvider>>>;

/** Stores a resident's request to a provider; returns its id. */
export async function createProviderRequest(
  db: DB,
  v: { providerId: number; userId: number; locationId: number; text: string; createdAt: string },
): Promise<number> {
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

/** The name and contact address of a location, for mail about a request made there. */
export function findLocationContact(db: DB, locationId: number) {
  return db
    .selectFrom('locations')
    .select(['name', 'title', 'email'])
    .where('id', '=', locationId)
    .executeTakeFirstOrThrow();
}

/**
 * Adds a service, global (locationId null) or of one location; returns its id. An explicit id
 * is for the fixed ids of DESIGN §3 (service 14 gets ?fd=1); on PostgreSQL the caller then moves
 * the id sequence past it (syncSequences).
 */
export async function createService(
  db: DB,
  v: { id?: number; locationId: number | null; title: string; icon?: string; contactText?: string; sortOrder?: number },
): Promise<number> {
  const row = await db
    .insertInto('services')
    .values({
      ...(v.id === undefined ? {} : { id: v.id }),
      location_id: v.locationId,
      title: v.title,
      icon: v.icon ?? '',
      contact_text: v.contactText ?? '',
      is_system: 0,
      sort_order: v.sortOrder ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The provider fields a manager fills in; everything but the name may stay empty. */
export interface ProviderInput {
  serviceId: number;
  locationId: number;
  name: string;
  phone?: string;
  hidePhone?: boolean;
  text?: string;
  contact?: string;
  hours?: string;
  email?: string;
  website?: string;
  allowFormContact?: boolean;
  placeholder?: string;
}

/** Adds a provider of a service at a location; returns its id. */
export async function createProvider(db: DB, v: ProviderInput): Promise<number> {
  const row = await db
    .insertInto('providers')
    .values({
      service_id: v.serviceId,
      location_id: v.locationId,
      name: v.name,
      phone: v.phone ?? '',
      hide_phone: v.hidePhone ? 1 : 0,
      text: v.text ?? '',
      contact: v.contact ?? '',
      hours: v.hours ?? '',
      email: v.email ?? '',
      website: v.website ?? '',
      allow_form_contact: v.allowFormContact ? 1 : 0,
      placeholder: v.placeholder ?? '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
