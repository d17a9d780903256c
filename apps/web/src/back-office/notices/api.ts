import { adminApi, listQuery, type ListArgs } from '../api/admin-api';
import type { AdminNotice, AdminNoticeInput, Paginated } from '../api/types';

/** The notice (Aushang) calls (product §3.3, §4.7). */
export const noticesApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    notices: build.query<Paginated<AdminNotice>, ListArgs>({
      query: (args) => listQuery('/api/admin/notices/', args),
      providesTags: (result) => [
        { type: 'Notices', id: 'LIST' },
        ...(result?.results.map((n) => ({ type: 'Notices' as const, id: n.id })) ?? []),
      ],
    }),
    notice: build.query<AdminNotice, number>({
      query: (id) => `/api/admin/notices/${id}/`,
      providesTags: (_result, _error, id) => [{ type: 'Notices', id }],
    }),
    createNotice: build.mutation<AdminNotice, AdminNoticeInput>({
      query: (body) => ({ url: '/api/admin/notices/', method: 'POST', body }),
      invalidatesTags: [{ type: 'Notices', id: 'LIST' }],
    }),
    updateNotice: build.mutation<AdminNotice, { id: number; body: AdminNoticeInput }>({
      query: ({ id, body }) => ({ url: `/api/admin/notices/${id}/`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Notices', id: 'LIST' },
        { type: 'Notices', id },
      ],
    }),
    deleteNoticeAttachment: build.mutation<AdminNotice, { id: number; attachmentId: number }>({
      query: ({ id, attachmentId }) => ({
        url: `/api/admin/notices/${id}/attachments/${attachmentId}/`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Notices', id: 'LIST' },
        { type: 'Notices', id },
      ],
    }),
    deleteNotice: build.mutation<void, number>({
      query: (id) => ({ url: `/api/admin/notices/${id}/`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Notices', id: 'LIST' }],
    }),
  }),
});

export const {
  useNoticesQuery,
  useNoticeQuery,
  useCreateNoticeMutation,
  useUpdateNoticeMutation,
  useDeleteNoticeMutation,
  useDeleteNoticeAttachmentMutation,
} = noticesApi;
