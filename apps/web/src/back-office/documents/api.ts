import type { AdminDocument, Paginated } from '@hausportal/contract';
import { config } from '@/config';
import { adminApi, listQuery, type ListArgs } from '../api/admin-api';
import { readAdminToken } from '../api/token';

const LIST = { type: 'Documents', id: 'LIST' } as const;

/** The documents endpoints; the upload itself is multipart with progress (see `api/upload.ts`). */
export const documentsApi = adminApi.injectEndpoints({
  endpoints: (b) => ({
    documents: b.query<Paginated<AdminDocument>, ListArgs & { apartment_number?: string }>({
      query: (args) => listQuery('/api/admin/documents/', { ...args }),
      providesTags: [LIST],
    }),
    deleteDocument: b.mutation<void, number>({
      query: (id) => ({ url: `/api/admin/documents/${id}/`, method: 'DELETE' }),
      invalidatesTags: [LIST, 'Audit'],
    }),
  }),
});

export const { useDocumentsQuery, useDeleteDocumentMutation } = documentsApi;

/**
 * A new link to a document's file for this session: links live 5 minutes (ADR 026), so a list
 * left open longer asks again when a file is opened (`openPrivateFile`).
 */
export async function freshAdminDocumentLink(id: number): Promise<string> {
  const token = readAdminToken();
  const response = await fetch(`${config.apiHost}/api/admin/documents/${id}/`, {
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Token ${token}` } : {}) },
  });
  if (!response.ok) throw new Error(String(response.status));
  return ((await response.json()) as AdminDocument).document;
}
