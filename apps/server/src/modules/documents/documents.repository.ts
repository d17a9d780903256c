import type { DB } from '../../db/database.js';

export type DocumentScope = { locationId: number; apartmentNumber: string };
export type DocumentRow = { id: number; title: string; icon: string; file_key: string };

// A document belongs to the whole location (apartment_number null) or to one apartment.
function scoped(db: DB, s: DocumentScope) {
  return db
    .selectFrom('documents')
    .where('location_id', '=', s.locationId)
    .where((eb) => eb.or([eb('apartment_number', 'is', null), eb('apartment_number', '=', s.apartmentNumber)]));
}

/** Documents the caller may see, newest first. */
export function listDocuments(db: DB, s: DocumentScope, limit: number, offset: number): Promise<DocumentRow[]> {
  return scoped(db, s)
    .select(['id', 'title', 'icon', 'file_key'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many documents the caller may see. */
export async function countDocuments(db: DB, s: DocumentScope): Promise<number> {
  const row = await scoped(db, s)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One document, if the caller may see it. */
export function findDocument(db: DB, s: DocumentScope, id: number): Promise<DocumentRow | undefined> {
  return scoped(db, s).select(['id', 'title', 'icon', 'file_key']).where('id', '=', id).executeTakeFirst();
}
