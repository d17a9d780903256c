import type { z } from 'zod';
import type {
  AdminLocation,
  AdminProvider,
  AdminResident,
  AdminTicket,
  AdminTicketListItem,
  AdminTicketStats,
  adminTicketBoard,
  adminTicketCategory,
  adminTicketCategoryInput,
  adminTicketCreate,
  Paginated,
  TicketStatus,
} from '@hausportal/contract';
import { adminApi, listQuery, type ListArgs } from '../api/admin-api';
import { ALL_PAGE_SIZE, allPages } from '../api/all-pages';
import { queryString } from '../api/base-query';

export type TicketBoard = z.infer<typeof adminTicketBoard>;
export type TicketCategoryRow = z.infer<typeof adminTicketCategory>;
export type TicketCategoryInput = z.input<typeof adminTicketCategoryInput>;
export type TicketCreateBody = z.output<typeof adminTicketCreate>;

/** The list's filters besides page and location (`adminTicketQuery`). */
export interface TicketListArgs extends ListArgs {
  status?: TicketStatus;
  state?: 'open' | 'closed';
  category_id?: number;
  /** A provider's id, or 'none' for tickets without a craftsman. */
  assignee?: number | 'none';
  stale?: boolean;
  sort?: 'oldest' | 'newest';
  search?: string;
}

export interface StatsArgs {
  location_id?: number;
  from?: string;
  to?: string;
}

const LIST = { type: 'Tickets', id: 'LIST' } as const;
const item = (id: number) => ({ type: 'Tickets' as const, id });
const CATEGORIES = { type: 'TicketCategories', id: 'LIST' } as const;

/** What any write to a ticket may change: the list, the board, the nav count, the figures, the log. */
const afterWrite = (id: number) => [LIST, item(id), 'TicketBoard', 'TicketSummary', 'TicketStats', 'Audit'] as const;

/** `GET /api/admin/tickets/stats.csv?…`: the figures as a file (downloaded with the token). */
export function statsCsvPath(args: StatsArgs): string {
  return `/api/admin/tickets/stats.csv${queryString({ ...args })}`;
}

