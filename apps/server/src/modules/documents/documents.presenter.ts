import type { Document } from '@hausportal/contract';
import type { UrlSigner } from '../../lib/signing.js';
import type { DocumentRow } from './documents.repository.js';

/** A document row as the API sends it, with a signed URL to the file. */
export const toDocument = (d: DocumentRow, signer: UrlSigner): Document => ({
  id: d.id,
  title: d.title,
  icon: d.icon,
  document: signer.url(d.file_key)!,
});
