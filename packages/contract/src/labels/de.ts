import type { Labels } from './constants.js';

/** German: what residents, managers and craftsmen read (the back office and the craftsman's page too). */
export const labelsDe: Labels = {
  ticketStatuses: {
    received: 'Eingegangen',
    in_progress: 'In Bearbeitung',
    craftsman_assigned: 'Handwerker beauftragt',
    appointment_set: 'Termin vereinbart',
    done: 'Erledigt',
    rejected: 'Abgelehnt',
  },
  ticketScopes: {
    apartment: 'In meiner Wohnung',
    building: 'Im Haus / Gemeinschaftsfläche',
  },
  notificationKinds: {
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
  },
};
