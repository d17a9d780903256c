import type { ModeratedKind, TicketStatus } from '@hausportal/contract';
import type { DB } from '../../db/database.js';
import type { Translator } from '../../i18n/index.js';
import { describePeriod } from '../../i18n/format.js';
import * as repo from './notifications.repository.js';
import { snippet, type Notifier } from './notifier.js';

// The events the product announces (issue 10), each written in the transaction of its cause.
// Residents read them in their language (src/i18n, issue 25); what goes to staff stays German, as
// the back office does. Routes are the resident app's (apps/web) and the back office's.

const HOUR = 3_600_000;

const REQUEST_STATUSES = ['new', 'in_progress', 'done'] as const;
const requestStatus = (t: Translator['t'], status: string) =>
  (REQUEST_STATUSES as readonly string[]).includes(status)
    ? t(`requests.statuses.${status as (typeof REQUEST_STATUSES)[number]}`)
    : status;

/**
 * A manager approved or rejected a post or comment: the author learns it (with the reason), and
 * an approval reaches the readers: a post the location's residents (bundled hourly), a comment
 * the post's author.
 */
export async function moderated(
  trx: DB,
  notifier: Notifier,
  kind: ModeratedKind,
  id: number,
  status: 'approved' | 'rejected',
  reason: string | null,
  opts: { afterReport?: boolean } = {},
): Promise<void> {
  const isPost = kind === 'message';
  const item = isPost ? await repo.postOf(trx, id) : await repo.commentOf(trx, id);
  const url = `/messages/view/${isPost ? item.id : (item as Awaited<ReturnType<typeof repo.commentOf>>).message_id}`;
  if (status === 'rejected') {
    await notifier.notify(trx, [item.user_id], {
      kind: 'moderation',
      url,
      text: ({ t }) => {
        const title = opts.afterReport
          ? t(isPost ? 'moderation.postRemoved' : 'moderation.commentRemoved')
          : t(isPost ? 'moderation.postRejected' : 'moderation.commentRejected');
        const because = reason ? t('moderation.reason', { reason }) : t('moderation.noReason');
        return {
          title,
          body: because,
          mail: {
            subject: title,
            paragraphs: [
              t('moderation.quoted', { title, text: snippet(item.text) }),
              because,
              ...(isPost && !opts.afterReport ? [t('moderation.resubmit')] : []),
            ],
            action: t(isPost ? 'moderation.openPost' : 'moderation.openPostWithComment'),
          },
        };
      },
    });
    return;
  }
  await notifier.notify(trx, [item.user_id], {
    kind: 'moderation',
    url,
    text: ({ t }) => {
      const title = t(isPost ? 'moderation.postApproved' : 'moderation.commentApproved');
      return {
        title,
        body: t(isPost ? 'moderation.postVisible' : 'moderation.commentVisible'),
        mail: {
          subject: title,
          paragraphs: [t('moderation.quoted', { title, text: snippet(item.text) })],
          action: t(isPost ? 'posts.view' : 'moderation.viewPostWithComment'),
        },
      };
    },
  });
  if (isPost) {
    await notifier.notify(trx, await repo.readersOf(trx, [item.location_id], item.user_id), {
      kind: 'posts',
      url,
      bundle: { windowMs: HOUR, title: ({ t }, count) => t('posts.bundle', { count }), url: '/blackboard' },
      text: ({ t }) => ({
        title: t('posts.title'),
        body: `${item.name}: ${snippet(item.text)}`,
        mail: {
          subject: t('posts.title'),
          paragraphs: [t('posts.wrote', { name: item.name }), snippet(item.text, 500)],
          action: t('posts.view'),
        },
      }),
    });
    return;
  }
  const comment = item as Awaited<ReturnType<typeof repo.commentOf>>;
  if (comment.post_author_id === comment.user_id) return;
  await notifier.notify(trx, [comment.post_author_id], {
    kind: 'comments',
    url,
    text: ({ t }) => ({
      title: t('comments.title'),
      body: `${comment.name}: ${snippet(comment.text)}`,
      mail: {
        subject: t('comments.title'),
        paragraphs: [t('comments.wrote', { name: comment.name }), snippet(comment.text, 500)],
        action: t('comments.view'),
      },
    }),
  });
}

