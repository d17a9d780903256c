import type { Booking, BookingResource } from '@hausportal/contract';
import { remoteCache } from '@/lib/use-remote';

// The location's resources and the resident's own bookings stay readable offline; what is free
// and the calendar address are only ever shown fresh.
const bookingCache = remoteCache('bookings');
export const resourcesStored = bookingCache<BookingResource[]>('resources');
export const mineStored = bookingCache<Booking[]>('mine');
