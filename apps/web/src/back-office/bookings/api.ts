import type {
  AdminBooking,
  AdminBookingResource,
  BookingResourceInput,
  Paginated,
  bookingUsage,
} from '@hausportal/contract';
import type { z } from 'zod';
import { adminApi } from '../api/admin-api';
import { allPages as wholeList } from '../api/all-pages';
import type { AdminError } from '../api/base-query';

export type BookingUsage = z.infer<typeof bookingUsage>;
export type BookingDecision = 'approve' | 'refuse' | 'cancel';
/** The two files of a resource, by their path under /api/admin/booking-resources/{id}/. */
export type ResourceFile = 'photo' | 'house-rules';

const RESOURCES = { type: 'BookingResources', id: 'LIST' } as const;
const BOOKINGS = { type: 'Bookings', id: 'LIST' } as const;

/** The API's largest page: the week's bookings come in as few requests as possible. */
const ALL = 100;

/**
 * The booking endpoints of the back office: resources with their blocks, the
 * bookings of a week or waiting for approval, decisions, usage figures. The API answers for all
 * of the manager's locations; the screens narrow that to the shell's location filter.
 */
export const bookingsAdminApi = adminApi
  .enhanceEndpoints({ addTagTypes: ['BookingResources', 'Bookings'] })
  .injectEndpoints({
    endpoints: (b) => ({
      bookingResources: b.query<Paginated<AdminBookingResource>, void>({
        queryFn: (_arg, _api, _extra, fetchPage) =>
          wholeList<AdminBookingResource>(fetchPage, `/api/admin/booking-resources/?page_size=${ALL}`),
        providesTags: [RESOURCES],
      }),
      bookingResource: b.query<AdminBookingResource, number>({
        query: (id) => `/api/admin/booking-resources/${id}/`,
        providesTags: (_r, _e, id) => [{ type: 'BookingResources', id }],
      }),
      createBookingResource: b.mutation<AdminBookingResource, BookingResourceInput>({
        query: (body) => ({ url: '/api/admin/booking-resources/', method: 'POST', body }),
        invalidatesTags: [RESOURCES, 'Audit'],
      }),
      updateBookingResource: b.mutation<AdminBookingResource, { id: number; body: BookingResourceInput }>({
        query: ({ id, body }) => ({ url: `/api/admin/booking-resources/${id}/`, method: 'PUT', body }),
        invalidatesTags: (_r, _e, { id }) => [RESOURCES, { type: 'BookingResources', id }, 'Audit'],
      }),
      archiveBookingResource: b.mutation<void, number>({
        query: (id) => ({ url: `/api/admin/booking-resources/${id}/`, method: 'DELETE' }),
        invalidatesTags: [RESOURCES, 'Audit'],
      }),
      /** Removes the photo ('photo') or the house rules' PDF ('house-rules'); the answer is the resource. */
      removeResourceFile: b.mutation<AdminBookingResource, { id: number; file: ResourceFile }>({
        query: ({ id, file }) => ({ url: `/api/admin/booking-resources/${id}/${file}/`, method: 'DELETE' }),
        invalidatesTags: (_r, _e, { id }) => [RESOURCES, { type: 'BookingResources', id }, 'Audit'],
      }),
      addBookingBlock: b.mutation<
        AdminBookingResource,
        { id: number; body: { starts_at: string; ends_at: string; reason: string } }
      >({
        query: ({ id, body }) => ({ url: `/api/admin/booking-resources/${id}/blocks/`, method: 'POST', body }),
        // A block cancels the bookings inside it.
        invalidatesTags: (_r, _e, { id }) => [RESOURCES, { type: 'BookingResources', id }, BOOKINGS, 'Audit'],
      }),
      removeBookingBlock: b.mutation<void, { id: number; blockId: number }>({
        query: ({ id, blockId }) => ({
          url: `/api/admin/booking-resources/${id}/blocks/${blockId}/`,
          method: 'DELETE',
        }),
        invalidatesTags: (_r, _e, { id }) => [RESOURCES, { type: 'BookingResources', id }, 'Audit'],
      }),
      pendingBookings: b.query<AdminBooking[], void>({
        queryFn: (_arg, _api, _extra, baseQuery) => allPages(baseQuery, '/api/admin/bookings/?status=pending'),
        providesTags: [BOOKINGS],
      }),
      /** Every booking of the seven days from `from`, however many pages that takes. */
      weekBookings: b.query<AdminBooking[], string>({
        queryFn: (from, _api, _extra, baseQuery) => allPages(baseQuery, `/api/admin/bookings/?from=${from}&days=7`),
        providesTags: [BOOKINGS],
      }),
      decideBooking: b.mutation<AdminBooking, { id: number; decision: BookingDecision; text: string }>({
        query: ({ id, decision, text }) => ({
          url: `/api/admin/bookings/${id}/${decision}/`,
          method: 'POST',
          body: decision === 'cancel' ? { message: text } : { reason: text },
        }),
        invalidatesTags: [BOOKINGS, 'Audit'],
      }),
      bookingUsage: b.query<BookingUsage, string>({
        query: (month) => `/api/admin/bookings/usage/?month=${month}`,
        providesTags: [BOOKINGS],
      }),
    }),
  });

type Answer = { data?: unknown; error?: AdminError };
type Fetch = (arg: string) => Answer | PromiseLike<Answer>;

/** Follows a list's pages to its end (a week of laundry slots can exceed one page). */
async function allPages(fetchPage: Fetch, path: string): Promise<{ data: AdminBooking[] } | { error: AdminError }> {
  const rows: AdminBooking[] = [];
  for (let page = 1; page <= 50; page += 1) {
    const result = await fetchPage(`${path}&page_size=${ALL}&page=${page}`);
    if (result.error) return { error: result.error };
    const data = result.data as Paginated<AdminBooking>;
    rows.push(...data.results);
    if (!data.next) break;
  }
  return { data: rows };
}

export const {
  useBookingResourcesQuery,
  useBookingResourceQuery,
  useCreateBookingResourceMutation,
  useUpdateBookingResourceMutation,
  useArchiveBookingResourceMutation,
  useAddBookingBlockMutation,
  useRemoveBookingBlockMutation,
  useRemoveResourceFileMutation,
  usePendingBookingsQuery,
  useWeekBookingsQuery,
  useDecideBookingMutation,
  useBookingUsageQuery,
} = bookingsAdminApi;
