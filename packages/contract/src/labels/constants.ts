// The contract's plain constants: the statuses and kinds the schemas, the server and every screen
// name. No zod here (see index.ts).

// ---- defect tickets ----

/** The way of a ticket; 'done' and 'rejected' end it (a resident may reopen it for 14 days). */
export const TICKET_STATUSES = [
  'received',
  'in_progress',
  'craftsman_assigned',
  'appointment_set',
  'reported_done',
  'done',
  'rejected',
] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Statuses of a ticket that is still being worked on. */
export const OPEN_TICKET_STATUSES: readonly TicketStatus[] = [
  'received',
  'in_progress',
  'craftsman_assigned',
  'appointment_set',
  'reported_done',
];

/** Where the defect is: in the resident's own flat, or in the building (common areas). */
export const TICKET_SCOPES = ['apartment', 'building'] as const;
export type TicketScope = (typeof TICKET_SCOPES)[number];

/**
 * The categories every location starts with; managers may rename them and add their own. Those
 * marked `emergency` show the location's emergency number in the form.
 */
export const DEFAULT_TICKET_CATEGORIES = [
  { name: 'Heizung', emergency: true },
  { name: 'Wasser & Sanitär', emergency: true },
  { name: 'Elektrik', emergency: true },
  { name: 'Aufzug', emergency: false },
  { name: 'Fenster & Türen', emergency: false },
  { name: 'Schlüssel & Schließanlage', emergency: false },
  { name: 'Treppenhaus & Gemeinschaftsflächen', emergency: false },
  { name: 'Außenanlagen', emergency: false },
  { name: 'Schädlinge', emergency: false },
  { name: 'Sonstiges', emergency: false },
] as const;

/** The phone shrinks each photo to this long edge before sending (and strips its location data). */
export const TICKET_PHOTO_MAX_EDGE = 2560;

/** Who wrote an entry of the timeline, as residents see it: never another resident's name. */
export const TICKET_AUTHORS = ['you', 'resident', 'management', 'craftsman', 'system'] as const;
export type TicketAuthor = (typeof TICKET_AUTHORS)[number];

export const TICKET_EVENT_KINDS = [
  'created',
  'status',
  'message',
  'note',
  'photo',
  'assigned',
  'unassigned',
  'craftsman',
  'appointment',
  'merged',
  'rated',
  'reopened',
  'returned',
] as const;
export type TicketEventKind = (typeof TICKET_EVENT_KINDS)[number];

/** Where a craftsman's job stands. */
export const TICKET_ASSIGNMENT_STATES = ['offered', 'accepted', 'declined', 'done', 'revoked'] as const;

export const CRAFTSMAN_LINK_INVALID =
  'Dieser Auftragslink gilt nicht mehr. Bitte wenden Sie sich an die Hausverwaltung.';

// ---- notifications ----

/** The kinds of notification, in the order the profile lists them. */
export const NOTIFICATION_KINDS = [
  'posts',
  'comments',
  'moderation',
  'reports',
  'requests',
  'notices',
  'documents',
  'tickets',
  'parcels',
  'bookings',
  'queue',
  'ticket_queue',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds only staff receive. */
export const STAFF_NOTIFICATION_KINDS: readonly NotificationKind[] = ['queue', 'ticket_queue'];
/** The kinds residents see (the call marked pure: a bundle without them drops it and the lists). */
export const RESIDENT_NOTIFICATION_KINDS = /* @__PURE__ */ NOTIFICATION_KINDS.filter(
  (k) => !STAFF_NOTIFICATION_KINDS.includes(k),
);

// ---- parcels ----

export const PARCEL_CARRIERS = ['DHL', 'Hermes', 'DPD', 'GLS', 'UPS', 'Amazon', 'Post', 'Sonstige'] as const;
export type ParcelCarrier = (typeof PARCEL_CARRIERS)[number];
export const PARCEL_STATUSES = ['open', 'handed_over'] as const;
export type ParcelStatus = (typeof PARCEL_STATUSES)[number];

// ---- the labels ----

/**
 * What a language calls the statuses and kinds that the server's mails and the resident app's
 * screens both show: one catalogue per language (de.ts, en.ts, …), so the two never drift apart.
 */
export interface Labels {
  ticketStatuses: Record<TicketStatus, string>;
  /** Where a defect is, as the resident says it ('In meiner Wohnung'). */
  ticketScopes: Record<TicketScope, string>;
  /** As the profile's settings, the e-mails and the unsubscribe page name them. */
  notificationKinds: Record<NotificationKind, string>;
}
