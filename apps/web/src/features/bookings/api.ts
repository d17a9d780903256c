import type { Availability, Booking, BookingResource, Paginated } from '@hausportal/contract';
import { config } from '@/config';
import { ApiError, api, getAll, getToken } from '@/lib/api-client';

export interface CalendarFeed {
  active: boolean;
  url: string | null;
  created_at: string | null;
}

export const getResources = () => getAll<BookingResource>('/api/bookings/resources/');
export const getResource = (id: number) => api.get<BookingResource>(`/api/bookings/resources/${id}/`);
export const getAvailability = (id: number, from: string, days: number) =>
  api.get<Availability>(`/api/bookings/resources/${id}/availability/?from=${from}&days=${days}`);
export const getMyBookings = () => api.get<Paginated<Booking>>('/api/bookings/?page_size=100').then((p) => p.results);
export const createBooking = (body: {
  resource_id: number;
  starts_at?: string;
  ends_at?: string;
  check_in?: string;
  check_out?: string;
  note?: string;
}) => api.post<Booking>('/api/bookings/', body);
export const getBooking = (id: number) => api.get<Booking>(`/api/bookings/mine/${id}/`);
export const cancelBooking = (id: number) => api.post<Booking>(`/api/bookings/mine/${id}/cancel/`);
export const getFeed = () => api.get<CalendarFeed>('/api/bookings/feed/');
export const renewFeed = () => api.post<CalendarFeed>('/api/bookings/feed/');
export const revokeFeed = () => api.delete<void>('/api/bookings/feed/');

/** Downloads one booking's .ics (the call needs the token, so a plain link cannot do it). */
export async function downloadIcs(id: number): Promise<void> {
  const token = getToken();
  const response = await fetch(`${config.apiHost}/api/bookings/mine/${id}/calendar.ics`, {
    headers: token ? { Authorization: `Token ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, await response.text());
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `Buchung-${id}.ics`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The German `detail` (or first field message) of a failed call. */
export function errorText(err: unknown, fallback: string): string {
  if (!(err instanceof ApiError)) return fallback;
  try {
    const body = JSON.parse(err.message) as Record<string, unknown>;
    if (typeof body.detail === 'string') return body.detail;
    const first = Object.values(body)[0];
    if (Array.isArray(first) && typeof first[0] === 'string') return first[0];
  } catch {
    // not JSON
  }
  return fallback;
}
