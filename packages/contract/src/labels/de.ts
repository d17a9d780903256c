import type { Labels, TicketEventKind } from './constants.js';

/** What residents, managers and craftsmen read for each status. */
export const TICKET_STATUS_LABELS: Labels['ticketStatuses'] = {
  received: 'Eingegangen',
  in_progress: 'In Bearbeitung',
  craftsman_assigned: 'Handwerker beauftragt',
  appointment_set: 'Termin vereinbart',
  reported_done: 'Als erledigt gemeldet',
  done: 'Erledigt',
  rejected: 'Abgelehnt',
};

/** Where the defect is, as the resident says it. */
export const TICKET_SCOPE_LABELS: Labels['ticketScopes'] = {
  apartment: 'In meiner Wohnung',
  building: 'Im Haus / Gemeinschaftsfläche',
};

/** What each kind is called in the profile, in e-mails and on the unsubscribe page. */
export const NOTIFICATION_KIND_LABELS: Labels['notificationKinds'] = {
  posts: 'Neue Beiträge auf der Pinnwand',
  comments: 'Kommentare zu meinen Beiträgen',
  moderation: 'Prüfung meiner Beiträge und Kommentare',
  reports: 'Entscheidungen über meine Hinweise',
  requests: 'Bearbeitung meiner Anfragen',
  notices: 'Aushänge der Hausverwaltung',
  documents: 'Neue Dokumente für meine Wohnung',
  tickets: 'Meine Schadensmeldungen',
  parcels: 'Pakete an der Rezeption',
  bookings: 'Meine Buchungen',
  queue: 'Neues in der Moderation',
  ticket_queue: 'Neue Schadensmeldungen',
};

/**
 * What staff read for each kind of entry in a ticket's timeline: the back office's words (German
 * only, like the back office; the craftsman's page words three of them its own way).
 */
export const TICKET_EVENT_KIND_LABELS: Readonly<Record<TicketEventKind, string>> = {
  created: 'Meldung eingegangen',
  status: 'Status geändert',
  message: 'Nachricht',
  note: 'Notiz',
  photo: 'Foto hinzugefügt',
  assigned: 'Handwerker beauftragt',
  unassigned: 'Auftrag zurückgezogen',
  craftsman: 'Handwerker',
  appointment: 'Termin',
  merged: 'Zusammengeführt',
  rated: 'Bewertet',
  reopened: 'Wieder geöffnet',
  returned: 'Erledigt-Meldung zurückgegeben',
};

/** German: the resident app's and the server's, and the back office's and the craftsman's page's too. */
export const labelsDe: Labels = {
  ticketStatuses: TICKET_STATUS_LABELS,
  ticketScopes: TICKET_SCOPE_LABELS,
  notificationKinds: NOTIFICATION_KIND_LABELS,
};
