import type { AdminProviderRequest, AdminRequestUpdate, ProviderRequestStatus } from '@hausportal/contract';
import { adminApi, listQuery, type ListArgs } from '../api/admin-api';
import type { Paginated } from '../api/types';

/** Provider requests as cases (product §3.9, §4.7). */
export const requestsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    providerRequests: build.query<Paginated<AdminProviderRequest>, ListArgs & { status?: ProviderRequestStatus }>({
      query: ({ page, location_id, status }) => listQuery('/api/admin/requests/', { page, location_id, status }),
      providesTags: [{ type: 'Requests', id: 'LIST' }],
    }),
    updateProviderRequest: build.mutation<AdminProviderRequest, { id: number; body: AdminRequestUpdate }>({
      query: ({ id, body }) => ({ url: `/api/admin/requests/${id}/`, method: 'PUT', body }),
      invalidatesTags: [{ type: 'Requests', id: 'LIST' }],
    }),
  }),
});

export const { useProviderRequestsQuery, useUpdateProviderRequestMutation } = requestsApi;
