import type {
  AccountStatus,
  AdminLocation,
  AdminResident,
  AdminResidentCreate,
  AdminResidentUpdate,
  Paginated,
  ResidentImportResult,
} from '@hausportal/contract';
import { adminApi, listQuery, type ListArgs } from '../api/admin-api';
import type { CsvRow } from './csv';

/** The filters of the residents list besides page and location. */
export interface ResidentListArgs extends ListArgs {
  search?: string;
  status?: AccountStatus;
}

/** One call of the import: a batch of at most 500 rows. */
export interface ImportCall {
  location_id: number;
  rows: CsvRow[];
  dry_run: boolean;
  send_invitations: boolean;
}

const LIST = { type: 'Residents', id: 'LIST' } as const;
const item = (id: number) => ({ type: 'Residents' as const, id });

/** The residents endpoints (`/api/admin/residents/…`), loaded with the residents screens. */
export const residentsApi = adminApi.injectEndpoints({
  endpoints: (b) => ({
    residents: b.query<Paginated<AdminResident>, ResidentListArgs>({
      query: (args) => listQuery('/api/admin/residents/', { ...args }),
      providesTags: [LIST],
    }),
    resident: b.query<AdminResident, number>({
      query: (id) => `/api/admin/residents/${id}/`,
      providesTags: (_r, _e, id) => [item(id)],
    }),
    createResident: b.mutation<AdminResident, AdminResidentCreate>({
      query: (body) => ({ url: '/api/admin/residents/', method: 'POST', body }),
      invalidatesTags: [LIST, 'Audit', 'Emails'],
    }),
    updateResident: b.mutation<AdminResident, { id: number; body: AdminResidentUpdate }>({
      query: ({ id, body }) => ({ url: `/api/admin/residents/${id}/`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [LIST, item(id), 'Audit'],
    }),
    setResidentActive: b.mutation<AdminResident, { id: number; active: boolean }>({
      query: ({ id, active }) => ({
        url: `/api/admin/residents/${id}/${active ? 'activate' : 'deactivate'}/`,
        method: 'POST',
      }),
      invalidatesTags: (_r, _e, { id }) => [LIST, item(id), 'Audit'],
    }),
    sendResidentMail: b.mutation<{ detail: string }, { id: number; kind: 'invitation' | 'password-reset' }>({
      query: ({ id, kind }) => ({ url: `/api/admin/residents/${id}/${kind}/`, method: 'POST' }),
      invalidatesTags: (_r, _e, { id }) => [LIST, item(id), 'Emails', 'Audit'],
    }),
    eraseResident: b.mutation<{ id: number; erased_at: string }, { id: number; content: 'anonymize' | 'delete' }>({
      query: ({ id, content }) => ({ url: `/api/admin/residents/${id}/erasure/`, method: 'POST', body: { content } }),
      invalidatesTags: (_r, _e, { id }) => [LIST, item(id), 'Audit'],
    }),
    importResidents: b.mutation<ResidentImportResult, ImportCall>({
      query: (body) => ({ url: '/api/admin/residents/import/', method: 'POST', body }),
    }),
    /** The location the form or import writes to, for its apartment-number prefix (ADR 028). */
    residentsLocation: b.query<AdminLocation, number>({
      query: (id) => `/api/admin/locations/${id}/`,
      providesTags: (_r, _e, id) => [{ type: 'Locations', id }],
    }),
  }),
});

export const {
  useResidentsQuery,
  useResidentQuery,
  useCreateResidentMutation,
  useUpdateResidentMutation,
  useSetResidentActiveMutation,
  useSendResidentMailMutation,
  useEraseResidentMutation,
  useImportResidentsMutation,
  useResidentsLocationQuery,
} = residentsApi;
