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
