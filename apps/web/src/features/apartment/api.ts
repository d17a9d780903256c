import type { Document } from '@hausportal/contract';
import { getAll } from '@/lib/api-client';

/** GET /api/documents/, every page: the documents of the user's apartment. */
export function getDocuments(): Promise<Document[]> {
  return getAll<Document>('/api/documents/');
}
