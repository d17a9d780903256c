import {
  ACTIVATION_CODE_EXPIRED,
  ACTIVATION_CODE_FORMAT,
  ACTIVATION_CODE_UNKNOWN,
  ACTIVATION_CODE_USED,
  ACTIVATION_DONE,
  FEEDBACK_TOO_MANY,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DIFFER,
} from '@hausportal/contract';
import { labelsDe } from '@hausportal/contract/labels';

// What the server writes to residents, in German: mails, pushes, the ticket receipt and
// the activation letter. Every other language is typed against this one. Texts to staff and to
// craftsmen and providers are not here: they stay German and are written where they are sent.
// {{app}} is the product name (APP_NAME). Names, posts and notes of residents and managers are
// passed in as written. `errors` holds the refusals a resident can meet, answered in the language
// of the request (ADR 038): the German ones are what every German caller has always got.

export const de = {
  mail: {
    greeting: 'Guten Tag {{name}},',
    team: 'Ihr {{app}}-Team',
    buttonFallback: 'Falls der Knopf nicht funktioniert:',
    unsubscribeKind: 'Keine E-Mails mehr zu „{{kind}}“ erhalten',
  },
  // The kinds as the profile's settings name them (the contract's labels, the web's too).
  kinds: labelsDe.notificationKinds,
  digest: {
    subject_one: 'Ihre Tageszusammenfassung: {{count}} Neuigkeit',
    subject_other: 'Ihre Tageszusammenfassung: {{count}} Neuigkeiten',
    intro: 'das ist seit der letzten Zusammenfassung bei {{app}} passiert:',
    open: '{{app}} öffnen',
    unsubscribe: 'Keine Tageszusammenfassung und keine Benachrichtigungs-E-Mails mehr erhalten',
  },
  unsubscribe: {
    digest: 'Tageszusammenfassung',
    title: 'E-Mails abbestellen',
    question: 'Möchten Sie keine E-Mails mehr zu „{{kind}}“ erhalten?',
    submit: 'Abbestellen',
    doneTitle: 'Abbestellt',
    done: 'Sie erhalten keine E-Mails mehr zu „{{kind}}“.',
    again: 'Im Profil der App können Sie das jederzeit wieder einschalten.',
    toProfile: 'Zum Profil',
  },
  moderation: {
    postRejected: 'Ihr Beitrag wurde abgelehnt',
    commentRejected: 'Ihr Kommentar wurde abgelehnt',
    postRemoved: 'Ihr Beitrag wurde nach einer Meldung entfernt',
    commentRemoved: 'Ihr Kommentar wurde nach einer Meldung entfernt',
    postApproved: 'Ihr Beitrag ist freigegeben',
    commentApproved: 'Ihr Kommentar ist freigegeben',
    quoted: '{{title}}: „{{text}}“',
    reason: 'Begründung: {{reason}}',
    noReason: 'Die Hausverwaltung hat keine Begründung angegeben.',
    resubmit: 'Sie können den Beitrag bearbeiten und erneut einreichen.',
    openPost: 'Beitrag öffnen',
    openPostWithComment: 'Beitrag mit Kommentar öffnen',
    postVisible: 'Ihre Nachbarn sehen ihn jetzt auf der Pinnwand.',
    commentVisible: 'Er ist jetzt unter dem Beitrag zu sehen.',
    viewPostWithComment: 'Beitrag mit Kommentar ansehen',
  },
  posts: {
    title: 'Neuer Beitrag auf der Pinnwand',
    bundle_one: '{{count}} neuer Beitrag auf der Pinnwand',
    bundle_other: '{{count}} neue Beiträge auf der Pinnwand',
    wrote: '{{name}} hat auf der Pinnwand geschrieben:',
    view: 'Beitrag ansehen',
  },
  comments: {
    title: 'Neuer Kommentar zu Ihrem Beitrag',
    wrote: '{{name}} hat Ihren Beitrag kommentiert:',
    view: 'Kommentar ansehen',
  },
  reports: {
    title: 'Ihre Meldung wurde geprüft',
    removed: 'Der gemeldete Inhalt wurde entfernt.',
    kept: 'Der gemeldete Inhalt verstößt nach Prüfung nicht gegen die Regeln und bleibt sichtbar.',
    thanks: 'Vielen Dank für Ihre Meldung. Die Hausverwaltung hat sie geprüft.',
    view: 'Meine Meldungen ansehen',
  },
  requests: {
    statuses: { new: 'Neu', in_progress: 'In Bearbeitung', done: 'Erledigt' },
    title: 'Ihre Anfrage an {{provider}}: {{status}}',
    status: '{{status}}.',
    statusWithNote: '{{status}}. Notiz der Hausverwaltung: {{note}}',
    changed: 'Der Stand Ihrer Anfrage an {{provider}} hat sich geändert.',
    view: 'Meine Anfragen ansehen',
  },
  notices: {
    important: 'Wichtig: {{title}}',
    new: 'Neuer Aushang: {{title}}',
    published: 'Die Hausverwaltung hat einen Aushang veröffentlicht:',
    view: 'Zur Pinnwand',
  },
  documents: {
    forApartment: 'Neues Dokument für Ihre Wohnung',
    forHouse: 'Neues Dokument für das Haus',
    uploaded: 'Die Hausverwaltung hat ein Dokument hochgeladen: „{{title}}“.',
    where: 'Sie finden es in der App unter „Meine Wohnung“.',
    view: 'Dokument ansehen',
  },
  tickets: {
    title: 'Meldung {{number}}: {{news}}',
    news: 'Neuigkeiten zu Ihrer Schadensmeldung {{number}}:',
    accepted: 'Auftrag angenommen',
    appointment: 'Termin: {{time}} Uhr ({{provider}})',
    managementMessage: 'Nachricht der Hausverwaltung',
    view: 'Meldung ansehen',
    statuses: labelsDe.ticketStatuses,
    scopes: labelsDe.ticketScopes,
  },
  parcels: {
    pieces_one: '{{count}} Stück',
    pieces_other: '{{count}} Stück',
    title: 'Paket an der Rezeption',
    bundle_one: '{{count}} Paket an der Rezeption',
    bundle_other: '{{count}} Pakete an der Rezeption',
    body: '{{carrier}}, {{pieces}}. Ihren Abholcode finden Sie in der App.',
    waiting: 'An der Rezeption liegt ein Paket für Sie: {{carrier}}, {{pieces}}.',
    showCode: 'Zeigen Sie bei der Abholung Ihren Abholcode vor; Sie finden ihn in der App.',
    view: 'Abholcode ansehen',
    reminderTitle: 'Erinnerung: Paket abholen',
    reminder: 'An der Rezeption warten seit einigen Tagen Pakete auf Sie ({{pieces}}).',
  },
  bookings: {
    requestedTitle: 'Buchungsanfrage erhalten: {{resource}}',
    requested: '{{when}}. Die Hausverwaltung muss die Buchung noch freigeben.',
    bookedTitle: 'Gebucht: {{resource}}',
    booked: '{{when}}. Stornieren bis {{deadline}}.',
    approvedTitle: 'Buchung freigegeben: {{resource}}',
    approved: '{{when}}.',
    refusedTitle: 'Buchung abgelehnt: {{resource}}',
    refused: '{{when}}. Grund: {{reason}}',
    cancelledTitle: 'Buchung storniert: {{resource}}',
    cancelled: 'Die Hausverwaltung hat Ihre Buchung storniert ({{when}}).',
    reminderTitle: 'Erinnerung: {{resource}}',
    reminder: 'Ihre Buchung beginnt bald: {{when}}.',
    view: 'Meine Buchungen',
    what: '{{resource}}: {{when}}',
    stay: '{{when}} ({{nights}})',
    nights_one: '{{count}} Nacht',
    nights_other: '{{count}} Nächte',
    feeText: 'Gebühr: {{text}}',
    feeTotal: 'Gebühr: {{total}} für {{nights}}',
    feeTotalWithText: 'Gebühr: {{total}} für {{nights}} ({{text}})',
    cancelBy: 'Stornieren können Sie bis {{deadline}} unter „Meine Buchungen“.',
    calendarAttached:
      'Die Buchung liegt als Kalenderdatei (.ics) bei; ein Tipp darauf trägt sie in Ihren Kalender ein.',
    awaitingApproval: 'Die Hausverwaltung muss die Buchung noch freigeben; Sie erhalten dann eine Nachricht.',
  },
  reset: {
    subject: 'Neues Passwort für {{app}}',
    requested: 'Sie haben für Ihr Konto bei {{app}} ein neues Passwort angefordert.',
    requestedByManagement:
      'Ihre Hausverwaltung hat für Ihr Konto bei {{app}} einen Link zum Festlegen eines neuen Passworts angefordert.',
    within: 'Über diesen Link legen Sie es innerhalb der nächsten 60 Minuten fest.',
    action: 'Neues Passwort festlegen',
    once: 'Der Link funktioniert nur einmal. Wenn Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren; Ihr bisheriges Passwort bleibt gültig.',
    onceByManagement:
      'Der Link funktioniert nur einmal. Bis Sie ein neues Passwort festlegen, bleibt Ihr bisheriges gültig.',
  },
  invitation: {
    subject: 'Ihr Zugang zu {{app}}',
    created:
      'Ihre Hausverwaltung hat für Sie einen Zugang zu {{app}} ({{location}}) eingerichtet. Sie melden sich mit Ihrer Wohnungsnummer {{apartment}} an.',
    within: 'Über diesen Link legen Sie innerhalb der nächsten 7 Tage Ihr Passwort fest.',
    action: 'Passwort festlegen',
    once: 'Der Link funktioniert nur einmal. Ist er abgelaufen, fordern Sie auf der Anmeldeseite über „Passwort vergessen?“ einen neuen an oder wenden sich an Ihre Hausverwaltung.',
  },
  receiptMail: {
    subject: 'Eingangsbestätigung Ihrer Schadensmeldung {{number}}',
    filename: 'Eingangsbestaetigung-{{number}}.pdf',
    received: 'Ihre Schadensmeldung ist bei der Hausverwaltung eingegangen. Sie hat die Nummer {{number}}.',
    attached:
      'Die Eingangsbestätigung hängt als PDF an dieser E-Mail. Sie belegt, wann die Meldung eingegangen ist und was sie enthielt.',
    updates: 'Über den Stand der Bearbeitung halten wir Sie in der App auf dem Laufenden.',
  },
  receipt: {
    heading: 'Eingangsbestätigung',
    documentTitle: 'Eingangsbestätigung {{number}}',
    documentSubject: 'Schadensmeldung',
    number: 'Schadensmeldung Nr. {{number}}',
    receivedAt: 'Eingegangen am (Zeit des Servers, Europe/Berlin)',
    time: '{{time}} Uhr',
    reportedBy: 'Gemeldet von',
    apartment: 'Wohnung',
    location: 'Standort',
    category: 'Kategorie',
    place: 'Ort',
    description: 'Beschreibung',
    contact: 'Kontaktdaten an den Handwerker',
    consentGiven: 'Weitergabe erlaubt',
    consentRefused: 'Nicht weitergeben (der Handwerker erhält sie nicht)',
    photos: 'Fotos ({{n}})',
    sha256: 'SHA-256 der Meldung, wie sie eingegangen ist (Angaben und Fotos)',
    footer:
      'Diese Bestätigung wurde beim Eingang der Meldung automatisch erstellt. Die Meldung selbst kann nicht mehr geändert werden; Ergänzungen stehen im Verlauf der Meldung. Mit dem SHA-256 lässt sich jederzeit nachweisen, dass die Meldung seitdem unverändert ist (Mängelanzeige nach § 536c BGB).',
  },
  letter: {
    phone: 'Telefon {{phone}}',
    email: 'E-Mail {{email}}',
    apartment: 'Wohnung {{apartment}}',
    heading: 'Ihr Zugang zu {{app}}',
    intro:
      'Ihre Hausverwaltung hat für Sie einen Zugang zu {{app}} eingerichtet: Dort finden Sie Aushänge, wichtige Telefonnummern, Dokumente und können Schäden melden. Mit dem Code unten legen Sie einmalig Ihr Passwort fest.',
    username: 'Ihr Benutzername (Wohnungsnummer)',
    code: 'Ihr Aktivierungscode',
    validUntil: 'Gültig bis {{date}}',
    scan: 'QR-Code mit dem Handy scannen',
    howTo: 'So geht es',
    step1: 'Scannen Sie den QR-Code oder öffnen Sie {{url}} im Browser.',
    step2:
      'Geben Sie den Aktivierungscode ein, falls er nicht schon eingetragen ist. Groß- und Kleinschreibung und die Striche sind egal.',
    step3:
      'Legen Sie ein Passwort fest (mindestens 8 Zeichen, nicht Ihre Wohnungsnummer oder Ihr Name und kein häufiges Passwort; gut sind drei Wörter mit Bindestrichen). Wenn Sie möchten, geben Sie auch Ihre E-Mail-Adresse an: Dann können Sie ein vergessenes Passwort selbst neu setzen.',
    step4: 'Melden Sie sich danach mit Ihrer Wohnungsnummer {{apartment}} und Ihrem Passwort an.',
    footer:
      'Der Code funktioniert nur einmal und nur bis zum {{date}}. Ein neuer Brief ersetzt diesen Code. Bitte geben Sie den Brief nicht weiter. Fragen beantwortet Ihre Hausverwaltung.',
  },
  errors: {
    password: {
      tooShort: PASSWORD_TOO_SHORT,
      inLists:
        'Dieses Passwort ist zu leicht zu erraten: es steht in Listen häufiger Passwörter. Nehmen Sie mehrere Wörter oder eine längere Zeichenfolge, etwa drei Wörter mit Bindestrichen.',
      hasApartment:
        'Das Passwort darf Ihre Wohnungsnummer nicht enthalten. Nehmen Sie mehrere Wörter oder eine längere Zeichenfolge, etwa drei Wörter mit Bindestrichen.',
      hasEmail:
        'Das Passwort darf Ihre E-Mail-Adresse oder deren Teil vor dem @ nicht enthalten. Nehmen Sie mehrere Wörter oder eine längere Zeichenfolge, etwa drei Wörter mit Bindestrichen.',
      houseWords:
        'Dieses Passwort ist zu leicht zu erraten: es besteht aus Namen, die im Haus jeder kennt (Ihrem Namen, dem des Hauses oder der App). Nehmen Sie mehrere Wörter oder eine längere Zeichenfolge, etwa drei Wörter mit Bindestrichen.',
      tooGuessable:
        'Dieses Passwort ist zu leicht zu erraten. Nehmen Sie mehrere Wörter oder eine längere Zeichenfolge, etwa drei Wörter mit Bindestrichen.',
      differ: PASSWORDS_DIFFER,
    },
    throttle: {
      tooMany: 'Zu viele Versuche.',
      retry: 'Bitte versuchen Sie es in {{wait}} erneut.',
      retryOrReset:
        'Bitte versuchen Sie es in {{wait}} erneut oder setzen Sie Ihr Passwort über „Passwort vergessen?“ neu.',
      seconds_one: '{{count}} Sekunde',
      seconds_other: '{{count}} Sekunden',
      minutes_one: '{{count}} Minute',
      minutes_other: '{{count}} Minuten',
      hours_one: '{{count}} Stunde',
      hours_other: '{{count}} Stunden',
      account: 'Für diesen Benutzernamen gab es sehr viele fehlgeschlagene Anmeldungen.',
      resetMail: 'Für diesen Benutzernamen wurden gerade mehrere E-Mails verschickt. Bitte prüfen Sie Ihr Postfach.',
      providerRequest: 'Sie haben in kurzer Zeit sehr viele Anfragen gesendet.',
      message: 'Sie haben in kurzer Zeit sehr viele Beiträge erstellt.',
      comment: 'Sie haben in kurzer Zeit sehr viele Kommentare geschrieben.',
      report: 'Sie haben in kurzer Zeit sehr viele Inhalte gemeldet.',
      attachment: 'Sie haben in kurzer Zeit sehr viele Dateien hochgeladen.',
      profilePicture: 'Sie haben Ihr Profilbild in kurzer Zeit sehr oft geändert.',
      dataExport: 'Sie haben Ihre Daten in kurzer Zeit sehr oft heruntergeladen.',
      ticket: 'Sie haben in kurzer Zeit sehr viele Schäden gemeldet.',
      ticketMessage: 'Sie haben in kurzer Zeit sehr viele Nachrichten zu Meldungen geschrieben.',
      parcel: 'Sie haben in kurzer Zeit sehr viele Pakete erfasst.',
      booking: 'Sie haben in kurzer Zeit sehr viele Buchungen angelegt.',
      feedback: FEEDBACK_TOO_MANY,
    },
    activation: {
      codeFormat: ACTIVATION_CODE_FORMAT,
      codeUnknown: ACTIVATION_CODE_UNKNOWN,
      codeExpired: ACTIVATION_CODE_EXPIRED,
      codeUsed: ACTIVATION_CODE_USED,
      done: ACTIVATION_DONE,
    },
    access: {
      opens: 'Ihr Zugang wird am {{day}} freigeschaltet.',
      closed:
        'Ihr Zugang ist seit dem {{day}} beendet, da Ihr Auszug eingetragen ist. Bei Fragen wenden Sie sich bitte an Ihre Hausverwaltung.',
    },
    uploads: {
      tooLarge: 'Die Datei {{filename}} ist zu gross',
      tooLargeUnnamed: 'Die Datei ist zu gross',
      empty: 'Die übermittelte Datei ist leer.',
      unsupported: 'Die Datei {{filename}} hat ein nicht unterstütztes Format. Erlaubt sind {{allowed}}.',
      allowedAll: 'PDF-Dokumente, JPEG-, PNG- oder WebP-Bilder',
      allowedPdf: 'PDF-Dokumente',
      allowedImages: 'JPEG-, PNG- oder WebP-Bilder',
      unreadable: 'Die Datei {{filename}} ist kein lesbares Bild.',
      megapixels:
        'Das Foto {{filename}} hat {{megapixels}} Megapixel; erlaubt sind höchstens {{max}}. Bitte wählen Sie eine kleinere Auflösung.',
      postPhotos: 'Pro Beitrag sind höchstens {{max}} Fotos erlaubt.',
      postPdfs: 'Pro Beitrag sind höchstens {{max}} PDF-Dokumente erlaubt.',
      reportPhotos: 'Pro Meldung sind höchstens {{max}} Fotos erlaubt.',
      ticketPhotos: 'Eine Meldung hat höchstens {{max}} Fotos.',
    },
  },
};

/**
 * A catalogue of another language: every German key, a string for each; counted texts may add
 * the plural forms their language needs beyond German's _one and _other.
 */
export type Localized<T> = { [K in keyof T]: T[K] extends string ? string : Localized<T[K]> } & {
  [plural: `${string}_${'zero' | 'two' | 'few' | 'many'}`]: string;
};
export type Catalogue = Localized<typeof de>;
