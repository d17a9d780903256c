import type { AuditEntry, Paginated, StaffMember } from '@hausportal/contract';
import { adminApi, listQuery, type ListArgs } from '../api/admin-api';

/** The audit log endpoints, loaded with its screen. */
export const auditApi = adminApi.injectEndpoints({
  endpoints: (b) => ({
    audit: b.query<Paginated<AuditEntry>, ListArgs & { user_id?: number; entity?: string }>({
      query: (args) => listQuery('/api/admin/audit/', { ...args }),
      providesTags: ['Audit'],
    }),
    // Every page of the staff list (pages of 100, a paged list like the others).
    staff: b.query<StaffMember[], void>({
      async queryFn(_arg, _api, _extra, fetchWithBQ) {
        const people: StaffMember[] = [];
        let url: string | null = '/api/admin/staff/?page_size=100';
        for (let pages = 0; url && pages < 50; pages++) {
          const page = await fetchWithBQ(url);
          if (page.error) return { error: page.error };
          const data = page.data as Paginated<StaffMember>;
          people.push(...data.results);
          url = data.next;
        }
        return { data: people };
      },
    }),
  }),
});

export const { useAuditQuery, useStaffQuery } = auditApi;
