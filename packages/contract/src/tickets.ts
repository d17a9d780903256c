import { z } from 'zod';
import {
  bodyId,
  contentTranslations,
  formBoolean,
  phoneOrEmpty,
  queryBoolean,
  requiredTrimmedText,
  storedTranslations,
  textId,
  trimmedText,
} from './fields.js';
import {
  TICKET_ASSIGNMENT_STATES,
  TICKET_AUTHORS,
  TICKET_EVENT_KINDS,
  TICKET_SCOPES,
  TICKET_STATUSES,
} from './labels/index.js';
import { listQuery } from './schemas.js';

// Defect tickets ('Schaden melden', ADR 020): a resident reports a defect with photos,
// gets a numbered receipt, follows it through a status timeline and a thread with the management;
// residents follow building-wide tickets instead of reporting them again; a craftsman works on a
// ticket through a signed link without an account.

// ---- constants ----

// The statuses, places, authors and kinds of a ticket are plain constants in labels/ (no zod).

/** Photos sent with a report; more can be added to the ticket later, up to MAX_TICKET_PHOTOS in all. */
export const MAX_REPORT_PHOTOS = 5;
export const MAX_TICKET_PHOTOS = 20;
/** How long after 'Erledigt' a resident may rate the repair or reopen the ticket. */
export const TICKET_REOPEN_DAYS = 14;
/** A ticket no manager has answered for this long counts as 'ohne Reaktion'. */
export const TICKET_STALE_HOURS = 48;

/** What to do about gas, the same words wherever the app gives the advice: 112 first, from outside. */
export const GAS_ADVICE =
  'Bei Gasgeruch: keine Schalter betätigen, kein offenes Feuer, das Haus verlassen und von draußen zuerst 112, dann den Gas-Notruf anrufen.';
export const TICKET_EMERGENCY_HINT = `Bei Wasserrohrbruch oder Stromausfall sofort den Notdienst anrufen. ${GAS_ADVICE}`;
export const TICKET_CONSENT_LABEL = 'Meine Kontaktdaten dürfen an den beauftragten Handwerker weitergegeben werden';
/** The header a ticket is created with, so a repeated submit creates it once. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

// ---- shared parts ----

/** A ticket's number as residents quote it: year and a running number per install, `2026-000123`. */
const ticketNumber = z.string();

export const ticketCategory = z.object({
  id: z.number(),
  name: z.string(),
  /** The form shows the location's emergency number for this category. */
  emergency: z.boolean(),
});
export type TicketCategory = z.infer<typeof ticketCategory>;

export const ticketPhoto = z.object({
  id: z.number(),
  /** Signed, expiring URLs (ADR 005). */
  url: z.string(),
  thumbnail: z.string(),
  created_at: z.string(),
  /** Sent with the report itself (and so in the receipt), or added later. */
  original: z.boolean(),
});
export type TicketPhoto = z.infer<typeof ticketPhoto>;

/** One entry of a ticket's timeline: a status change, a message, a photo, a craftsman's step. */
export const ticketEvent = z.object({
  id: z.number(),
  kind: z.enum(TICKET_EVENT_KINDS),
  author: z.enum(TICKET_AUTHORS),
  /** The new status of a status change, else null. */
  status: z.enum(TICKET_STATUSES).nullable(),
  text: z.string(),
  created_at: z.string(),
});
export type TicketEvent = z.infer<typeof ticketEvent>;

// ---- resident calls ----

/**
 * `POST /api/tickets/`: JSON, or multipart with the same fields and up to MAX_REPORT_PHOTOS files
 * in `photos`, with an `Idempotency-Key` header. `place` is required for a building-wide defect.
 */
export const ticketCreate = z
  .object({
    category_id: textId,
    scope: z.enum(TICKET_SCOPES, { error: 'Bitte wählen Sie, wo der Schaden ist.' }),
    place: trimmedText(200).default(''),
    description: requiredTrimmedText(5000),
    contact_consent: formBoolean.default(false),
    /** A number the craftsman may call (only with consent); optional. */
    contact_phone: phoneOrEmpty(50).default(''),
    /** A receptionist opening the ticket for a resident at the desk: that resident's apartment number. */
    for_apartment: trimmedText(150).default(''),
  })
  .refine((v) => v.scope !== 'building' || v.place !== '', {
    error: 'Bitte beschreiben Sie, wo im Haus der Schaden ist.',
    path: ['place'],
  });
export type TicketCreate = z.input<typeof ticketCreate>;

