import { parseTranslations, translated } from '@hausportal/contract';
import type { DB } from '../../db/database.js';
import { defineEvents, type Announcement, type WebhookMessage } from '../../events/define.js';
import { describePeriod, formatEuros } from '../../i18n/format.js';
import type { Translator } from '../../i18n/index.js';
import { snippet, type NotificationText } from '../notifications/notifier.js';
import { webhookResident } from '../webhooks/webhooks.queue.js';
import * as repo from './bookings.repository.js';

/** A booking as its news names it. */
export interface BookedPeriod {
  resource: string;
  /** The resource's translations (migration 026): its name and fee in the reader's language. */
  translations?: string;
  mode: 'slots' | 'days';
  startsAt: string;
  endsAt: string;
}

/** The resource's name, or its fee text, in the reader's language where translated. */
const inLanguage = (b: BookedPeriod, language: string, field: 'name' | 'fee_text', german: string) =>
  translated(parseTranslations<'name' | 'fee_text'>(b.translations), language, field, german);

/**
 * What a mail about a booking adds to its period: the resource's fee (its text, and the price per
 * night of a day resource, from which the stay's total follows), and once the booking holds, the
 * booking as an .ics file and the last moment to cancel.
 */
export interface BookingDetails {
  feeText: string;
  pricePerNightCents: number | null;
  /** Whole-day stays: the nights from check-in to check-out; null for slots. */
  nights: number | null;
  /** The last moment to cancel (UTC, ISO). */
  cancelBy: string;
  /** The booking as iCalendar text (bookings.calendar.ts), attached as `Buchung-<id>.ics`. */
  calendar: { filename: string; content: string } | null;
}

/** What the resident reads of a booking; texts of managers (reason, message) are passed as written. */
type BookingNews =
  | { event: 'requested'; details: BookingDetails }
  | { event: 'booked'; details: BookingDetails }
  | { event: 'approved'; reason: string | null; details: BookingDetails | null }
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
      /** An approval's fee, deadline and calendar file (null once the resource is archived). */
      details: BookingDetails | null;
    }
  | { type: 'booking.reminder'; userId: number; period: BookedPeriod };

/**
 * The mail of a booking that was made, requested or approved: what and when (with the nights of
 * a stay), the fee (the total of a priced stay), and what comes next: the approval, or the
 * deadline to cancel and the calendar file attached.
 */
function detailParagraphs(tr: Translator, b: BookedPeriod, d: BookingDetails, next: string[]): string[] {
  const { t, time, language } = tr;
  const period = describePeriod(b.mode, b.startsAt, b.endsAt, time);
  const nights = d.nights === null ? null : t('bookings.nights', { count: d.nights });
  const when = nights ? t('bookings.stay', { when: period, nights }) : period;
  const paragraphs = [t('bookings.what', { resource: inLanguage(b, language, 'name', b.resource), when })];
  const feeText = d.feeText && inLanguage(b, language, 'fee_text', d.feeText);
  if (nights && d.pricePerNightCents !== null) {
    const total = formatEuros(d.pricePerNightCents * d.nights!, language);
    paragraphs.push(
      feeText
        ? t('bookings.feeTotalWithText', { total, nights, text: feeText })
        : t('bookings.feeTotal', { total, nights }),
    );
  } else if (feeText) paragraphs.push(t('bookings.feeText', { text: feeText }));
  return [...paragraphs, ...next];
}

/** The deadline to cancel and the calendar file attached, once a booking holds. */
function holdsParagraphs({ t, time }: Translator, d: BookingDetails): string[] {
  return [
    t('bookings.cancelBy', { deadline: `${time.day(d.cancelBy)}, ${time.clock(d.cancelBy)}` }),
    ...(d.calendar ? [t('bookings.calendarAttached')] : []),
  ];
}

function bookingText(tr: Translator, b: BookedPeriod, news: BookingNews): NotificationText {
  const { t, time } = tr;
  const resource = inLanguage(b, tr.language, 'name', b.resource);
  const when = describePeriod(b.mode, b.startsAt, b.endsAt, time);
  const after = (text: string, extra: string | null) => (extra ? `${text} ${extra}` : text);
  const plain = (title: string, body: string): NotificationText => ({
    title,
    body,
    mail: { subject: title, paragraphs: [body], action: t('bookings.view') },
  });
  const detailed = (title: string, body: string, paragraphs: string[], d: BookingDetails | null): NotificationText => ({
    title,
    body,
    mail: {
      subject: title,
      paragraphs,
      action: t('bookings.view'),
      ...(d?.calendar
        ? {
            attachments: [
              {
                filename: d.calendar.filename,
                contentType: 'text/calendar; charset=utf-8',
                content: Buffer.from(d.calendar.content, 'utf8'),
              },
            ],
          }
        : {}),
    },
  });
  switch (news.event) {
    case 'requested': {
      const title = t('bookings.requestedTitle', { resource });
      return detailed(
        title,
        t('bookings.requested', { when }),
        detailParagraphs(tr, b, news.details, [t('bookings.awaitingApproval')]),
        null,
      );
    }
    case 'booked': {
      const d = news.details;
      const deadline = `${time.day(d.cancelBy)}, ${time.clock(d.cancelBy)}`;
      return detailed(
        t('bookings.bookedTitle', { resource }),
        t('bookings.booked', { when, deadline }),
        detailParagraphs(tr, b, d, holdsParagraphs(tr, d)),
        d,
      );
    }
    case 'approved': {
      const title = t('bookings.approvedTitle', { resource });
      const body = after(t('bookings.approved', { when }), news.reason);
      const d = news.details;
      if (!d) return plain(title, body);
      return detailed(
        title,
        body,
        detailParagraphs(tr, b, d, [...(news.reason ? [news.reason] : []), ...holdsParagraphs(tr, d)]),
        d,
      );
    }
    case 'refused':
      return plain(t('bookings.refusedTitle', { resource }), t('bookings.refused', { when, reason: news.reason }));
    case 'cancelled':
      return plain(t('bookings.cancelledTitle', { resource }), after(t('bookings.cancelled', { when }), news.message));
    case 'reminder':
      return plain(t('bookings.reminderTitle', { resource }), t('bookings.reminder', { when }));
  }
}

/** News of a resident's booking (confirmation, decision, cancellation by a manager, reminder). */
const tell = (userId: number, booking: BookedPeriod, news: BookingNews): Announcement => ({
  to: [userId],
  notification: {
    kind: 'bookings',
    url: '/buchen/meine',
    text: (tr) => {
      const text = bookingText(tr, booking, news);
      return { ...text, body: snippet(text.body, 180) };
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
          ? { event: 'approved', reason: e.reason || null, details: e.details }
          : { event: 'refused', reason: e.reason },
      ),
  },
  'booking.reminder': {
    announce: (_, e) => tell(e.userId, e.period, { event: 'reminder' }),
  },
});
