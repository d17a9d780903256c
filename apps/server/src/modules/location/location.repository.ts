import { sql } from 'kysely';
import { DEFAULT_TICKET_CATEGORIES, fieldTranslations } from '@hausportal/contract';
import { idsOrNone } from '../../db/paging.js';
import type { DB } from '../../db/database.js';
import { pageOf, type PageWindow } from '../../db/paging.js';
import { nowIso } from '../../lib/time.js';

/** A location with the name of its default service. */
export function findLocation(db: DB, locationId: number) {
  return db
    .selectFrom('locations')
    .leftJoin('services', 'services.id', 'locations.default_service_id')
    .selectAll('locations')
    .select(['services.title as default_service_name', 'services.translations as default_service_translations'])
    .where('locations.id', '=', locationId)
    .executeTakeFirst();
}

export type LocationRow = NonNullable<Awaited<ReturnType<typeof findLocation>>>;

/** One page of the given locations (the back office's scope), by title, with the total. */
export function listLocations(db: DB, locationIds: readonly number[], window: PageWindow) {
  return pageOf(
    db.selectFrom('locations').where('locations.id', 'in', idsOrNone(locationIds)),
    (q) =>
      q
        .leftJoin('services', 'services.id', 'locations.default_service_id')
        .selectAll('locations')
        .select(['services.title as default_service_name', 'services.translations as default_service_translations'])
        .orderBy('locations.title')
        .orderBy('locations.id'),
    window,
  );
}

/** The titles of the given locations, by title (the back office's start page). */
export function locationTitles(db: DB, locationIds: readonly number[]) {
  return db
    .selectFrom('locations')
    .select(['id', 'title'])
    .where('id', 'in', idsOrNone(locationIds))
    .orderBy('title')
    .orderBy('id')
    .execute();
}

/** The apartment-number prefix of a location (ADR 028); null when it has none or does not exist. */
export async function apartmentPrefixOf(db: DB, locationId: number): Promise<string | null> {
  const row = await db
    .selectFrom('locations')
    .select('apartment_prefix')
    .where('id', '=', locationId)
    .executeTakeFirst();
  return row?.apartment_prefix ?? null;
}

/** The prefixes of the other locations, with their titles (an administrator's overlap check). */
export function otherApartmentPrefixes(db: DB, locationId: number) {
  return db
    .selectFrom('locations')
    .select(['id', 'title', 'apartment_prefix'])
    .where('id', '<>', locationId)
    .where('apartment_prefix', 'is not', null)
    .orderBy('id')
    .execute();
}

/**
 * How many residents and receptionists of the location (erased ones hold no login) have an
 * apartment number outside `prefix`; logins are the lower-cased apartment numbers.
 */
