import type { TicketStatus } from '@hausportal/contract';
import type { DB } from '../../db/database.js';
import type { TicketEventTable } from '../../db/schema.js';
import type { AppContext } from '../../context.js';
import { raise } from '../../events/bus.js';
import { nowIso } from '../../lib/time.js';
import { endAssignments, insertEvent, updateTicket } from './tickets.repository.js';

// The steps every audience's actions share (resident, management, craftsman), each inside the
// caller's transaction: an entry of the timeline with what it does to the ticket's clocks, and a
// status change with its news for the residents (tickets.events.ts).

/** What the steps raise their events through. */
type Events = Pick<AppContext, 'events'>;

/** Who an entry comes from. */
export interface EventAuthor {
  author: TicketEventTable['author'];
  userId?: number | null;
  /** An integration key writing for the management: the timeline names it. */
  apiKeyId?: number | null;
  assignmentId?: number | null;
}

/**
 * Appends an entry and moves the ticket's clocks: every entry is activity; a public entry of the
 * management or the craftsman is a response (the first one starts the response-time figure, and
 * the ticket no longer waits 'ohne Reaktion').
 */
export async function addEvent(
  trx: DB,
  ctx: Events,
  ticket: { id: number; number: string; first_response_at: string | null },
  by: EventAuthor,
  entry: { kind: string; text?: string; status?: TicketStatus | null; internal?: boolean },
): Promise<number> {
  const now = nowIso();
  const id = await insertEvent(trx, {
    ticket_id: ticket.id,
    kind: entry.kind,
    internal: entry.internal ? 1 : 0,
    author: by.author,
    user_id: by.userId ?? null,
    api_key_id: by.apiKeyId ?? null,
    assignment_id: by.assignmentId ?? null,
    status: entry.status ?? null,
    text: entry.text ?? '',
    created_at: now,
  });
  const response = by.author !== 'resident' && by.author !== 'system' && !entry.internal;
  await updateTicket(trx, ticket.id, {
    last_activity_at: now,
    ...(response ? { last_staff_activity_at: now } : {}),
    ...(response && !ticket.first_response_at ? { first_response_at: now } : {}),
  });
  // A new ticket, and a message of the thread the residents see (never an internal note).
  if (entry.kind === 'created') await raise(trx, ctx, { type: 'ticket.created', ticketId: ticket.id });
  if (entry.kind === 'message' && !entry.internal)
    await raise(trx, ctx, {
      type: 'ticket.message_created',
      ticket: { id: ticket.id, number: ticket.number },
      message: { id, author: by.author, text: entry.text ?? '', createdAt: now },
    });
  return id;
}

/**
 * Sets a ticket's status, writes it into the timeline with the message to the residents, and tells
 * the reporter and the followers. 'Erledigt' starts the 14 days to rate or reopen; a closed ticket's
 * craftsman link stops working.
 */
export async function changeStatus(
  trx: DB,
  ctx: Events,
  ticket: { id: number; number: string; first_response_at: string | null; status?: TicketStatus },
  status: TicketStatus,
  by: EventAuthor,
  message = '',
  /** A craftsman's appointment: the news names its time in each reader's language and format. */
  appointment?: { at: string; provider: string },
  /** Whether the reporter and the followers hear of it (not of a step between management and craftsman). */
  tellResidents = true,
): Promise<void> {
  const now = nowIso();
  await updateTicket(trx, ticket.id, {
    status,
    ...(status === 'done' ? { done_at: now } : {}),
    // Leaving 'Als erledigt gemeldet' in any direction ends the wait for acceptance.
    ...(status !== 'reported_done' ? { reported_done_at: null } : {}),
  });
  await addEvent(trx, ctx, ticket, by, { kind: 'status', status, text: message });
  if (status === 'done' || status === 'rejected') await endAssignments(trx, ticket.id, now);
  await raise(trx, ctx, {
    type: 'ticket.status_changed',
    ticket: { id: ticket.id, number: ticket.number },
    previous: ticket.status ?? null,
    status,
    message,
    appointment,
    except: by.author === 'resident' ? (by.userId ?? undefined) : undefined,
    tellResidents,
  });
}
