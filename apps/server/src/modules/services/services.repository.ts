import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { idsOrNone } from '../../db/paging.js';
import { jsonArrayFrom, type DB } from '../../db/database.js';
import { pageOf, type PageWindow } from '../../db/paging.js';

// A service is global (location_id null, e.g. the system services 1 and 3) or one location's.
function visibleServices(db: DB, locationId: number) {
  return db
    .selectFrom('services')
    .where((eb) => eb.or([eb('location_id', 'is', null), eb('location_id', '=', locationId)]));
}

const serviceColumns = ['id', 'title', 'icon', 'contact_text', 'translations'] as const;

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
      // A new case for the back office; the manager moves it on (ADR 014).
      status: 'new',
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
 * is for the fixed ids of product §5.8 (service 14 gets ?fd=1); on PostgreSQL the caller then moves
 * the id sequence past it (syncSequences).
 */
export async function createService(
  db: DB,
  v: {
    id?: number;
    locationId: number | null;
    title: string;
    icon?: string;
    contactText?: string;
    sortOrder?: number;
    /** Stored translations (JSON, lib/translations.ts); left out: none. */
    translations?: string;
  },
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
      translations: v.translations ?? '{}',
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

// ---- back office ----

const adminServiceColumns = [
  'id',
  'location_id',
  'title',
  'icon',
  'contact_text',
  'sort_order',
  'is_system',
  'translations',
] as const;

/** One page of the global services and those of the given locations, in display order. */
export function listAdminServices(db: DB, locationIds: readonly number[], window: PageWindow) {
  return pageOf(
    db
      .selectFrom('services')
      .where((eb) => eb.or([eb('location_id', 'is', null), eb('location_id', 'in', idsOrNone(locationIds))])),
    (q) => q.select(adminServiceColumns).orderBy('sort_order').orderBy('id'),
    window,
  );
}

/** One service by id, global or of any location (the caller checks the scope). */
export function findAdminService(db: DB, id: number) {
  return db.selectFrom('services').select(adminServiceColumns).where('id', '=', id).executeTakeFirst();
}

export type AdminServiceRow = NonNullable<Awaited<ReturnType<typeof findAdminService>>>;

/** Changes a service; fields left undefined keep their value. */
export async function updateService(
  db: DB,
  id: number,
  v: {
    locationId: number | null;
    title: string;
    icon?: string;
    contactText?: string;
    sortOrder?: number;
    translations?: string;
  },
): Promise<void> {
  await db
    .updateTable('services')
    .set({
      location_id: v.locationId,
      title: v.title,
      translations: v.translations,
      icon: v.icon,
      contact_text: v.contactText,
      sort_order: v.sortOrder,
    })
    .where('id', '=', id)
    .execute();
}

/** Deletes a service with its providers and their requests (the foreign keys cascade). */
export async function deleteService(db: DB, id: number): Promise<void> {
  await db.deleteFrom('services').where('id', '=', id).execute();
}

/**
 * Whether anything outside `locationId` relies on the service: a provider of another location,
 * or another location's emergency button (default_service_id). null: the service goes global,
 * where every location sees it.
 */
export async function serviceUsedOutside(db: DB, serviceId: number, locationId: number | null): Promise<boolean> {
  if (locationId === null) return false;
  const [provider, location] = await Promise.all([
    db
      .selectFrom('providers')
      .select('id')
      .where('service_id', '=', serviceId)
      .where('location_id', '!=', locationId)
      .executeTakeFirst(),
    db
      .selectFrom('locations')
      .select('id')
      .where('default_service_id', '=', serviceId)
      .where('id', '!=', locationId)
      .executeTakeFirst(),
  ]);
  return Boolean(provider || location);
}

/** Whether some location's emergency button opens this service. */
export async function isDefaultService(db: DB, serviceId: number): Promise<boolean> {
  const row = await db
    .selectFrom('locations')
    .select('id')
    .where('default_service_id', '=', serviceId)
    .executeTakeFirst();
  return Boolean(row);
}

/** The ticket categories a provider works on ('Gewerke'), as a JSON array of `{ category_id }`. */
const tradesOf = (db: DB) => (eb: ExpressionBuilder<Database, 'providers'>) =>
  jsonArrayFrom(
    db,
    eb
      .selectFrom('provider_categories')
      .select('provider_categories.category_id')
      .whereRef('provider_categories.provider_id', '=', 'providers.id')
      .orderBy('provider_categories.category_id'),
  ).as('trades');

const adminProviders = (db: DB) =>
  db
    .selectFrom('providers')
    .innerJoin('services', 'services.id', 'providers.service_id')
    .selectAll('providers')
    .select('services.title as service_title')
    .select(tradesOf(db));

/** One page of the providers of the given locations (the back office's scope), optionally of one service. */
export function listAdminProviders(
  db: DB,
  f: { locationIds: readonly number[]; serviceId?: number },
  window: PageWindow,
) {
  let base = db.selectFrom('providers').where('providers.location_id', 'in', idsOrNone(f.locationIds));
  if (f.serviceId !== undefined) base = base.where('providers.service_id', '=', f.serviceId);
  return pageOf(
    base,
    (q) =>
      q
        .innerJoin('services', 'services.id', 'providers.service_id')
        .selectAll('providers')
        .select('services.title as service_title')
        .select(tradesOf(db))
        .orderBy('providers.location_id')
        .orderBy('services.sort_order')
        .orderBy('providers.id'),
    window,
  );
}

/** One provider by id with its service's title, whatever its location (the caller checks the scope). */
export function findAdminProvider(db: DB, id: number) {
  return adminProviders(db).where('providers.id', '=', id).executeTakeFirst();
}

export type AdminProviderRow = NonNullable<Awaited<ReturnType<typeof findAdminProvider>>>;

/** Changes a provider; optional fields left undefined keep their value. */
export async function updateProvider(db: DB, id: number, v: ProviderInput): Promise<void> {
  const flag = (b: boolean | undefined) => (b === undefined ? undefined : b ? 1 : 0);
  await db
    .updateTable('providers')
    .set({
      service_id: v.serviceId,
      location_id: v.locationId,
      name: v.name,
      phone: v.phone,
      hide_phone: flag(v.hidePhone),
      text: v.text,
      contact: v.contact,
      hours: v.hours,
      email: v.email,
      website: v.website,
      allow_form_contact: flag(v.allowFormContact),
      placeholder: v.placeholder,
    })
    .where('id', '=', id)
    .execute();
}

/** Deletes a provider with its requests (the foreign key cascades). */
export async function deleteProvider(db: DB, id: number): Promise<void> {
  await db.deleteFrom('providers').where('id', '=', id).execute();
}

/** Which of `ids` are ticket categories of the location (a provider's trades must be). */
export async function categoriesAt(db: DB, locationId: number, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('ticket_categories')
    .select('id')
    .where('location_id', '=', locationId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => r.id);
}

/** Makes a provider's trades exactly these categories. */
export async function replaceTrades(trx: DB, providerId: number, categoryIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('provider_categories').where('provider_id', '=', providerId).execute();
  if (categoryIds.length)
    await trx
      .insertInto('provider_categories')
      .values([...new Set(categoryIds)].map((category_id) => ({ provider_id: providerId, category_id })))
      .execute();
}
