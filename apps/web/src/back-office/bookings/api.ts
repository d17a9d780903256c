import type { AdminBooking, Paginated } from '@hausportal/contract';
import { adminApi } from '../api/admin-api';

/** The booking endpoints of the back office: the week, approvals, cancellation (issue 24). */
export const bookingsAdminApi = adminApi.injectEndpoints({
  endpoints: (b) => ({
    adminBookings: b.query<Paginated<AdminBooking>, { from?: string; status?: string }>({
      query: ({ from, status }) =>
        `/api/admin/bookings/?page_size=100${from ? `&from=${from}&days=7` : ''}${status ? `&status=${status}` : ''}`,
    }),
    decideBooking: b.mutation<AdminBooking, { id: number; decision: 'approve' | 'refuse' | 'cancel'; text: string }>({
      query: ({ id, decision, text }) => ({
        url: `/api/admin/bookings/${id}/${decision}/`,
        method: 'POST',
        body: decision === 'cancel' ? { message: text } : { reason: text },
      }),
    }),
  }),
});

export const { useAdminBookingsQuery, useDecideBookingMutation } = bookingsAdminApi;
