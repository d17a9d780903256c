import type { DB } from '../../db/database.js';
import { defineEvents, type Announcement, type WebhookMessage } from '../../events/define.js';
import { describePeriod } from '../../i18n/format.js';
import type { Translator } from '../../i18n/index.js';
import { snippet } from '../notifications/notifier.js';
import { webhookResident } from '../webhooks/webhooks.queue.js';
import * as repo from './bookings.repository.js';

/** A booking as its news names it. */
export interface BookedPeriod {
  resource: string;
  mode: 'slots' | 'days';
  startsAt: string;
  endsAt: string;
}

/** What the resident reads of a booking; texts of managers (reason, message) are passed as written. */
type BookingNews =
  | { event: 'requested' }
  | { event: 'booked'; /** The last moment to cancel (UTC, ISO). */ cancelBy: string }
  | { event: 'approved'; reason: string | null }
  | { event: 'refused'; reason: string }
  | { event: 'cancelled'; message: string | null }
  | { event: 'reminder' };

/** What happens to a resident's booking (ADR 029). */
export type BookingEvent =
  | {
      type: 'booking.created';
      bookingId: number;
      locationId: number;
      userId: number;
      period: BookedPeriod;
      /** Waiting for the management's approval, or booked with a deadline to cancel. */
      news: Extract<BookingNews, { event: 'requested' | 'booked' }>;
    }
  | {
      type: 'booking.cancelled';
      bookingId: number;
      locationId: number;
      by: 'resident' | 'management';
      message: string;
      /** The resident a management's cancellation tells (none for their own, or once erased). */
      userId: number | null;
      period: BookedPeriod;
    }
  | {
      type: 'booking.decided';
      userId: number;
      period: BookedPeriod;
      decision: 'approved' | 'refused';
      reason: string;
    }
  | { type: 'booking.reminder'; userId: number; period: BookedPeriod };

function bookingText({ t, time }: Translator, b: BookedPeriod, news: BookingNews): { title: string; body: string } {
  const resource = b.resource;
  const when = describePeriod(b.mode, b.startsAt, b.endsAt, time);
  const after = (text: string, extra: string | null) => (extra ? `${text} ${extra}` : text);
  switch (news.event) {
    case 'requested':
      return { title: t('bookings.requestedTitle', { resource }), body: t('bookings.requested', { when }) };
    case 'booked':
      return {
        title: t('bookings.bookedTitle', { resource }),
        body: t('bookings.booked', { when, deadline: `${time.day(news.cancelBy)}, ${time.clock(news.cancelBy)}` }),
      };
    case 'approved':
      return {
        title: t('bookings.approvedTitle', { resource }),
        body: after(t('bookings.approved', { when }), news.reason),
      };
    case 'refused':
      return {
        title: t('bookings.refusedTitle', { resource }),
        body: t('bookings.refused', { when, reason: news.reason }),
      };
    case 'cancelled':
      return {
        title: t('bookings.cancelledTitle', { resource }),
        body: after(t('bookings.cancelled', { when }), news.message),
      };
    case 'reminder':
      return { title: t('bookings.reminderTitle', { resource }), body: t('bookings.reminder', { when }) };
  }
}

/** News of a resident's booking (confirmation, decision, cancellation by a manager, reminder). */
const tell = (userId: number, booking: BookedPeriod, news: BookingNews): Announcement => ({
  to: [userId],
  notification: {
    kind: 'bookings',
    url: '/buchen/meine',
    text: (tr) => {
      const { title, body } = bookingText(tr, booking, news);
      return {
        title,
        body: snippet(body, 180),
        mail: { subject: title, paragraphs: [body], action: tr.t('bookings.view') },
      };
    },
  },
});

/** The webhook's data: what an ERP needs to match the booking (the resident null once erased). */
async function bookingMessage(
  trx: DB,
  bookingId: number,
  locationId: number,
  cancelled?: { by: 'resident' | 'management'; message: string },
): Promise<WebhookMessage | null> {
  const b = await repo.bookingForWebhook(trx, bookingId);
  if (!b) return null;
  return {
    locationId,
    userId: b.user_id,
    data: {
      booking_id: b.id,
      location_id: b.location_id,
      status: b.status,
      resource: { id: b.resource_id, name: b.resource_name, mode: b.resource_mode },
      starts_at: b.starts_at,
      ends_at: b.ends_at,
      check_in: b.check_in,
      check_out: b.check_out,
      created_at: b.created_at,
      apartment_number: b.apartment_number,
      resident: webhookResident({
        id: b.user_id,
        external_id: b.user_external_id,
        apartment_number: b.apartment_number,
        name: b.user_name,
        email: b.user_email,
        erased_at: b.user_erased_at,
      }),
      ...(cancelled ? { cancelled_by: cancelled.by, message: cancelled.message } : {}),
    },
  };
}

export const bookingEvents = defineEvents<BookingEvent>('bookings', {
  'booking.created': {
    announce: (_, e) => tell(e.userId, e.period, e.news),
    webhooks: (trx, e) => bookingMessage(trx, e.bookingId, e.locationId),
  },
  'booking.cancelled': {
    announce: (_, e) =>
      e.by === 'management' && e.userId
        ? tell(e.userId, e.period, { event: 'cancelled', message: e.message || null })
        : null,
    webhooks: (trx, e) => bookingMessage(trx, e.bookingId, e.locationId, { by: e.by, message: e.message }),
  },
  'booking.decided': {
    announce: (_, e) =>
      tell(
        e.userId,
        e.period,
        e.decision === 'approved'
          ? { event: 'approved', reason: e.reason || null }
          : { event: 'refused', reason: e.reason },
      ),
  },
  'booking.reminder': {
    announce: (_, e) => tell(e.userId, e.period, { event: 'reminder' }),
  },
});
