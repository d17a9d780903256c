import { createApi } from '@reduxjs/toolkit/query/react';
import type { StaffMe } from '@hausportal/contract';
import { adminBaseQuery, queryString } from './base-query';
import type { ModerationSummary, TicketSummary } from './types';

/** Rows per page of every back-office list (the API allows 1..100). */
export const ADMIN_PAGE_SIZE = 25;

/**
 * The back office's one RTK Query API. It holds only the calls the shell needs; each screen
 * folder adds its own with `adminApi.injectEndpoints` in its `api.ts`, so a screen's calls load
 * with the screen. Tags: a list provides `{type, id: 'LIST'}`, an item `{type, id}`; a write
 * invalidates what it changed.
 */
export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery: adminBaseQuery,
  tagTypes: [
    'Me',
    'ModerationSummary',
    'ModerationMessages',
    'ModerationComments',
    'Reports',
    'Notices',
    'Requests',
    'Residents',
    'Documents',
    'Phones',
    'Services',
    'Providers',
    'Locations',
    'Emails',
    'Audit',
    'TicketSummary',
    'Tickets',
    'TicketBoard',
    'TicketCategories',
    'TicketStats',
  ],
  endpoints: (build) => ({
    me: build.query<StaffMe, void>({ query: () => '/api/admin/me/', providesTags: ['Me'] }),
    staffLogin: build.mutation<{ token: string }, { email: string; password: string; code?: string }>({
      query: (body) => ({ url: '/api/staff/login/', method: 'POST', body, anonymous: true }),
    }),
    logout: build.mutation<unknown, void>({ query: () => '/api/logout/' }),
    // This device's push subscription (shell/push-toggle.tsx), with the same API as the residents'.
    pushConfig: build.query<{ public_key: string }, void>({ query: () => '/api/push/config/' }),
    registerPush: build.mutation<{ id: number }, string>({
      query: (registration_id) => ({ url: '/api/fcm/token/', method: 'POST', body: { type: 'web', registration_id } }),
    }),
    deletePush: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/fcm/token/${id}/`, method: 'DELETE' }),
    }),
    moderationSummary: build.query<ModerationSummary, { location_id?: number }>({
      query: ({ location_id }) => `/api/admin/moderation/summary/${queryString({ location_id })}`,
      providesTags: ['ModerationSummary'],
    }),
    // The sidebar's count of new tickets ('Meldungen'); every ticket write invalidates it.
    ticketSummary: build.query<TicketSummary, { location_id?: number }>({
      query: ({ location_id }) => `/api/admin/tickets/summary/${queryString({ location_id })}`,
      providesTags: ['TicketSummary'],
    }),
  }),
});

export const {
  useMeQuery,
  useStaffLoginMutation,
  useLogoutMutation,
  useModerationSummaryQuery,
  useTicketSummaryQuery,
  useRegisterPushMutation,
  useDeletePushMutation,
} = adminApi;

/** The paging and location arguments every list endpoint takes. */
export type ListArgs = {
  page: number;
  location_id?: number;
};

/** `?page=…&page_size=…&location_id=…` plus any filters, for a list endpoint. */
export function listQuery(
  path: string,
  { page, ...filters }: ListArgs & Record<string, string | number | boolean | null | undefined>,
): string {
  return `${path}${queryString({ page, page_size: ADMIN_PAGE_SIZE, ...filters })}`;
}