/** A manager decided on reports: each reporter reads the decision; a removal also reaches the author. */
export async function reportsDecided(
  trx: DB,
  notifier: Notifier,
  kind: ModeratedKind,
  id: number,
  decision: 'remove' | 'keep',
  reason: string | null,
  reporterIds: number[],
  /** False when the item was already rejected: its author learnt of it then. */
  tellAuthor = true,
): Promise<void> {
  await notifier.notify(trx, reporterIds, {
    kind: 'reports',
    url: '/requests',
    text: ({ t }) => {
      const body =
        decision === 'remove'
          ? [t('reports.removed'), ...(reason ? [t('moderation.reason', { reason })] : [])].join(' ')
          : t('reports.kept');
      return {
        title: t('reports.title'),
        body,
        mail: { subject: t('reports.title'), paragraphs: [t('reports.thanks'), body], action: t('reports.view') },
      };
    },
  });
  if (decision === 'remove' && tellAuthor)
    await moderated(trx, notifier, kind, id, 'rejected', reason, { afterReport: true });
}

/** A manager changed a request's status or note: the resident who sent it learns it. */
export async function requestChanged(trx: DB, notifier: Notifier, requestId: number): Promise<void> {
  const r = await repo.requestOf(trx, requestId);
  await notifier.notify(trx, [r.user_id], {
    kind: 'requests',
    url: '/requests',
    text: ({ t }) => {
      const status = requestStatus(t, r.status);
      const title = t('requests.title', { provider: r.name, status });
      const body = r.note ? t('requests.statusWithNote', { status, note: r.note }) : t('requests.status', { status });
      return {
        title,
        body,
        mail: {
          subject: title,
          paragraphs: [t('requests.changed', { provider: r.name }), body],
          action: t('requests.view'),
        },
      };
    },
  });
}

/** A notice was published: the residents of its locations; a 'Wichtig' one at once, in quiet hours too. */
export async function noticePublished(trx: DB, notifier: Notifier, noticeId: number): Promise<void> {
  const notice = await repo.noticeOf(trx, noticeId);
  const important = Boolean(notice.important);
  await notifier.notify(trx, await repo.readersOf(trx, notice.locationIds), {
    kind: 'notices',
    url: '/blackboard',
    urgent: important,
    text: ({ t }) => {
      const title = t(important ? 'notices.important' : 'notices.new', { title: notice.title });
      return {
        title,
        body: snippet(notice.text),
        mail: {
          subject: title,
          paragraphs: [t('notices.published'), notice.title, snippet(notice.text, 1000)],
          action: t('notices.view'),
        },
      };
    },
  });
}

/**
 * A manager uploaded a document (issue 22): the residents who can read it learn of it, those of
 * its apartment ('für Ihre Wohnung') or the whole location ('für das Haus').
 */
export async function documentAdded(
  trx: DB,
  notifier: Notifier,
  doc: { title: string; apartmentNumber: string | null },
  readerIds: number[],
): Promise<void> {
  await notifier.notify(trx, readerIds, {
    kind: 'documents',
    url: '/apartment',
    text: ({ t }) => {
      const title = t(doc.apartmentNumber ? 'documents.forApartment' : 'documents.forHouse');
      return {
        title,
        body: doc.title,
        mail: {
          subject: `${title}: ${doc.title}`,
          paragraphs: [t('documents.uploaded', { title: doc.title }), t('documents.where')],
          action: t('documents.view'),
        },
      };
    },
  });
}

/**
 * A post or comment awaits moderation, or a resident reported one: the location's managers (and the admins) hear of it, at
 * most one push per 15 minutes each; later ones update the waiting push's count.
 */
export async function awaitingModeration(
  trx: DB,
  notifier: Notifier,
  kind: ModeratedKind | 'report',
  locationId: number,
): Promise<void> {
  const where = await repo.locationTitle(trx, locationId);
  const body =
    kind === 'report'
      ? `Eine Meldung wartet auf Ihre Entscheidung (${where}).`
      : `${kind === 'message' ? 'Ein neuer Beitrag' : 'Ein neuer Kommentar'} wartet auf Freigabe (${where}).`;
  await notifier.notify(trx, await repo.staffOf(trx, locationId), {
    kind: 'queue',
    url: '/admin/moderation',
    bundle: { windowMs: 15 * 60_000, title: (_, n) => `${n} Einträge warten auf Freigabe`, url: '/admin/moderation' },
    text: () => ({
      title: 'Neues in der Moderation',
      body,
      mail: { subject: 'Neues in der Moderation', paragraphs: [body], action: 'Zur Moderation' },
    }),
  });
}

/**
 * News of a ticket (a status change, a message of the management, a craftsman's appointment):
 * its reporter and its followers hear of it, as each has chosen; `except` is who caused it. The
 * news is the new status, or without one a message of the management; `body` is as written.
 */
