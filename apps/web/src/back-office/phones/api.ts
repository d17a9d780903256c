import type { AdminPhone, AdminPhoneInput, Paginated } from '@hausportal/contract';
import { MAX_PAGE_SIZE } from '@hausportal/contract';
import { adminApi } from '../api/admin-api';
import { allPages } from '../api/all-pages';
import { queryString } from '../api/base-query';

const list = (locationId: number) => ({ type: 'Phones' as const, id: `LIST-${locationId}` });

/**
 * The phones endpoints. A location's list is short and ordered, so it is fetched whole (the
 * largest page) and reordered in place: a paged list could not move an entry across pages.
 */
export const phonesApi = adminApi.injectEndpoints({
  endpoints: (b) => ({
    phones: b.query<Paginated<AdminPhone>, number>({
      queryFn: (locationId, _api, _extra, fetchPage) =>
        allPages<AdminPhone>(
          fetchPage,
          `/api/admin/phones/${queryString({ location_id: locationId, page_size: MAX_PAGE_SIZE })}`,
        ),
      providesTags: (_r, _e, locationId) => [list(locationId)],
    }),
    createPhone: b.mutation<AdminPhone, AdminPhoneInput>({
      query: (body) => ({ url: '/api/admin/phones/', method: 'POST', body }),
      invalidatesTags: (_r, _e, body) => [list(body.location_id), 'Audit'],
    }),
    updatePhone: b.mutation<AdminPhone, { id: number; body: AdminPhoneInput }>({
      query: ({ id, body }) => ({ url: `/api/admin/phones/${id}/`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { body }) => [list(body.location_id), 'Audit'],
    }),
    deletePhone: b.mutation<void, { id: number; location_id: number }>({
      query: ({ id }) => ({ url: `/api/admin/phones/${id}/`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { location_id }) => [list(location_id), 'Audit'],
    }),
    orderPhones: b.mutation<Paginated<AdminPhone>, { location_id: number; ids: number[] }>({
      query: (body) => ({ url: '/api/admin/phones/order/', method: 'POST', body }),
      // The answer is the new order: put it into the cache at once instead of fetching again.
      async onQueryStarted({ location_id, ids }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          phonesApi.util.updateQueryData('phones', location_id, (draft) => {
            const byId = new Map(draft.results.map((p) => [p.id, p]));
            const moved = ids.map((id) => byId.get(id)).filter((p): p is AdminPhone => Boolean(p));
            const rest = draft.results.filter((p) => !ids.includes(p.id));
            draft.results = [...moved, ...rest];
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(phonesApi.util.updateQueryData('phones', location_id, () => data));
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: ['Audit'],
    }),
  }),
});

export const {
  usePhonesQuery,
  useCreatePhoneMutation,
  useUpdatePhoneMutation,
  useDeletePhoneMutation,
  useOrderPhonesMutation,
} = phonesApi;
