// The strings of the craftsman's page ('/auftrag/{token}', ADR 020): a page of its own, without an
// account, that a craftsman opens from the mail on a phone. It stays German and it does not load
// i18next: a plain catalogue and `fill()` keep its bundle small. The statuses, the timeline's
// kinds and the invalid-link text come from the contract's labels entry, which has no zod (a value
// of the main entry would bring the ticket schemas and zod along).
import {
  CRAFTSMAN_LINK_INVALID,
  TICKET_EVENT_KIND_LABELS,
  TICKET_STATUS_LABELS,
  type TicketAuthor,
  type TicketEventKind,
  type TicketScope,
} from '@hausportal/contract/labels';

export const craftsmanDe = {
  pageTitle: 'Auftrag',
  pageTitleNumber: 'Auftrag {{number}}',
  loading: 'Auftrag wird geladen\u00a0…',
  loadFailed: 'Der Auftrag konnte nicht geladen werden.',
  retry: 'Erneut versuchen',
  retrying: 'Wird geladen\u00a0…',
  offline: 'Keine Verbindung zum Server. Bitte prüfen Sie den Empfang und versuchen Sie es erneut.',
  generic: 'Das hat nicht geklappt. Bitte versuchen Sie es erneut.',
  invalidTitle: 'Auftrag nicht verfügbar',
  invalid: CRAFTSMAN_LINK_INVALID,

  statuses: TICKET_STATUS_LABELS,
  /** Not the contract's TICKET_SCOPE_LABELS: those speak as the resident ('In meiner Wohnung'). */
  scopes: {
    apartment: 'In der Wohnung',
    building: 'Im Haus / Gemeinschaftsfläche',
  } satisfies Record<TicketScope, string>,
  status: 'Status',
  category: 'Art',
  where: 'Wo',
  address: 'Objekt',
  access: 'Zugang',
  mapOpen: 'Karte öffnen',
  mapOpenHint: '(öffnet OpenStreetMap in einem neuen Fenster)',
  description: 'Beschreibung',
  managementMessage: 'Nachricht der Hausverwaltung',
  appointment: 'Termin',
  appointmentNone: 'Noch kein Termin vereinbart',

  state_offered: 'Die Hausverwaltung bietet Ihnen diesen Auftrag an. Bitte nehmen Sie ihn an oder lehnen Sie ab.',
  state_accepted: 'Sie haben den Auftrag angenommen.',
  state_declined: 'Sie haben diesen Auftrag abgelehnt. Es sind keine weiteren Schritte möglich.',
  state_done:
    'Sie haben den Auftrag als erledigt gemeldet. Vielen Dank! Die Hausverwaltung prüft die Arbeit und nimmt sie ab; gibt sie den Auftrag zurück, erfahren Sie es per E-Mail.',
  /** The manager accepted the craftsman's 'erledigt' (the ticket is 'Erledigt'). */
  state_accepted_by_management: 'Die Hausverwaltung hat den Auftrag abgenommen. Vielen Dank!',
  readOnly: 'Auftrag abgeschlossen – diese Seite bleibt bis {{date}} lesbar.',
  returnedTitle: 'Die Hausverwaltung hat den Auftrag zurückgegeben',
  returnedAt: 'Am {{when}}. Bitte erledigen Sie noch:',
  state_revoked: 'Die Hausverwaltung hat diesen Auftrag zurückgezogen. Es sind keine weiteren Schritte möglich.',

  accept: 'Auftrag annehmen',
  accepting: 'Wird angenommen\u00a0…',
  accepted: 'Auftrag angenommen.',
  decline: 'Ablehnen',
  declineTitle: 'Auftrag ablehnen?',
  declineReason: 'Grund (optional)',
  declineReasonHint: 'Zum Beispiel: keine Kapazität in den nächsten zwei Wochen',
  declineConfirm: 'Ja, Auftrag ablehnen',
  declining: 'Wird abgelehnt\u00a0…',
  declined: 'Auftrag abgelehnt.',
  cancel: 'Abbrechen',

  appointmentTitle: 'Termin vereinbart',
  appointmentHint:
    'Tragen Sie den Termin ein, den Sie mit den Bewohner:innen abgesprochen haben. Ihn sehen die Bewohner:innen und die Hausverwaltung.',
  appointmentDate: 'Datum',
  appointmentTime: 'Uhrzeit',
  appointmentSave: 'Termin speichern',
  appointmentChange: 'Termin ändern',
  appointmentSaving: 'Wird gespeichert\u00a0…',
  appointmentSaved: 'Termin gespeichert: {{when}}.',
  appointmentRequired: 'Bitte geben Sie Datum und Uhrzeit an.',
  appointmentAt: '{{date}}, {{time}} Uhr',

  noteTitle: 'Notiz an die Hausverwaltung',
  noteLabel: 'Notiz',
  noteHint: 'Zum Beispiel: Ersatzteil bestellt, komme am Donnerstag wieder.',
  noteSend: 'Notiz senden',
  noteSending: 'Wird gesendet\u00a0…',
  noteSent: 'Notiz gesendet.',
  noteRequired: 'Bitte schreiben Sie eine Notiz.',

  photosTitle: 'Fotos',
  photosNone: 'Noch keine Fotos',
  photoAdd: 'Foto hinzufügen',
  photoHint: 'Das Foto wird vor dem Senden verkleinert.',
  photoPreparing: 'Wird vorbereitet\u00a0…',
  photoUploading: 'Wird gesendet\u00a0…',
  photoUploadingOf: 'Foto {{n}} von {{total}}\u00a0…',
  photoUploaded: 'Foto hinzugefügt.',
  photosUploaded: '{{count}} Fotos hinzugefügt.',
  photoOpen: 'Foto {{n}} groß anzeigen',
  photoOnlyImage: '„{{filename}}“ ist kein Foto im Format JPEG, PNG oder WebP.',
  photoUnreadable: '„{{filename}}“ konnte nicht gelesen werden.',
  photoTooLarge: '„{{filename}}“ ist zu groß (höchstens 10 MB).',

  doneTitle: 'Arbeit abgeschlossen?',
  done: 'Auftrag als erledigt melden',
  doneConfirmTitle: 'Auftrag als erledigt melden?',
  doneConfirmText:
    'Danach können Sie über diesen Link nichts mehr ändern. Die Hausverwaltung prüft die Arbeit und nimmt sie ab.',
  doneEarlyText: 'Der vereinbarte Termin ist erst am {{when}}. Trotzdem als erledigt melden?',
  doneText: 'Was wurde gemacht? (optional)',
  doneConfirm: 'Ja, als erledigt melden',
  doneSending: 'Wird gemeldet\u00a0…',
  doneSent: 'Auftrag als erledigt gemeldet. Vielen Dank!',

  contactTitle: 'Ansprechpartner vor Ort',
  contactApartment: 'Wohnung {{apartment}}',
  contactCall: 'Anrufen:',

  timelineTitle: 'Verlauf',
  timelineEmpty: 'Noch keine Einträge',
  authors: {
    you: 'Sie',
    // The page shows only this link's own steps and the management's messages.
    craftsman: 'Sie',
    management: 'Hausverwaltung',
    resident: 'Bewohner:in',
    system: 'System',
  } satisfies Record<TicketAuthor, string>,
  // The back office's words, but for the steps as the craftsman sees them.
  kinds: {
    ...TICKET_EVENT_KIND_LABELS,
    created: 'Gemeldet',
    status: 'Status: {{status}}',
    assigned: 'Auftrag erteilt',
  } satisfies Record<TicketEventKind, string>,
  closeMessage: 'Meldung schließen',
} as const;

/** `{{name}}` in a text replaced by its value; a missing value leaves the placeholder visible. */
export function fill(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
