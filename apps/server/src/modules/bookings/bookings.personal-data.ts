import { definePersonalData } from '../../personal-data/define.js';
import { allUserBookings, eraseUserBookings, findFeed } from './bookings.repository.js';

/** The resident's bookings and their calendar subscription; erasure frees their slots (ADR 029). */
export const bookingPersonalData = definePersonalData({
  module: 'bookings',
  tables: ['bookings', 'booking_feeds'],
  async exportPersonalData(db, userId) {
    const [bookings, feed] = await Promise.all([allUserBookings(db, userId), findFeed(db, userId)]);
    return {
      bookings: bookings.map((b) => ({
        resource: b.resource_name,
        starts_at: b.starts_at,
        ends_at: b.ends_at,
        status: b.status,
        note: b.note,
        decision_reason: b.decision_reason,
        created_at: b.created_at,
      })),
      calendar_feed: feed ? { created_at: feed.created_at } : null,
    };
  },
  erasePersonalData: (trx, userId) => eraseUserBookings(trx, userId),
});
