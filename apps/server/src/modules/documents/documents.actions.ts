import type { AdminDocumentCreate, AdminDocumentUpdate } from '@hausportal/contract';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/database.js';
import { changeEntity, type EntityKind } from '../audit/audit.js';
import { detectUpload, type FormFile } from '../../lib/uploads.js';
import { raise } from '../../events/bus.js';
import { actorOf, inStaffScope, requireStaffLocation, type Caller, type Operator } from '../auth/policies.js';
import { auditDocument } from './documents.presenter.js';
import * as repo from './documents.repository.js';

const document: EntityKind<repo.AdminDocumentRow> = {
  type: 'document',
  load: repo.findAdminDocument,
  view: auditDocument,
};

/** The apartment number as the location's residents spell it, or null for the whole location. */
const apartmentOf = async (db: DB, locationId: number, value: string | null | undefined) =>
  value ? repo.apartmentSpelling(db, locationId, value) : null;

/** A document of the staff member's locations, or 404. */
export async function documentInScope(ctx: AppContext, caller: Caller, id: number) {
  return inStaffScope(ctx.db, caller, await repo.findAdminDocument(ctx.db, id));
}

/**
 * A manager uploads a PDF for a location or one apartment. The file is stored first and removed
 * again when the row cannot be written, so no file is left without its document.
 */
export async function uploadDocument(ctx: AppContext, caller: Operator, values: AdminDocumentCreate, file: FormFile) {
  const { db, storage } = ctx;
  await requireStaffLocation(db, caller, values.location_id);
  // The real type from the magic bytes: a renamed image or script is refused, whatever it claims.
  await detectUpload(file.data, file.filename, 'document', ['pdf']);
  const apartmentNumber = await apartmentOf(db, values.location_id, values.apartment_number);
  const fileKey = await storage.put('documents', 'pdf', file.data);
  try {
    const created = await changeEntity(
      db,
      document,
      { actor: actorOf(caller), action: 'document_created', before: null },
      async (trx) => {
        const id = await repo.createDocument(trx, {
          locationId: values.location_id,
          apartmentNumber,
          title: values.title,
          icon: values.icon,
          fileKey,
          fileName: file.filename,
        });
        await raise(trx, ctx, { type: 'document.added', documentId: id, title: values.title, apartmentNumber });
        return id;
      },
    );
    ctx.events.kick();
    return created!;
  } catch (err) {
    await storage.remove(fileKey);
    throw err;
  }
}

/** A manager changes a document's title, icon or apartment (none: the whole location). */
export async function updateDocument(ctx: AppContext, caller: Caller, id: number, b: AdminDocumentUpdate) {
  const { db } = ctx;
  const before = await documentInScope(ctx, caller, id);
  const apartmentNumber =
    b.apartment_number === undefined
      ? before.apartment_number
      : await apartmentOf(db, before.location_id, b.apartment_number);
  const after = await changeEntity(db, document, { actor: caller, action: 'document_updated', before }, (trx) =>
    repo.updateDocument(trx, before.id, { title: b.title, apartmentNumber, icon: b.icon }),
  );
  return after!;
}

/** A manager deletes a document, and its file once the row is gone. */
export async function deleteDocument(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  const before = await documentInScope(ctx, caller, id);
  await changeEntity(ctx.db, document, { actor: caller, action: 'document_deleted', before }, (trx) =>
    repo.deleteDocument(trx, before.id),
  );
  await ctx.storage.remove(before.file_key);
}