export async function ticketNews(
  trx: DB,
  notifier: Notifier,
  ticket: { id: number; number: string },
  news: {
    status?: TicketStatus;
    body: string;
    /** Written in the reader's language instead of `body` (which the timeline keeps, in German). */
    appointment?: { at: string; provider: string };
    except?: number;
  },
): Promise<void> {
  const audience = (await repo.ticketAudience(trx, ticket.id)).filter((id) => id !== news.except);
  await notifier.notify(trx, audience, {
    kind: 'tickets',
    url: `/tickets/${ticket.id}`,
    text: ({ t, time }) => {
      const what = news.status ? t(`tickets.statuses.${news.status}`) : t('tickets.managementMessage');
      const title = t('tickets.title', { number: ticket.number, news: what });
      const { appointment } = news;
      const body = appointment
        ? t('tickets.appointment', { time: time.dateTime(appointment.at), provider: appointment.provider })
        : news.body;
      return {
        title,
        body: snippet(body, 180),
        mail: {
          subject: title,
          paragraphs: [t('tickets.news', { number: ticket.number }), what, snippet(body, 1000)].filter(Boolean),
          action: t('tickets.view'),
        },
      };
    },
  });
}

/** A ticket needs the management (new, reopened, a resident wrote): the location's managers, at most one push per 15 minutes. */
export async function ticketAwaiting(
  trx: DB,
  notifier: Notifier,
  ticket: { id: number; number: string; locationId: number },
  what: string,
): Promise<void> {
  const where = await repo.locationTitle(trx, ticket.locationId);
  const body = `${what} (${ticket.number}, ${where}).`;
  await notifier.notify(trx, await repo.staffOf(trx, ticket.locationId), {
    kind: 'ticket_queue',
    url: `/admin/tickets/${ticket.id}`,
    bundle: { windowMs: 15 * 60_000, title: (_, n) => `${n} Neuigkeiten bei den Meldungen`, url: '/admin/tickets' },
    text: () => ({
      title: 'Neues bei den Meldungen',
      body,
      mail: { subject: 'Neues bei den Meldungen', paragraphs: [body], action: 'Zur Meldung' },
    }),
  });
}

/** A parcel was logged at the reception: the apartment's residents, pushes bundled per minute. */
export async function parcelArrived(
  trx: DB,
  notifier: Notifier,
  residentIds: number[],
  parcel: { carrier: string; pieces: number },
): Promise<void> {
  await notifier.notify(trx, residentIds, {
    kind: 'parcels',
    url: '/pakete',
    bundle: { windowMs: 60_000, title: ({ t }, count) => t('parcels.bundle', { count }), url: '/pakete' },
    text: ({ t }) => {
      const pieces = t('parcels.pieces', { count: parcel.pieces });
      return {
        title: t('parcels.title'),
        body: t('parcels.body', { carrier: parcel.carrier, pieces }),
        mail: {
          subject: t('parcels.title'),
          paragraphs: [t('parcels.waiting', { carrier: parcel.carrier, pieces }), t('parcels.showCode')],
          action: t('parcels.view'),
        },
      };
    },
  });
}

/** Parcels have waited 3 days: one reminder to the apartment's residents. */
export async function parcelReminder(trx: DB, notifier: Notifier, residentIds: number[], total: number) {
  await notifier.notify(trx, residentIds, {
    kind: 'parcels',
    url: '/pakete',
    text: ({ t }) => {
      const body = t('parcels.reminder', { pieces: t('parcels.pieces', { count: total }) });
      return {
        title: t('parcels.reminderTitle'),
        body,
        mail: { subject: t('parcels.reminderTitle'), paragraphs: [body], action: t('parcels.view') },
      };
    },
  });
}

/** A booking as its news names it. */
export interface BookedPeriod {
  resource: string;
  mode: 'slots' | 'days';
  startsAt: string;
  endsAt: string;
}

/** What happened to a resident's booking; texts of managers (reason, message) are passed as written. */
export type BookingEvent =
  | { event: 'requested' }
  | { event: 'booked'; /** The last moment to cancel (UTC, ISO). */ cancelBy: string }
  | { event: 'approved'; reason: string | null }
  | { event: 'refused'; reason: string }
  | { event: 'cancelled'; message: string | null }
  | { event: 'reminder' };

function bookingText({ t, time }: Translator, b: BookedPeriod, news: BookingEvent): { title: string; body: string } {
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
export async function bookingNews(
  trx: DB,
  notifier: Notifier,
  userId: number,
  booking: BookedPeriod,
  news: BookingEvent,
): Promise<void> {
  await notifier.notify(trx, [userId], {
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
  });
}
