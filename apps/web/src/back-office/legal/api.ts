import type { AdminLegalPage, LegalPageName, LegalPreview } from '@hausportal/contract';
import { adminApi } from '../api/admin-api';
import { allPages } from '../api/all-pages';

/**
 * 'Rechtliche Seiten': the three pages with their Markdown, saving one, and the
 * server's rendering of a draft (the same sanitising the page gets, so the preview is exact).
 */
export const legalAdminApi = adminApi.enhanceEndpoints({ addTagTypes: ['LegalPages'] }).injectEndpoints({
  endpoints: (b) => ({
    legalPages: b.query<AdminLegalPage[], void>({
      async queryFn(_arg, _api, _extra, fetchPage) {
        const all = await allPages<AdminLegalPage>(fetchPage, '/api/admin/legal/');
        return 'error' in all ? all : { data: all.data.results };
      },
      providesTags: ['LegalPages'],
    }),
    saveLegalPage: b.mutation<AdminLegalPage, { page: LegalPageName; markdown: string }>({
      query: ({ page, markdown }) => ({ url: `/api/admin/legal/${page}/`, method: 'PUT', body: { markdown } }),
      invalidatesTags: ['LegalPages', 'Audit'],
    }),
    previewLegalPage: b.mutation<LegalPreview, string>({
      query: (markdown) => ({ url: '/api/admin/legal/preview/', method: 'POST', body: { markdown } }),
    }),
  }),
});

export const { useLegalPagesQuery, useSaveLegalPageMutation, usePreviewLegalPageMutation } = legalAdminApi;
