import type { EventOf } from './events/define.js';
import { bookingEvents } from './modules/bookings/bookings.events.js';
import { documentEvents } from './modules/documents/documents.events.js';
import { moderationEvents } from './modules/moderation/moderation.events.js';
import { noticeEvents } from './modules/notices/notices.events.js';
import { parcelEvents } from './modules/parcels/parcels.events.js';
import { reportEvents } from './modules/reports/reports.events.js';
import { requestEvents } from './modules/requests/requests.events.js';
import { residentEvents } from './modules/residents/residents.events.js';
import { ticketEvents } from './modules/tickets/tickets.events.js';

// What each module contributes to the shared machinery (ADR 037). A module declares its events in
// its own `<module>.events.ts`; this list is the one line that registers them. The product's event
// union is derived from it, so `raise` refuses (at compile time) an event nobody registered.

/** Every module's events, one line each. */
export const EVENT_SOURCES = [
  bookingEvents,
  documentEvents,
  moderationEvents,
  noticeEvents,
  parcelEvents,
  reportEvents,
  requestEvents,
  residentEvents,
  ticketEvents,
] as const;

/** Every event an action can raise. */
export type DomainEvent = EventOf<(typeof EVENT_SOURCES)[number]>;