/** The ticket endpoints of the back office (ADR 020), loaded with the ticket screens. */
export const ticketsApi = adminApi.injectEndpoints({
  endpoints: (b) => ({
    tickets: b.query<Paginated<AdminTicketListItem>, TicketListArgs>({
      query: (args) => listQuery('/api/admin/tickets/', { ...args }),
      providesTags: [LIST],
    }),
    ticketBoard: b.query<TicketBoard, { location_id?: number }>({
      query: (args) => `/api/admin/tickets/board/${queryString(args)}`,
      providesTags: ['TicketBoard'],
    }),
    ticket: b.query<AdminTicket, number>({
      query: (id) => `/api/admin/tickets/${id}/`,
      providesTags: (_r, _e, id) => [item(id)],
    }),
    createTicket: b.mutation<AdminTicket, TicketCreateBody>({
      query: (body) => ({ url: '/api/admin/tickets/', method: 'POST', body }),
      invalidatesTags: [LIST, 'TicketBoard', 'TicketSummary', 'TicketStats', 'Audit', 'Emails'],
    }),
    setTicketStatus: b.mutation<unknown, { id: number; status: TicketStatus; message: string }>({
      query: ({ id, ...body }) => ({ url: `/api/admin/tickets/${id}/status/`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => [...afterWrite(id), 'Emails'],
    }),
    postTicketMessage: b.mutation<unknown, { id: number; text: string; internal: boolean }>({
      query: ({ id, ...body }) => ({ url: `/api/admin/tickets/${id}/messages/`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => [...afterWrite(id), 'Emails'],
    }),
    assignTicket: b.mutation<unknown, { id: number; provider_id: number; message: string }>({
      query: ({ id, ...body }) => ({ url: `/api/admin/tickets/${id}/assignment/`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => [...afterWrite(id), 'Emails'],
    }),
    revokeAssignment: b.mutation<unknown, number>({
      query: (id) => ({ url: `/api/admin/tickets/${id}/assignment/`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [...afterWrite(id)],
    }),
    /** 'Abnehmen' or 'Zurückgeben' a craftsman's 'erledigt'; the return mails the craftsman. */
    decideAcceptance: b.mutation<
      AdminTicket,
      { id: number } & ({ decision: 'accept' } | { decision: 'return'; reason: string })
    >({
      query: ({ id, ...body }) => ({ url: `/api/admin/tickets/${id}/acceptance/`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => [...afterWrite(id), 'Emails'],
    }),
    setTicketBuilding: b.mutation<AdminTicket, { id: number; building_id: number | null }>({
      query: ({ id, building_id }) => ({
        url: `/api/admin/tickets/${id}/building/`,
        method: 'POST',
        body: { building_id },
      }),
      invalidatesTags: (_r, _e, { id }) => [item(id), 'Audit'],
    }),
    mergeTicket: b.mutation<unknown, { id: number; into_id: number }>({
      query: ({ id, into_id }) => ({ url: `/api/admin/tickets/${id}/merge/`, method: 'POST', body: { into_id } }),
      invalidatesTags: (_r, _e, { id, into_id }) => [...afterWrite(id), item(into_id)],
    }),
    ticketCategories: b.query<Paginated<TicketCategoryRow>, { location_id?: number }>({
      queryFn: ({ location_id }, _api, _extra, fetchPage) =>
        allPages<TicketCategoryRow>(
          fetchPage,
          `/api/admin/ticket-categories/${queryString({ location_id, page_size: ALL_PAGE_SIZE })}`,
        ),
      providesTags: [CATEGORIES],
    }),
    createTicketCategory: b.mutation<TicketCategoryRow, TicketCategoryInput>({
      query: (body) => ({ url: '/api/admin/ticket-categories/', method: 'POST', body }),
      invalidatesTags: [CATEGORIES, 'Audit'],
    }),
    updateTicketCategory: b.mutation<TicketCategoryRow, { id: number; body: TicketCategoryInput }>({
      query: ({ id, body }) => ({ url: `/api/admin/ticket-categories/${id}/`, method: 'PUT', body }),
      invalidatesTags: [CATEGORIES, LIST, 'TicketBoard', 'TicketStats', 'Audit'],
    }),
    ticketStats: b.query<AdminTicketStats, StatsArgs>({
      query: (args) => `/api/admin/tickets/stats/${queryString({ ...args })}`,
      providesTags: ['TicketStats'],
    }),
    // The providers the back office already lists (Dienste & Anbieter), here for the assignment and the filter.
    ticketProviders: b.query<Paginated<AdminProvider>, { location_id?: number }>({
      queryFn: ({ location_id }, _api, _extra, fetchPage) =>
        allPages<AdminProvider>(
          fetchPage,
          `/api/admin/providers/${queryString({ location_id, page_size: ALL_PAGE_SIZE })}`,
        ),
      providesTags: [{ type: 'Providers', id: 'LIST' }],
    }),
    // The ticket's location: its buildings ('Gebäude / Aufgang') and its automatic acceptance.
    ticketLocation: b.query<AdminLocation, number>({
      query: (id) => `/api/admin/locations/${id}/`,
      providesTags: (_r, _e, id) => [{ type: 'Locations', id }],
    }),
    // The residents list of the back office, searched when a ticket is opened for someone.
    ticketResidents: b.query<Paginated<AdminResident>, { location_id: number; search: string }>({
      query: ({ location_id, search }) =>
        `/api/admin/residents/${queryString({ page: 1, page_size: 10, location_id, search, active: true })}`,
      providesTags: [{ type: 'Residents', id: 'LIST' }],
    }),
  }),
});

export const {
  useTicketsQuery,
  useTicketBoardQuery,
  useTicketQuery,
  useCreateTicketMutation,
  useSetTicketStatusMutation,
  usePostTicketMessageMutation,
  useAssignTicketMutation,
  useRevokeAssignmentMutation,
  useMergeTicketMutation,
  useDecideAcceptanceMutation,
  useSetTicketBuildingMutation,
  useTicketCategoriesQuery,
  useCreateTicketCategoryMutation,
  useUpdateTicketCategoryMutation,
  useTicketStatsQuery,
  useTicketProvidersQuery,
  useTicketResidentsQuery,
  useTicketLocationQuery,
} = ticketsApi;
