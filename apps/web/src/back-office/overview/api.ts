import type { AdminOverview } from '@hausportal/contract';
import { adminApi } from '../api/admin-api';
import { queryString } from '../api/base-query';

/** The start page's counts, loaded with the start page. */
export const overviewApi = adminApi.injectEndpoints({
  endpoints: (b) => ({
    overview: b.query<AdminOverview, { location_id?: number }>({
      query: ({ location_id }) => `/api/admin/overview/${queryString({ location_id })}`,
    }),
  }),
});

export const { useOverviewQuery } = overviewApi;
