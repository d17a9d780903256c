import type { AdminDocument, Document, IntegrationDocument } from '@hausportal/contract';
import type { UrlSigner } from '../../lib/signing.js';
import type { AdminDocumentRow, DocumentRow } from './documents.repository.js';

/**
 * A document row as the API sends it, with a link to the file that works for a few minutes and
 * only for the viewer's session `sid` (their token row's id; ADR 026).
 */
export const toDocument = (d: DocumentRow, signer: UrlSigner, sid: number): Document => ({
  id: d.id,
  title: d.title,
  icon: d.icon,
  document: signer.privateUrl(d.file_key, sid),
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

/** A document an integration key uploaded: no link, since links are bound to a person's session. */
export const toIntegrationDocument = (d: AdminDocumentRow): IntegrationDocument => ({
  ...adminDocumentFields(d),
  created_at: d.created_at,
});

/** A document as the back office lists it, with its scope, the uploaded file's name and a bound link. */
export const toAdminDocument = (d: AdminDocumentRow, signer: UrlSigner, sid: number): AdminDocument => ({
  ...adminDocumentFields(d),
  document: signer.privateUrl(d.file_key, sid),
  created_at: d.created_at,
});

/** A document as the audit log keeps it: the stored file key, no signed URL that expires. */
export const auditDocument = (d: AdminDocumentRow) => ({ ...adminDocumentFields(d), file_key: d.file_key });
