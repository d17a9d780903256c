import type { AdminDocument, Document } from '@hausportal/contract';
import type { UrlSigner } from '../../lib/signing.js';
import type { AdminDocumentRow, DocumentRow } from './documents.repository.js';

/** A document row as the API sends it, with a signed URL to the file. */
export const toDocument = (d: DocumentRow, signer: UrlSigner): Document => ({
  id: d.id,
  title: d.title,
  icon: d.icon,
  document: signer.url(d.file_key)!,
  created_at: d.created_at,
  is_new: d.opened_at === null,
});

/** A document's fields in the back office, without its file. */
const adminDocumentFields = (d: AdminDocumentRow) => ({
  id: d.id,
  title: d.title,
  icon: d.icon,
  location_id: d.location_id,
  apartment_number: d.apartment_number,
  file_name: d.file_name,
});

/** A document as the back office lists it, with its scope and the uploaded file's name. */
export const toAdminDocument = (d: AdminDocumentRow, signer: UrlSigner): AdminDocument => ({
  ...adminDocumentFields(d),
  document: signer.url(d.file_key)!,
  created_at: d.created_at,
});

/** A document as the audit log keeps it: the stored file key, no signed URL that expires. */
export const auditDocument = (d: AdminDocumentRow) => ({ ...adminDocumentFields(d), file_key: d.file_key });
