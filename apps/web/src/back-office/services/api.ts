import type {
  AdminProvider,
  AdminProviderInput,
  AdminService,
  AdminServiceInput,
  Paginated,
} from '@hausportal/contract';
import { adminApi, listQuery, type ListArgs } from '../api/admin-api';
import { ALL_PAGE_SIZE, allPages } from '../api/all-pages';
import { queryString } from '../api/base-query';

/** A ticket category as the provider's trades ('Gewerke') offer it. */
export interface TradeCategory {
  id: number;
  name: string;
  archived: boolean;
}

const SERVICES = { type: 'Services', id: 'LIST' } as const;
const PROVIDERS = { type: 'Providers', id: 'LIST' } as const;

/** The services and providers endpoints, loaded with these screens. */
export const servicesApi = adminApi.injectEndpoints({
  endpoints: (b) => ({
    // The location's ticket categories: the trades a provider may have.
    tradeCategories: b.query<Paginated<TradeCategory>, number>({
      queryFn: (locationId, _api, _extra, fetchPage) =>
        allPages<TradeCategory>(
          fetchPage,
          `/api/admin/ticket-categories/${queryString({ location_id: locationId, page_size: ALL_PAGE_SIZE })}`,
        ),
      providesTags: [{ type: 'TicketCategories', id: 'LIST' }],
    }),
    services: b.query<Paginated<AdminService>, ListArgs>({
      query: (args) => listQuery('/api/admin/services/', { ...args }),
      providesTags: [SERVICES],
    }),
    service: b.query<AdminService, number>({
      query: (id) => `/api/admin/services/${id}/`,
      providesTags: (_r, _e, id) => [{ type: 'Services', id }],
    }),
    createService: b.mutation<AdminService, AdminServiceInput>({
      query: (body) => ({ url: '/api/admin/services/', method: 'POST', body }),
      invalidatesTags: [SERVICES, 'Audit'],
    }),
    updateService: b.mutation<AdminService, { id: number; body: AdminServiceInput }>({
      query: ({ id, body }) => ({ url: `/api/admin/services/${id}/`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [SERVICES, { type: 'Services', id }, 'Locations', 'Audit'],
    }),
    deleteService: b.mutation<void, number>({
      query: (id) => ({ url: `/api/admin/services/${id}/`, method: 'DELETE' }),
      invalidatesTags: [SERVICES, PROVIDERS, 'Audit'],
    }),
    providers: b.query<Paginated<AdminProvider>, ListArgs & { service_id: number }>({
      query: (args) => listQuery('/api/admin/providers/', { ...args }),
      providesTags: [PROVIDERS],
    }),
    provider: b.query<AdminProvider, number>({
      query: (id) => `/api/admin/providers/${id}/`,
      providesTags: (_r, _e, id) => [{ type: 'Providers', id }],
    }),
    createProvider: b.mutation<AdminProvider, AdminProviderInput>({
      query: (body) => ({ url: '/api/admin/providers/', method: 'POST', body }),
      invalidatesTags: [PROVIDERS, 'Audit'],
    }),
    updateProvider: b.mutation<AdminProvider, { id: number; body: AdminProviderInput }>({
      query: ({ id, body }) => ({ url: `/api/admin/providers/${id}/`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [PROVIDERS, { type: 'Providers', id }, 'Audit'],
    }),
    deleteProvider: b.mutation<void, number>({
      query: (id) => ({ url: `/api/admin/providers/${id}/`, method: 'DELETE' }),
      invalidatesTags: [PROVIDERS, 'Audit'],
    }),
  }),
});

export const {
  useServicesQuery,
  useServiceQuery,
  useCreateServiceMutation,
  useUpdateServiceMutation,
  useDeleteServiceMutation,
  useProvidersQuery,
  useProviderQuery,
  useCreateProviderMutation,
  useUpdateProviderMutation,
  useDeleteProviderMutation,
  useTradeCategoriesQuery,
} = servicesApi;

/** Whether the caller may change a service: its own location's, or any as an admin (global ones only then). */
export function canEditService(service: Pick<AdminService, 'location_id'>, role: string | undefined): boolean {
  return role === 'admin' || service.location_id !== null;
}
