import { idsOrNone } from '../../db/paging.js';
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

/** A phone number's fields as a form, the seed or a test gives them. */
export interface PhoneInput {
  locationId: number;
  name: string;
  number: string;
  icon?: string;
  highlighted?: boolean;
  hidden?: boolean;
  sortOrder?: number;
  /** Stored translations (JSON, lib/translations.ts); left out: none on create, unchanged on update. */
  translations?: string;
}

/** Adds a phone number to a location (back office, demo seed, tests); returns its id. */
export async function createPhone(db: DB, v: PhoneInput): Promise<number> {
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
      translations: v.translations ?? '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One page of the phone numbers of the given locations (the back office's scope), in display order. */
export function listAdminPhones(db: DB, locationIds: readonly number[], window: PageWindow) {
  return pageOf(
    db.selectFrom('phones').where('location_id', 'in', idsOrNone(locationIds)),
    (q) => q.selectAll().orderBy('location_id').orderBy('sort_order').orderBy('id'),
    window,
  );
}

/** One phone number by id, whatever its location (the caller checks the scope). */
export function findAdminPhone(db: DB, id: number): Promise<PhoneRow | undefined> {
  return db.selectFrom('phones').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every phone number of a location in display order. */
export function phonesInOrder(db: DB, locationId: number): Promise<PhoneRow[]> {
  return ofLocation(db, locationId).selectAll().orderBy('sort_order').orderBy('id').execute();
}

/** The sort_order after the last phone number of a location, so a new one goes last. */
export async function nextSortOrder(db: DB, locationId: number): Promise<number> {
  const row = await ofLocation(db, locationId)
    .select((eb) => eb.fn.max('sort_order').as('last'))
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/** Changes every field of a phone number, its location included. */
export async function updatePhone(db: DB, id: number, v: PhoneInput): Promise<void> {
  const flag = (b: boolean | undefined) => (b === undefined ? undefined : b ? 1 : 0);
  await db
    .updateTable('phones')
    .set({
      location_id: v.locationId,
      name: v.name,
      number: v.number,
      icon: v.icon,
      highlighted: flag(v.highlighted),
      hidden: flag(v.hidden),
      sort_order: v.sortOrder,
      translations: v.translations,
    })
    .where('id', '=', id)
    .execute();
}

/** Deletes a phone number. */
export async function deletePhone(db: DB, id: number): Promise<void> {
  await db.deleteFrom('phones').where('id', '=', id).execute();
}

/** Gives the phone numbers of a location the sort_order 1, 2, 3, … in the order of `ids`. */
export async function setPhoneOrder(db: DB, locationId: number, ids: readonly number[]): Promise<void> {
  for (const [i, id] of ids.entries()) {
    await db
      .updateTable('phones')
      .set({ sort_order: i + 1 })
      .where('id', '=', id)
      .where('location_id', '=', locationId)
      .execute();
  }
}
