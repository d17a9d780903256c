import { z } from 'zod';

// Notification preferences (issue 10, ADR 016): each kind of event can be switched off
// separately for push and for e-mail; quiet hours and the daily digest are switches too.

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

/** What each kind is called in the profile, in e-mails and on the unsubscribe page. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  posts: 'Neue Beiträge auf der Pinnwand',
  comments: 'Kommentare zu meinen Beiträgen',
  moderation: 'Prüfung meiner Beiträge und Kommentare',
  reports: 'Entscheidungen über meine Meldungen',
  requests: 'Bearbeitung meiner Anfragen',
  notices: 'Aushänge der Hausverwaltung',
  documents: 'Neue Dokumente für meine Wohnung',
  tickets: 'Meine Schadensmeldungen',
  parcels: 'Pakete an der Rezeption',
  bookings: 'Meine Buchungen',
  queue: 'Neues in der Moderation',
  ticket_queue: 'Neue Schadensmeldungen',
};

/** The kinds only staff receive. */
export const STAFF_NOTIFICATION_KINDS: readonly NotificationKind[] = ['queue', 'ticket_queue'];
/** The kinds residents see. */
export const RESIDENT_NOTIFICATION_KINDS = NOTIFICATION_KINDS.filter((k) => !STAFF_NOTIFICATION_KINDS.includes(k));

const switches = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>,
);

/** A user's notification preferences, as `GET/PUT /api/profile/notifications/` carry them. */
export const notificationSettings = z.object({
  push: switches,
  email: switches,
  /** No pushes from 22:00 to 06:00 Europe/Berlin (they wait until morning), except 'Wichtig' notices. */
  quiet_hours: z.boolean(),
  /** One e-mail a day instead of single mails (for residents without push). */
  digest: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

/**
 * The defaults: every push on, quiet hours on. E-mail stays off for new posts (a mail per post
 * would be too many) and for the staff queues (managers have the badges); the rest is on.
 */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  push: {
    posts: true,
    comments: true,
    moderation: true,
    reports: true,
    requests: true,
    notices: true,
    documents: true,
    tickets: true,
    parcels: true,
    bookings: true,
    queue: true,
    ticket_queue: true,
  },
  email: {
    posts: false,
    comments: true,
    moderation: true,
    reports: true,
    requests: true,
    notices: true,
    documents: true,
    tickets: true,
    parcels: true,
    bookings: true,
    queue: false,
    ticket_queue: false,
  },
  quiet_hours: true,
  digest: false,
};
