import { api } from '@/lib/api-client';

/**
 * POST /api/documents/{id}/opened/: the resident opened a document, which ends its 'Neu'
 * (issue 22). Both the home card and 'Meine Wohnung' open documents; a lost call only keeps
 * the mark, so failures are ignored.
 */
export function markDocumentOpened(id: number): Promise<void> {
  return api.post<void>(`/api/documents/${id}/opened/`).catch(() => undefined);
}
