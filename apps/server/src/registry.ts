import type { EventOf } from './events/define.js';
import type { ExportSections, SectionsOf } from './personal-data/define.js';
import { auditPersonalData } from './modules/audit/audit.personal-data.js';
import { authPersonalData } from './modules/auth/auth.personal-data.js';
import { bookingPersonalData } from './modules/bookings/bookings.personal-data.js';
import { documentPersonalData } from './modules/documents/documents.personal-data.js';
import { emailPersonalData } from './modules/emails/emails.personal-data.js';
import { messagePersonalData } from './modules/messages/messages.personal-data.js';
import { noticePersonalData } from './modules/notices/notices.personal-data.js';
import { notificationPersonalData } from './modules/notifications/notifications.personal-data.js';
import { parcelPersonalData } from './modules/parcels/parcels.personal-data.js';
import { pushPersonalData } from './modules/push/push.personal-data.js';
import { reportPersonalData } from './modules/reports/reports.personal-data.js';
import { requestPersonalData } from './modules/requests/requests.personal-data.js';
import { residentPersonalData } from './modules/residents/residents.personal-data.js';
import { ticketPersonalData } from './modules/tickets/tickets.personal-data.js';
import { webhookPersonalData } from './modules/webhooks/webhooks.personal-data.js';
import { bookingEvents } from './modules/bookings/bookings.events.js';
import { documentEvents } from './modules/documents/documents.events.js';
import { moderationEvents } from './modules/moderation/moderation.events.js';
import { noticeEvents } from './modules/notices/notices.events.js';
import { parcelEvents } from './modules/parcels/parcels.events.js';
import { reportEvents } from './modules/reports/reports.events.js';
import { requestEvents } from './modules/requests/requests.events.js';
import { residentEvents } from './modules/residents/residents.events.js';
import { ticketEvents } from './modules/tickets/tickets.events.js';

// What each module contributes to the shared machinery (ADR 037), one line per module and list:
// its events (`<module>.events.ts`) and its part of the DSGVO rights (`<module>.personal-data.ts`).
// The event union is derived from the list, so `raise` refuses (at compile time) an event nobody
// registered; the export's sections must all be filled (below), and a test fails for a table that
// names a person but belongs to no module here (test/personal-data.test.ts).

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

/**
 * Every module that stores data about a person, in the order the erasure runs them: the parts that
 * read the account (the parcels its apartment, the outbox its address) before the account is blanked.
 */
export const PERSONAL_DATA = [
  parcelPersonalData,
  emailPersonalData,
  bookingPersonalData,
  webhookPersonalData,
  authPersonalData,
  pushPersonalData,
  notificationPersonalData,
  messagePersonalData,
  reportPersonalData,
  requestPersonalData,
  noticePersonalData,
  documentPersonalData,
  ticketPersonalData,
  auditPersonalData,
  residentPersonalData,
] as const;

// Fails to compile while a section of the export has no module that fills it.
type Unfilled = Exclude<keyof ExportSections, SectionsOf<(typeof PERSONAL_DATA)[number]>>;
export const EXPORT_COMPLETE: [Unfilled] extends [never] ? true : { unfilled: Unfilled } = true;
