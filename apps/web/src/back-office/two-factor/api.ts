import type {
  Paginated,
  RecoveryCodes,
  StaffTwoFactor,
  TwoFactorDisable,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@hausportal/contract';
import { MAX_PAGE_SIZE } from '@hausportal/contract';
import { adminApi } from '../api/admin-api';
import { allPages } from '../api/all-pages';

/** The second factor's endpoints (ADR 025). The setup's secret lives only in the mutation's result. */
export const twoFactorApi = adminApi.enhanceEndpoints({ addTagTypes: ['TwoFactor'] }).injectEndpoints({
  endpoints: (b) => ({
    twoFactorStatus: b.query<TwoFactorStatus, void>({
      query: () => '/api/admin/two-factor/',
      providesTags: ['TwoFactor'],
    }),
    startTwoFactor: b.mutation<TwoFactorSetup, void>({
      query: () => ({ url: '/api/admin/two-factor/setup/', method: 'POST' }),
    }),
    confirmTwoFactor: b.mutation<RecoveryCodes, { code: string }>({
      query: (body) => ({ url: '/api/admin/two-factor/confirm/', method: 'POST', body }),
    }),
    renewRecoveryCodes: b.mutation<RecoveryCodes, { code: string }>({
      query: (body) => ({ url: '/api/admin/two-factor/recovery-codes/', method: 'POST', body }),
    }),
    disableTwoFactor: b.mutation<{ detail: string }, TwoFactorDisable>({
      query: (body) => ({ url: '/api/admin/two-factor/disable/', method: 'POST', body }),
      invalidatesTags: ['TwoFactor', 'Audit'],
    }),
    setTwoFactorRequirement: b.mutation<TwoFactorStatus, { required: boolean }>({
      query: (body) => ({ url: '/api/admin/two-factor/requirement/', method: 'PUT', body }),
      invalidatesTags: ['TwoFactor', 'Audit'],
    }),
    staffTwoFactor: b.query<Paginated<StaffTwoFactor>, void>({
      queryFn: (_arg, _api, _extra, fetchPage) =>
        allPages<StaffTwoFactor>(fetchPage, `/api/admin/two-factor/staff/?page_size=${MAX_PAGE_SIZE}`),
      providesTags: ['TwoFactor'],
    }),
    resetTwoFactor: b.mutation<{ detail: string }, number>({
      query: (id) => ({ url: `/api/admin/two-factor/staff/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['TwoFactor', 'Audit'],
    }),
  }),
});

export const {
  useTwoFactorStatusQuery,
  useStartTwoFactorMutation,
  useConfirmTwoFactorMutation,
  useRenewRecoveryCodesMutation,
  useDisableTwoFactorMutation,
  useSetTwoFactorRequirementMutation,
  useStaffTwoFactorQuery,
  useResetTwoFactorMutation,
} = twoFactorApi;
