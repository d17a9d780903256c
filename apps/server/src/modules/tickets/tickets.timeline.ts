import type { TicketStatus } from '@hausportal/contract';
import type { DB } from '../../db/database.js';
import type { TicketEventTable } from '../../db/schema.js';
import { nowIso } from '../../lib/time.js';
import { ticketNews } from '../notifications/events.js';
import { ticketCreated, ticketMessageCreated, ticketStatusChanged } from '../webhooks/webhooks.payloads.js';
import type { Notifier } from '../notifications/notifier.js';
import { endAssignments, insertEvent, updateTicket } from './tickets.repository.js';

// The steps every audience's actions share (resident, management, craftsman), each inside the
// caller's transaction: an entry of the timeline with what it does to the ticket's clocks, and a
// status change with its news for the residents.

/** Who an entry comes from. */
export interface EventAuthor {
  author: TicketEventTable['author'];
  userId?: number | null;
  /** An integration key writing for the management (issue 26): the timeline names it. */
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
  ticket: { id: number; first_response_at: string | null },
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
  // Webhooks (issue 26): a new ticket, and a message of the thread the residents see (no internal note).
  if (entry.kind === 'created') await ticketCreated(trx, ticket.id);
  if (entry.kind === 'message' && !entry.internal)
    await ticketMessageCreated(trx, ticket.id, { id, author: by.author, text: entry.text ?? '', createdAt: now });
  return id;
}

/**
 * Sets a ticket's status, writes it into the timeline with the message to the residents, and tells
 * the reporter and the followers. 'Erledigt' starts the 14 days to rate or reopen; a closed ticket's
 * craftsman link stops working.
 */
export async function changeStatus(
  trx: DB,
  notifier: Notifier,
  ticket: { id: number; number: string; first_response_at: string | null },
  status: TicketStatus,
  by: EventAuthor,
  message = '',
  /** A craftsman's appointment: the news names its time in each reader's language and format. */
  appointment?: { at: string; provider: string },
): Promise<void> {
  const now = nowIso();
  await updateTicket(trx, ticket.id, { status, ...(status === 'done' ? { done_at: now } : {}) });
  await addEvent(trx, ticket, by, { kind: 'status', status, text: message });
  if (status === 'done' || status === 'rejected') await endAssignments(trx, ticket.id, now);
  const previous = (ticket as { status?: TicketStatus }).status ?? null;
  await ticketStatusChanged(trx, ticket.id, { previous, message });
  await ticketNews(trx, notifier, ticket, {
    status,
    body: message,
    appointment,
    except: by.author === 'resident' ? (by.userId ?? undefined) : undefined,
  });
}
