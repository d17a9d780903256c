import type { DB } from '../../db/database.js';
import { queueWebhooks } from './webhooks.events.js';
import * as repo from './webhooks.repository.js';

// The events the other modules' actions raise, each inside the action's transaction. Their data
// is what an ERP needs to match and act (ids, numbers, the location, the apartment, the status,
// and for a resident their ERP id, name and e-mail): no photos, no label photos, no internal
// notes, and of a thread only the message in question. The action kicks `ctx.notifier` (which
// kicks the webhook sender too) or `ctx.webhooks` after the commit.

/** A resident as the payloads name them; null once erased (DSGVO Art. 17): the ERP keeps its own copy. */
function residentOf(r: {
  id: number | null;
  external_id: string | null;
  apartment_number: string | null;
  name: string | null;
  email: string | null;
  erased_at: string | null;
}) {
  if (r.id === null || r.erased_at) return null;
  return { id: r.id, external_id: r.external_id, apartment_number: r.apartment_number, name: r.name, email: r.email };
}

function ticketData(t: repo.TicketForWebhook) {
  return {
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
    resident: residentOf({
      id: t.reporter_id,
      external_id: t.reporter_external_id,
      apartment_number: t.reporter_apartment,
      name: t.reporter_name,
      email: t.reporter_email,
      erased_at: t.reporter_erased_at,
    }),
  };
}

/**
 * Queues a ticket event: the ticket is read first (its location decides which endpoints get it),
 * one primary-key read per ticket event.
 */
async function ticketEvent(
  trx: DB,
  event: 'ticket.created' | 'ticket.status_changed' | 'ticket.message_created',
  ticketId: number,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const t = await repo.ticketForWebhook(trx, ticketId);
  if (t)
    await queueWebhooks(trx, {
      locationId: t.location_id,
      event,
      userId: t.reporter_id,
      data: { ...ticketData(t), ...extra },
    });
}

/** `ticket.created` (a report in the app, at the desk, by the management or an integration). */
export const ticketCreated = (trx: DB, ticketId: number) => ticketEvent(trx, 'ticket.created', ticketId);

/** `ticket.status_changed`, with the status before and the message to the residents. */
export const ticketStatusChanged = (trx: DB, ticketId: number, change: { previous: string | null; message: string }) =>
  ticketEvent(trx, 'ticket.status_changed', ticketId, { previous_status: change.previous, message: change.message });

/** `ticket.message_created`: a message of the thread the residents see (never an internal note). */
export const ticketMessageCreated = (
  trx: DB,
  ticketId: number,
  message: { id: number; author: string; text: string; createdAt: string },
) =>
  ticketEvent(trx, 'ticket.message_created', ticketId, {
    message: { id: message.id, author: message.author, text: message.text, created_at: message.createdAt },
  });

/** `post.approved`: a blackboard post is visible to the building now (its text; no author, no attachments). */
export async function postApproved(trx: DB, postId: number, locationId: number): Promise<void> {
  await queueWebhooks(trx, {
    locationId,
    event: 'post.approved',
    data: async () => {
      const p = await repo.postForWebhook(trx, postId);
      return p
        ? {
            post_id: p.id,
            location_id: p.location_id,
            text: p.text,
            created_at: p.created_at,
            approved_at: p.moderated_at,
          }
        : null;
    },
  });
}

/** `booking.created` / `booking.cancelled` (`by`: who cancelled, and the management's message). */
export async function bookingEvent(
  trx: DB,
  event: 'booking.created' | 'booking.cancelled',
  bookingId: number,
  locationId: number,
  cancelled?: { by: 'resident' | 'management'; message: string },
): Promise<void> {
  const b = await repo.bookingForWebhook(trx, bookingId);
  if (!b) return;
  await queueWebhooks(trx, {
    locationId,
    event,
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
      resident: residentOf({
        id: b.user_id,
        external_id: b.user_external_id,
        apartment_number: b.apartment_number,
        name: b.user_name,
        email: b.user_email,
        erased_at: b.user_erased_at,
      }),
      ...(cancelled ? { cancelled_by: cancelled.by, message: cancelled.message } : {}),
    },
  });
}

/** `parcel.logged` / `parcel.picked_up`: one message per parcel (no label photo, no notes). */
export async function parcelEvents(
  trx: DB,
  event: 'parcel.logged' | 'parcel.picked_up',
  parcelIds: number[],
  locationId: number,
): Promise<void> {
  for (const id of parcelIds)
    await queueWebhooks(trx, {
      locationId,
      event,
      data: async () => {
        const [p] = await repo.parcelsForWebhook(trx, [id]);
        if (!p) return null;
        return {
          parcel_id: p.id,
          location_id: p.location_id,
          apartment_number: p.apartment_number,
          carrier: p.carrier,
          pieces: p.pieces,
          storage_place: p.storage_place,
          status: p.status,
          logged_at: p.logged_at,
          picked_up_at: p.handed_over_at,
        };
      },
    });
}

/** `resident.activated`: the resident's access became usable (opened by the dates, or the account switched on). */
export async function residentActivated(trx: DB, userId: number, locationId: number): Promise<void> {
  await queueWebhooks(trx, {
    locationId,
    event: 'resident.activated',
    userId,
    data: async () => {
      const u = await repo.residentForWebhook(trx, userId);
      if (!u || u.erased_at || u.role !== 'resident') return null;
      return {
        resident_id: u.id,
        external_id: u.external_id,
        location_id: u.location_id,
        apartment_number: u.apartment_number,
        name: u.name,
        email: u.email,
        move_in_on: u.move_in_on,
        move_out_on: u.move_out_on,
      };
    },
  });
}
