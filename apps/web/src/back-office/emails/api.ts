import type { AdminEmail, AdminEmailDetail, Paginated } from '@hausportal/contract';
import { adminApi, listQuery, type ListArgs } from '../api/admin-api';

const LIST = { type: 'Emails', id: 'LIST' } as const;

/** The outbox endpoints, loaded with the mail screens. */
export const emailsApi = adminApi.injectEndpoints({
  endpoints: (b) => ({
    emails: b.query<Paginated<AdminEmail>, ListArgs & { status?: string }>({
      query: (args) => listQuery('/api/admin/emails/', { ...args }),
      providesTags: [LIST],
    }),
    email: b.query<AdminEmailDetail, number>({
      query: (id) => `/api/admin/emails/${id}/`,
      providesTags: (_r, _e, id) => [{ type: 'Emails', id }],
    }),
    retryEmail: b.mutation<AdminEmailDetail, number>({
      query: (id) => ({ url: `/api/admin/emails/${id}/retry/`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [LIST, { type: 'Emails', id }, 'Audit'],
    }),
  }),
});

export const { useEmailsQuery, useEmailQuery, useRetryEmailMutation } = emailsApi;