/** A ticket as its reporter or a follower reads it. */
export const ticket = z.object({
  id: z.number(),
  number: ticketNumber,
  created_at: z.string(),
  status: z.enum(TICKET_STATUSES),
  category: ticketCategory,
  scope: z.enum(TICKET_SCOPES),
  place: z.string(),
  description: z.string(),
  /**
   * 'reporter' for the resident who reported it, 'follower' for one who joined it, 'desk' for the
   * receptionist who took it at the desk for a resident.
   */
  relation: z.enum(['reporter', 'follower', 'desk']),
  contact_consent: z.boolean(),
  /** The reporter and the residents who said 'Betrifft mich auch'. */
  affected_count: z.number(),
  photos: z.array(ticketPhoto),
  /** The public timeline, oldest first; internal notes never appear. */
  events: z.array(ticketEvent),
  appointment_at: z.string().nullable(),
  rating: z.object({ stars: z.number(), text: z.string() }).nullable(),
  /** Until when the reporter may rate or reopen it (14 days after 'Erledigt'), else null. */
  reopen_until: z.string().nullable(),
  /** A duplicate merged into another ticket: that ticket's id, which the resident now follows. */
  merged_into_id: z.number().nullable(),
});
export type Ticket = z.infer<typeof ticket>;

/** A line of 'Meine Meldungen'. */
export const ticketListItem = z.object({
  id: z.number(),
  number: ticketNumber,
  created_at: z.string(),
  updated_at: z.string(),
  status: z.enum(TICKET_STATUSES),
  category_name: z.string(),
  scope: z.enum(TICKET_SCOPES),
  place: z.string(),
  relation: z.enum(['reporter', 'follower']),
});
export type TicketListItem = z.infer<typeof ticketListItem>;

export const ticketListQuery = listQuery.extend({
  /** Only open tickets (not 'Erledigt' or 'Abgelehnt'). */
  open: queryBoolean.optional(),
});

/** `GET /api/tickets/building/?category_id=`: open building-wide tickets of the location ('Bereits gemeldet'). */
export const buildingTicketQuery = listQuery.extend({ category_id: textId.optional() });

/** A building-wide ticket as any resident of the location sees it: no names, only the count. */
export const buildingTicket = z.object({
  id: z.number(),
  number: ticketNumber,
  created_at: z.string(),
  status: z.enum(TICKET_STATUSES),
  category: ticketCategory,
  place: z.string(),
  description: z.string(),
  affected_count: z.number(),
  /** The caller reported it or follows it already. */
  affected: z.boolean(),
});
export type BuildingTicket = z.infer<typeof buildingTicket>;

export const ticketMessageCreate = z.object({ text: requiredTrimmedText(5000) });
export const ticketRating = z.object({
  stars: z.number({ error: 'Bitte vergeben Sie 1 bis 5 Sterne.' }).int().min(1).max(5),
  text: trimmedText(2000).default(''),
});
export const ticketReopen = z.object({ text: requiredTrimmedText(2000) });
export const ticketAffected = z.object({ id: z.number(), affected_count: z.number(), affected: z.boolean() });

export const TICKET_RECEIVED =
  'Vielen Dank für Ihre Meldung. Die Hausverwaltung kümmert sich darum; die Eingangsbestätigung erhalten Sie auch per E-Mail.';
export const TICKET_NOT_FOUND_OR_CLOSED = 'Diese Meldung ist abgeschlossen.';

// ---- back office ----

export const adminTicketQuery = listQuery.extend({
  location_id: textId.optional(),
  status: z.enum(TICKET_STATUSES).optional(),
  /** 'open' is every status but 'Erledigt' and 'Abgelehnt'. */
  state: z.enum(['open', 'closed']).optional(),
  category_id: textId.optional(),
  /** A provider's id, or `none` for tickets without a craftsman. */
  assignee: z.union([z.literal('none'), textId]).optional(),
  /** 'ohne Reaktion seit 48 h': open, and nobody of the management has answered for 48 hours. */
  stale: queryBoolean.optional(),
  sort: z.enum(['oldest', 'newest']).default('oldest'),
  search: trimmedText(100).optional(),
});

const ticketPerson = z.object({ id: z.number(), name: z.string(), apartment_number: z.string() });