export async function countOutsidePrefix(db: DB, locationId: number, prefix: string): Promise<number> {
  const lower = prefix.toLowerCase();
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('location_id', '=', locationId)
    .where('role', 'in', ['resident', 'receptionist'])
    .where('erased_at', 'is', null)
    .where(sql<string>`substr(login, 1, ${lower.length})`, '<>', lower)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The fields of a location a manager sets; only the title is required. */
export interface LocationInput {
  title: string;
  name?: string;
  logo?: string | null;
  directCall?: boolean;
  directNumber?: string;
  defaultServiceId?: number | null;
  defaultServiceAlways?: boolean;
  text?: string;
  hours?: string;
  phone?: string;
  email?: string;
  freeText?: string;
  residentsCanPost?: boolean;
  receptionPublishesDirectly?: boolean;
  /** The apartment-number prefix (ADR 028); null: none. Only administrators change it. */
  apartmentPrefix?: string | null;
  street?: string;
  postalCode?: string;
  city?: string;
  accessNote?: string;
  autoAcceptDays?: number | null;
}

/** Adds a location, with the default ticket categories; returns its id. */
export async function createLocation(db: DB, v: LocationInput): Promise<number> {
  const row = await db
    .insertInto('locations')
    .values({
      title: v.title,
      name: v.name ?? v.title,
      logo: v.logo ?? null,
      direct_call: v.directCall ? 1 : 0,
      direct_number: v.directNumber ?? '',
      default_service_id: v.defaultServiceId === undefined ? 3 : v.defaultServiceId,
      default_service_always: v.defaultServiceAlways ? 1 : 0,
      text: v.text ?? '',
      hours: v.hours ?? '',
      phone: v.phone ?? '',
      email: v.email ?? '',
      free_text: v.freeText ?? '',
      residents_can_post: v.residentsCanPost ? 1 : 0,
      apartment_prefix: v.apartmentPrefix ?? null,
      street: v.street ?? '',
      postal_code: v.postalCode ?? '',
      city: v.city ?? '',
      access_note: v.accessNote ?? '',
      auto_accept_days: v.autoAcceptDays ?? null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Every location starts with the ten defect categories of the form ('Schaden melden'), translated.
  const createdAt = nowIso();
  await db
    .insertInto('ticket_categories')
    .values(
      DEFAULT_TICKET_CATEGORIES.map((c, i) => ({
        location_id: row.id,
        name: c.name,
        emergency: c.emergency ? 1 : 0,
        sort_order: i,
        archived: 0,
        created_at: createdAt,
        // Shipped in all seven languages: { tr: { name: 'Isıtma' }, … }.
        translations: JSON.stringify(fieldTranslations('name', c.translations)),
      })),
    )
    .execute();
  return row.id;
}

/** Changes the given fields of a location; fields left undefined keep their value. */
export async function updateLocation(db: DB, locationId: number, v: Partial<LocationInput>): Promise<void> {
  const flag = (b: boolean | undefined) => (b === undefined ? undefined : b ? 1 : 0);
  const set = {
    title: v.title,
    name: v.name,
    logo: v.logo,
    direct_call: flag(v.directCall),
    direct_number: v.directNumber,
    default_service_id: v.defaultServiceId,
    default_service_always: flag(v.defaultServiceAlways),
    text: v.text,
    hours: v.hours,
    phone: v.phone,
    email: v.email,
    free_text: v.freeText,
    residents_can_post: flag(v.residentsCanPost),
    reception_publishes_directly: flag(v.receptionPublishesDirectly),
    apartment_prefix: v.apartmentPrefix,
    street: v.street,
    postal_code: v.postalCode,
    city: v.city,
    access_note: v.accessNote,
    auto_accept_days: v.autoAcceptDays,
  };
  // Kysely leaves undefined values out of the SET clause; with none left there is nothing to do.
  if (Object.values(set).every((value) => value === undefined)) return;
  await db.updateTable('locations').set(set).where('id', '=', locationId).execute();
}

// ---- buildings and staircases ----

/** A location's buildings or staircases, by name. */
export function listBuildings(db: DB, locationId: number) {
  return db
    .selectFrom('location_buildings')
    .select(['id', 'name', 'street', 'postal_code', 'city', 'access_note'])
    .where('location_id', '=', locationId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export type BuildingRow = Awaited<ReturnType<typeof listBuildings>>[number];

/** The buildings of several locations, by location (a page of the back office's list). */
export async function buildingsOf(db: DB, locationIds: readonly number[]): Promise<Map<number, BuildingRow[]>> {
  const rows = await db
    .selectFrom('location_buildings')
    .select(['location_id', 'id', 'name', 'street', 'postal_code', 'city', 'access_note'])
    .where('location_id', 'in', idsOrNone(locationIds))
    .orderBy('name')
    .orderBy('id')
    .execute();
  const byLocation = new Map<number, BuildingRow[]>();
  for (const { location_id, ...b } of rows) byLocation.set(location_id, [...(byLocation.get(location_id) ?? []), b]);
  return byLocation;
}

/** One building of a location, or undefined. */
export function findBuilding(db: DB, locationId: number, buildingId: number) {
  return db
    .selectFrom('location_buildings')
    .select(['id', 'name', 'street', 'postal_code', 'city', 'access_note'])
    .where('location_id', '=', locationId)
    .where('id', '=', buildingId)
    .executeTakeFirst();
}

/**
 * Makes a location's buildings the given list: rows with an id of this location change, rows
 * without one are added, the others go (their tickets fall back to the location's address).
 * Returns false when an id belongs to no building of this location.
 */
export async function replaceBuildings(
  trx: DB,
  locationId: number,
  items: { id?: number; name: string; street: string; postal_code: string; city: string; access_note: string }[],
): Promise<boolean> {
  const existing = new Set((await listBuildings(trx, locationId)).map((b) => b.id));
  if (items.some((b) => b.id !== undefined && !existing.has(b.id))) return false;
  const kept = items.flatMap((b) => (b.id === undefined ? [] : [b.id]));
  await trx
    .deleteFrom('location_buildings')
    .where('location_id', '=', locationId)
    .where('id', 'not in', kept.length ? kept : [-1])
    .execute();
  const now = nowIso();
  for (const b of items) {
    const values = {
      name: b.name,
      street: b.street,
      postal_code: b.postal_code,
      city: b.city,
      access_note: b.access_note,
    };
    if (b.id === undefined)
      await trx
        .insertInto('location_buildings')
        .values({ ...values, location_id: locationId, created_at: now })
        .execute();
    else await trx.updateTable('location_buildings').set(values).where('id', '=', b.id).execute();
  }
  return true;
}
