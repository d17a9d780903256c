import type { AuditEntry, Paginated, StaffMember } from '@hausportal/contract';
import { adminApi, listQuery, type ListArgs } from '../api/admin-api';
import { allPages } from '../api/all-pages';

/** The audit log endpoints, loaded with its screen. */
export const auditApi = adminApi.injectEndpoints({
  endpoints: (b) => ({
    audit: b.query<Paginated<AuditEntry>, ListArgs & { user_id?: number; entity?: string }>({
      query: (args) => listQuery('/api/admin/audit/', { ...args }),
      providesTags: ['Audit'],
    }),
    // Every page of the staff list (pages of 100, a paged list like the others).
    staff: b.query<StaffMember[], void>({
      async queryFn(_arg, _api, _extra, fetchPage) {
        const all = await allPages<StaffMember>(fetchPage, '/api/admin/staff/?page_size=100');
        return 'error' in all ? all : { data: all.data.results };
      },
    }),
  }),
});

export const { useAuditQuery, useStaffQuery } = auditApi;
