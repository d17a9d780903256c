import type { AdminLocation, AdminLocationUpdate, AdminService, Paginated } from '@hausportal/contract';
import { MAX_PAGE_SIZE } from '@hausportal/contract';
import { adminApi, listQuery, type ListArgs } from '../api/admin-api';
import { allPages } from '../api/all-pages';
import { queryString } from '../api/base-query';

const LIST = { type: 'Locations', id: 'LIST' } as const;
const item = (id: number) => ({ type: 'Locations' as const, id });

/** The location settings endpoints; the logo upload is multipart (see `api/upload.ts`). */
export const locationsApi = adminApi.injectEndpoints({
  endpoints: (b) => ({
    locations: b.query<Paginated<AdminLocation>, ListArgs>({
      // The list shows every location of the caller, whatever the shell's filter says.
      query: ({ page }) => listQuery('/api/admin/locations/', { page }),
      providesTags: [LIST],
    }),
    location: b.query<AdminLocation, number>({
      query: (id) => `/api/admin/locations/${id}/`,
      providesTags: (_r, _e, id) => [item(id)],
    }),
    updateLocation: b.mutation<AdminLocation, { id: number; body: AdminLocationUpdate }>({
      query: ({ id, body }) => ({ url: `/api/admin/locations/${id}/`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [LIST, item(id), 'Me', 'Audit'],
    }),
    removeLogo: b.mutation<AdminLocation, number>({
      query: (id) => ({ url: `/api/admin/locations/${id}/logo/`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [LIST, item(id), 'Audit'],
    }),
    /** The services residents of the location see: the candidates for the emergency button. */
    locationServices: b.query<Paginated<AdminService>, number>({
      queryFn: (locationId, _api, _extra, fetchPage) =>
        allPages<AdminService>(
          fetchPage,
          `/api/admin/services/${queryString({ location_id: locationId, page_size: MAX_PAGE_SIZE })}`,
        ),
      providesTags: [{ type: 'Services', id: 'LIST' }],
    }),
  }),
});

export const {
  useLocationsQuery,
  useLocationQuery,
  useUpdateLocationMutation,
  useRemoveLogoMutation,
  useLocationServicesQuery,
} = locationsApi;
