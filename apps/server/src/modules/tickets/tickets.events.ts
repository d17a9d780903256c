import type { TicketStatus } from '@hausportal/contract';
import type { TicketEventTable } from '../../db/schema.js';
import type { DB } from '../../db/database.js';
import { defineEvents, type Announcement } from '../../events/define.js';
import { snippet } from '../notifications/notifier.js';
import { locationTitle, staffOf } from '../notifications/notifications.repository.js';
import { webhookResident } from '../webhooks/webhooks.queue.js';
import * as repo from './tickets.repository.js';

/** A ticket as its news names it. */
interface TicketRef {
  id: number;
  number: string;
}

/** What happens to a defect ticket (ADR 020). */
export type TicketEvent =
  /** A report in the app, at the desk, by the management or an integration. */
  | { type: 'ticket.created'; ticketId: number }
  /** A status change, with the message to the residents; `except` is who caused it. */
  | {
      type: 'ticket.status_changed';
      ticket: TicketRef;
      previous: TicketStatus | null;
      status: TicketStatus;
      message: string;
      /** A craftsman's appointment: the news names its time in each reader's language. */
      appointment?: { at: string; provider: string };
      except?: number;
      /** False for a step between the management and the craftsman ('Als erledigt gemeldet', sent back). */
      tellResidents?: boolean;
    }
  /**
   * A message of the thread the residents see (never an internal note); the management's reaches
   * the reporter and the followers.
   */
  | {
      type: 'ticket.message_created';
      ticket: TicketRef;
      message: { id: number; author: TicketEventTable['author']; text: string; createdAt: string };
    }
  /** The ticket needs the management (new, reopened, a craftsman declined or is done). */
  | { type: 'ticket.awaiting'; ticket: TicketRef & { locationId: number }; what: string };

/** Its reporter and its followers, as each has chosen, but `except`. */
async function residentsHear(
  trx: DB,
  ticket: TicketRef,
  news: { status?: TicketStatus; body: string; appointment?: { at: string; provider: string }; except?: number },
): Promise<Announcement> {
  return {
    to: (await repo.ticketAudience(trx, ticket.id)).filter((id) => id !== news.except),
    notification: {
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
    },
  };
}

/** The location's managers (German, as the back office), at most one push per 15 minutes. */
async function managementHears(
  trx: DB,
  ticket: TicketRef & { locationId: number },
  what: string,
): Promise<Announcement> {
  const body = `${what} (${ticket.number}, ${await locationTitle(trx, ticket.locationId)}).`;
  return {
    to: await staffOf(trx, ticket.locationId),
    notification: {
      kind: 'ticket_queue',
      url: `/admin/tickets/${ticket.id}`,
      bundle: { windowMs: 15 * 60_000, title: (_, n) => `${n} Neuigkeiten bei den Meldungen`, url: '/admin/tickets' },
      text: () => ({
        title: 'Neues bei den Meldungen',
        body,
        mail: { subject: 'Neues bei den Meldungen', paragraphs: [body], action: 'Zur Meldung' },
      }),
    },
  };
}

/**
 * The webhook's data: what an ERP needs to match and act (no photos, no internal notes, of a
 * thread only the message in question). One primary-key read per ticket event.
 */
async function ticketMessage(trx: DB, ticketId: number, extra: Record<string, unknown> = {}) {
  const t = await repo.ticketForWebhook(trx, ticketId);
  if (!t) return null;
  return {
    locationId: t.location_id,
    userId: t.reporter_id,
    data: {
      ticket_id: t.id,
      number: t.number,
      location_id: t.location_id,
      status: t.status,
      category: { id: t.category_id, name: t.category_name },
      scope: t.scope,
      place: t.place,
      description: t.description,
      source: t.source,
      created_at: t.created_at,
      apartment_number: t.reporter_apartment,
      resident: webhookResident({
        id: t.reporter_id,
        external_id: t.reporter_external_id,
        apartment_number: t.reporter_apartment,
        name: t.reporter_name,
        email: t.reporter_email,
        erased_at: t.reporter_erased_at,
      }),
      ...extra,
    },
  };
}

export const ticketEvents = defineEvents<TicketEvent>('tickets', {
  'ticket.created': {
    webhooks: (trx, e) => ticketMessage(trx, e.ticketId),
  },
  'ticket.status_changed': {
    announce: (trx, e) =>
      e.tellResidents === false
        ? null
        : residentsHear(trx, e.ticket, {
            status: e.status,
            body: e.message,
            appointment: e.appointment,
            except: e.except,
          }),
    webhooks: (trx, e) => ticketMessage(trx, e.ticket.id, { previous_status: e.previous, message: e.message }),
  },
  'ticket.message_created': {
    announce: (trx, e) =>
      e.message.author === 'management' ? residentsHear(trx, e.ticket, { body: e.message.text }) : null,
    webhooks: (trx, e) =>
      ticketMessage(trx, e.ticket.id, {
        message: { id: e.message.id, author: e.message.author, text: e.message.text, created_at: e.message.createdAt },
      }),
  },
  'ticket.awaiting': {
    announce: (trx, e) => managementHears(trx, e.ticket, e.what),
  },
});