/** A line of the back office's ticket list and board. */
export const adminTicketListItem = z.object({
  id: z.number(),
  number: ticketNumber,
  location_id: z.number(),
  location_title: z.string(),
  created_at: z.string(),
  last_activity_at: z.string(),
  status: z.enum(TICKET_STATUSES),
  category_name: z.string(),
  scope: z.enum(TICKET_SCOPES),
  place: z.string(),
  excerpt: z.string(),
  reporter: ticketPerson.nullable(),
  affected_count: z.number(),
  assignee: z.object({ provider_id: z.number(), name: z.string() }).nullable(),
  /** No answer from the management for TICKET_STALE_HOURS while open. */
  stale: z.boolean(),
  photo_count: z.number(),
});
export type AdminTicketListItem = z.infer<typeof adminTicketListItem>;

/** `GET /api/admin/tickets/summary/`: the navigation's count of new tickets, and how many wait too long. */
export const adminTicketSummary = z.object({ received: z.number(), stale: z.number() });
export const adminTicketSummaryQuery = z.object({ location_id: textId.optional() });

/** `GET /api/admin/tickets/board/`: the open and recently closed tickets by status. */
export const adminTicketBoard = z.object({
  columns: z.array(
    z.object({
      status: z.enum(TICKET_STATUSES),
      count: z.number(),
      results: z.array(adminTicketListItem),
    }),
  ),
});

/** An entry of the timeline as the management sees it: with names, and with internal notes. */
export const adminTicketEvent = ticketEvent.extend({
  author_name: z.string(),
  internal: z.boolean(),
});
export type AdminTicketEvent = z.infer<typeof adminTicketEvent>;

/** The craftsman's link of a ticket and where the job stands. */
export const ticketAssignment = z.object({
  id: z.number(),
  provider_id: z.number(),
  provider_name: z.string(),
  state: z.enum(TICKET_ASSIGNMENT_STATES),
  appointment_at: z.string().nullable(),
  created_at: z.string(),
  /** The link still works (not revoked, reassigned or closed). */
  active: z.boolean(),
  /** After the craftsman reported the job done: until when the link stays readable (not writable). */
  readable_until: z.string().nullable(),
});

export const adminTicket = adminTicketListItem.extend({
  description: z.string(),
  category_id: z.number(),
  contact_consent: z.boolean(),
  contact_phone: z.string(),
  source: z.enum(['app', 'phone', 'desk']),
  photos: z.array(ticketPhoto),
  events: z.array(adminTicketEvent),
  assignment: ticketAssignment.nullable(),
  appointment_at: z.string().nullable(),
  merged_into: z.object({ id: z.number(), number: ticketNumber }).nullable(),
  rating: z.object({ stars: z.number(), text: z.string() }).nullable(),
  receipt_sha256: z.string(),
  /** The building or staircase the ticket names (the craftsman goes to its address), or null. */
  building_id: z.number().nullable(),
  /** Since when the craftsman's 'erledigt' waits for 'Abnehmen' or 'Zurückgeben'; null otherwise. */
  reported_done_at: z.string().nullable(),
});
export type AdminTicket = z.infer<typeof adminTicket>;

/** A manager opens a ticket for a resident who phoned or came by. */
export const adminTicketCreate = z
  .object({
    resident_id: bodyId,
    category_id: bodyId,
    scope: z.enum(TICKET_SCOPES),
    place: trimmedText(200).default(''),
    description: requiredTrimmedText(5000),
    contact_consent: z.boolean().default(false),
    contact_phone: phoneOrEmpty(50).default(''),
    source: z.enum(['phone', 'desk']).default('phone'),
  })
  .refine((v) => v.scope !== 'building' || v.place !== '', {
    error: 'Bitte beschreiben Sie, wo im Haus der Schaden ist.',
    path: ['place'],
  });

/** A status change with an optional message to the residents (a reason is required to reject). */
export const adminTicketStatus = z
  .object({
    status: z.enum(TICKET_STATUSES),
    message: trimmedText(5000).default(''),
  })
  .refine((v) => v.status !== 'rejected' || v.message !== '', {
    error: 'Bitte nennen Sie den Bewohner:innen den Grund der Ablehnung.',
    path: ['message'],
  });

/** A message to the residents, or (internal) a note only the management reads. */
export const adminTicketMessage = z.object({
  text: requiredTrimmedText(5000),
  internal: z.boolean().default(false),
});

export const adminTicketAssign = z.object({
  provider_id: bodyId,
  /** What the craftsman reads in the mail besides the ticket. */
  message: trimmedText(2000).default(''),
});

export const adminTicketMerge = z.object({ into_id: bodyId });

