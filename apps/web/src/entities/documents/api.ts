import type { Document } from '@hausportal/contract';
import { api } from '@/lib/api-client';

/**
 * POST /api/documents/{id}/opened/: the resident opened a document, which ends its 'Neu'.
 * Both the home card and 'Meine Wohnung' open documents; a lost call only keeps
 * the mark, so failures are ignored.
 */
export function markDocumentOpened(id: number): Promise<void> {
  return api.post<void>(`/api/documents/${id}/opened/`).catch(() => undefined);
}

/**
 * A new link to a document's file: links live 5 minutes and belong to this session (ADR 026),
 * so a list older than that asks again when a document is tapped (`openPrivateFile`).
 */
export function freshDocumentLink(id: number): Promise<string> {
  return api.get<Document>(`/api/documents/${id}/`).then((d) => d.document);
}
