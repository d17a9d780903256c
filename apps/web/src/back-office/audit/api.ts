import type { AuditEntry, Paginated, StaffMember } from '@hausportal/contract';
import { adminApi, listQuery, type ListArgs } from '../api/admin-api';

/** The audit log endpoints, loaded with its screen. */
export const auditApi = adminApi.injectEndpoints({
  endpoints: (b) => ({
    audit: b.query<Paginated<AuditEntry>, ListArgs & { user_id?: number; entity?: string }>({
      query: (args) => listQuery('/api/admin/audit/', { ...args }),
      providesTags: ['Audit'],
    }),
    staff: b.query<StaffMember[], void>({ query: () => '/api/admin/staff/' }),
  }),
});

export const { useAuditQuery, useStaffQuery } = auditApi;
