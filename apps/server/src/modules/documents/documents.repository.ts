import { idsOrNone } from '../../db/paging.js';
import type { DB } from '../../db/database.js';
import { pageOf, type PageWindow } from '../../db/paging.js';
import { nowIso } from '../../lib/time.js';

export type DocumentScope = { userId: number; locationId: number; apartmentNumber: string };
export type DocumentRow = {
  id: number;
  title: string;
  icon: string;
  file_key: string;
  created_at: string;
  /** When the caller first opened it; null: 'Neu'. */
  opened_at: string | null;
};

// A document belongs to the whole location (apartment_number null) or to one apartment.
function scoped(db: DB, s: DocumentScope) {
  return db
    .selectFrom('documents')
    .where('documents.location_id', '=', s.locationId)
    .where((eb) =>
      eb.or([eb('documents.apartment_number', 'is', null), eb('documents.apartment_number', '=', s.apartmentNumber)]),
    );
}

/** The caller's columns of a document: with when they opened it. */
const withReads = (db: DB, s: DocumentScope) =>
  scoped(db, s)
    .leftJoin('document_reads', (j) =>
      j.onRef('document_reads.document_id', '=', 'documents.id').on('document_reads.user_id', '=', s.userId),
    )
    .select([
      'documents.id',
      'documents.title',
      'documents.icon',
      'documents.file_key',
      'documents.created_at',
      'document_reads.opened_at',
    ]);

/** One page of the documents the caller may see, newest first, with the total. */
export function listDocuments(db: DB, s: DocumentScope, window: PageWindow) {
  return pageOf(
    scoped(db, s),
    () => withReads(db, s).orderBy('documents.created_at', 'desc').orderBy('documents.id', 'desc'),
    window,
  );
}

/** One document, if the caller may see it. */
export function findDocument(db: DB, s: DocumentScope, id: number): Promise<DocumentRow | undefined> {
  return withReads(db, s).where('documents.id', '=', id).executeTakeFirst();
}

/** The documents the caller has not opened yet, newest first, and how many there are. */
export async function newDocuments(db: DB, s: DocumentScope, limit: number) {
  const unread = withReads(db, s).where('document_reads.opened_at', 'is', null);
  const [rows, total] = await Promise.all([
    unread.orderBy('documents.created_at', 'desc').orderBy('documents.id', 'desc').limit(limit).execute(),
    scoped(db, s)
      .leftJoin('document_reads', (j) =>
        j.onRef('document_reads.document_id', '=', 'documents.id').on('document_reads.user_id', '=', s.userId),
      )
      .where('document_reads.opened_at', 'is', null)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}

/** Notes that the user opened a document; the first time counts. */
export async function markDocumentOpened(db: DB, userId: number, documentId: number): Promise<void> {
  await db
    .insertInto('document_reads')
    .values({ document_id: documentId, user_id: userId, opened_at: nowIso() })
    .onConflict((oc) => oc.columns(['user_id', 'document_id']).doNothing())
    .execute();
}

/** Who may read a document: the residents and receptionists of its location, or of its apartment. */
export async function readersOfDocument(db: DB, documentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('documents')
    .innerJoin('users', 'users.location_id', 'documents.location_id')
    .select('users.id')
    .where('documents.id', '=', documentId)
    .where('users.role', 'in', ['resident', 'receptionist'])
    .where('users.is_active', '=', 1)
    .where('users.erased_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('documents.apartment_number', 'is', null),
        eb('documents.apartment_number', '=', eb.ref('users.apartment_number')),
      ]),
    )
    .execute();
  return rows.map((r) => r.id);
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

// ---- DSGVO ----

/** Which documents a user opened (what ends their 'Neu'), and when, for the export. */
export function documentReadsOf(db: DB, userId: number) {
  return db
    .selectFrom('document_reads')
    .innerJoin('documents', 'documents.id', 'document_reads.document_id')
    .select(['document_reads.document_id', 'documents.title', 'document_reads.opened_at'])
    .where('document_reads.user_id', '=', userId)
    .orderBy('document_reads.opened_at')
    .orderBy('document_reads.document_id')
    .execute();
}

export async function deleteDocumentReadsOf(trx: DB, userId: number): Promise<void> {
  await trx.deleteFrom('document_reads').where('user_id', '=', userId).execute();
}
