import type { AdminDocument, Paginated } from '@hausportal/contract';
import { adminApi, listQuery, type ListArgs } from '../api/admin-api';

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