export const adminTicketCategoryInput = z.object({
  location_id: bodyId,
  name: requiredTrimmedText(100),
  emergency: z.boolean().default(false),
  sort_order: z.number().int().min(0).max(1_000_000).optional(),
  archived: z.boolean().default(false),
  /** The name in other languages; left out on an update: unchanged. */
  translations: contentTranslations({ name: 100 }).optional(),
});
export const adminTicketCategory = ticketCategory.extend({
  location_id: z.number(),
  translations: storedTranslations,
  sort_order: z.number(),
  archived: z.boolean(),
  ticket_count: z.number(),
});
export const adminTicketCategoryQuery = listQuery.extend({ location_id: textId.optional() });

/** `GET /api/admin/tickets/stats/`: a location's figures over a period ('Auswertung'). */
export const adminTicketStatsQuery = z.object({
  location_id: textId.optional(),
  /** The period as dates (YYYY-MM-DD, Europe/Berlin), `to` included; default the last 90 days. */
  from: z.iso.date({ error: 'Ein Datum im Format JJJJ-MM-TT.' }).optional(),
  to: z.iso.date({ error: 'Ein Datum im Format JJJJ-MM-TT.' }).optional(),
});
export const adminTicketStats = z.object({
  from: z.string(),
  to: z.string(),
  tickets: z.number(),
  by_category: z.array(z.object({ category: z.string(), tickets: z.number() })),
  /** Median hours from the report to the management's first answer, or null without answers. */
  median_first_response_hours: z.number().nullable(),
  median_done_hours: z.number().nullable(),
  average_rating: z.number().nullable(),
  ratings: z.number(),
  /** Reports a ticket stands for: 1 plus its followers (each one a report avoided). */
  reports_per_ticket: z.number().nullable(),
  avoided_reports: z.number(),
});
export type AdminTicketStats = z.infer<typeof adminTicketStats>;

// ---- the craftsman's page (no account; the signed link is the permission) ----

export const craftsmanJob = z.object({
  number: ticketNumber,
  location_title: z.string(),
  /** Where to go: the building's postal address where the ticket names one, else the location's. */
  location_address: z.string(),
  /** The building or staircase, when the location has several and the ticket names one. */
  building: z.string().nullable(),
  /** How to get in (key safe, caretaker, door code …), as the management wrote it. */
  access_note: z.string(),
  /** The address on OpenStreetMap; null without a street. */
  map_url: z.string().nullable(),
  /** After 'erledigt' the page stays readable (not writable) until `readable_until`, for the invoice. */
  read_only: z.boolean(),
  readable_until: z.string().nullable(),
  category_name: z.string(),
  scope: z.enum(TICKET_SCOPES),
  place: z.string(),
  description: z.string(),
  /** The management's message with the order. */
  message: z.string(),
  status: z.enum(TICKET_STATUSES),
  state: z.enum(TICKET_ASSIGNMENT_STATES),
  appointment_at: z.string().nullable(),
  /** Only when the resident consented to pass on their contact details. */
  contact: z.object({ name: z.string(), apartment_number: z.string(), phone: z.string() }).nullable(),
  photos: z.array(ticketPhoto),
  /** The craftsman's own notes and photos on this job, and the management's messages to residents. */
  events: z.array(ticketEvent),
});
export type CraftsmanJob = z.infer<typeof craftsmanJob>;

export const craftsmanDecline = z.object({ reason: trimmedText(2000).default('') });
/**
 * An appointment as a date and time in Europe/Berlin, e.g. `2026-12-01T09:30`, or as an instant
 * with its offset (`2027-01-01T10:00:00Z`, `…+01:00`), which is kept as that instant.
 */
export const craftsmanAppointment = z.object({
  at: z.union([z.iso.datetime({ local: true }), z.iso.datetime({ offset: true })], {
    error: 'Bitte geben Sie Datum und Uhrzeit an.',
  }),
});
export const craftsmanNote = z.object({ text: requiredTrimmedText(5000) });
export const craftsmanDone = z.object({
  text: trimmedText(5000).default(''),
  /** Confirms 'erledigt' before the appointment that was agreed (else 409). */
  early: z.boolean().default(false),
});
/** `POST /api/admin/tickets/:id/acceptance/`: the manager accepts a craftsman's 'erledigt' or sends it back. */
export const adminTicketAcceptance = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('accept') }),
    z.object({ decision: z.literal('return'), reason: requiredTrimmedText(2000) }),
  ],
  { error: "Erlaubt sind 'accept' oder 'return'." },
);
export type AdminTicketAcceptance = z.infer<typeof adminTicketAcceptance>;
/** `POST /api/admin/tickets/:id/building/`: the building or staircase the defect is in (null: the location). */
export const adminTicketBuilding = z.object({ building_id: bodyId.nullable() });
