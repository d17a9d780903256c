import { idsOrNone } from '../../db/paging.js';
import type { DB } from '../../db/database.js';
import { pageOf, type PageWindow } from '../../db/paging.js';
import { nowIso } from '../../lib/time.js';

export type DocumentScope = { locationId: number; apartmentNumber: string };
export type DocumentRow = { id: number; title: string; icon: string; file_key: string };

// A document belongs to the whole location (apartment_number null) or to one apartment.
function scoped(db: DB, s: DocumentScope) {
  return db
    .selectFrom('documents')
    .where('location_id', '=', s.locationId)
    .where((eb) => eb.or([eb('apartment_number', 'is', null), eb('apartment_number', '=', s.apartmentNumber)]));
}

/** One page of the documents the caller may see, newest first, with the total. */
export function listDocuments(db: DB, s: DocumentScope, window: PageWindow) {
  return pageOf(
    scoped(db, s),
    (q) => q.select(['id', 'title', 'icon', 'file_key']).orderBy('created_at', 'desc').orderBy('id', 'desc'),
    window,
  );
}

/** One document, if the caller may see it. */
export function findDocument(db: DB, s: DocumentScope, id: number): Promise<DocumentRow | undefined> {
  return scoped(db, s).select(['id', 'title', 'icon', 'file_key']).where('id', '=', id).executeTakeFirst();
}

/** Adds a document for a whole location (apartmentNumber null) or one apartment; returns its id. */
export async function createDocument(
  db: DB,
  v: {
    locationId: number;
    apartmentNumber: string | null;
    title: string;
    fileKey: string;
    fileName: string;
    icon?: string;
    createdAt?: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('documents')
    .values({
      location_id: v.locationId,
      apartment_number: v.apartmentNumber,
      title: v.title,
      icon: v.icon ?? '',
      file_key: v.fileKey,
      file_name: v.fileName,
      created_at: v.createdAt ?? nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const adminColumns = [
  'id',
  'title',
  'icon',
  'file_key',
  'file_name',
  'location_id',
  'apartment_number',
  'created_at',
] as const;

/**
 * One page of the documents of the given locations (the back office's scope), newest first;
 * `apartmentNumber` narrows it to one apartment, ignoring case.
 */
export function listAdminDocuments(
  db: DB,
  f: { locationIds: readonly number[]; apartmentNumber?: string },
  window: PageWindow,
) {
  let base = db.selectFrom('documents').where('location_id', 'in', idsOrNone(f.locationIds));
  if (f.apartmentNumber)
    base = base.where((eb) => eb(eb.fn('lower', ['apartment_number']), '=', f.apartmentNumber!.toLowerCase()));
  return pageOf(base, (q) => q.select(adminColumns).orderBy('created_at', 'desc').orderBy('id', 'desc'), window);
}

/** One document by id, whatever its location (the caller checks the scope). */
export function findAdminDocument(db: DB, id: number) {
  return db.selectFrom('documents').select(adminColumns).where('id', '=', id).executeTakeFirst();
}

export type AdminDocumentRow = NonNullable<Awaited<ReturnType<typeof findAdminDocument>>>;

/**
 * The apartment number as the location's residents have it, so a document typed 'a-0101' still
 * reaches the resident of 'A-0101'; the input itself when nobody lives there (yet).
 */
export async function apartmentSpelling(db: DB, locationId: number, apartmentNumber: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('apartment_number')
    .where('location_id', '=', locationId)
    .where((eb) => eb(eb.fn('lower', ['apartment_number']), '=', apartmentNumber.toLowerCase()))
    .orderBy('id')
    .executeTakeFirst();
  return row?.apartment_number ?? apartmentNumber;
}

/** Changes a document's title, icon and apartment (null: the whole location). */
export async function updateDocument(
  db: DB,
  id: number,
  v: { title: string; apartmentNumber: string | null; icon?: string },
): Promise<void> {
  await db
    .updateTable('documents')
    .set({ title: v.title, apartment_number: v.apartmentNumber, icon: v.icon })
    .where('id', '=', id)
    .execute();
}

/** Deletes a document's row; the caller removes its file. */
export async function deleteDocument(db: DB, id: number): Promise<void> {
  await db.deleteFrom('documents').where('id', '=', id).execute();
}
