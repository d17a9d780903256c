import { BOOKING_STATUS_LABELS, type BookingStatus } from '@hausportal/contract';

// The German texts of the back office's 'Buchungen' (ADR 029); they load with its screens.

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

export const t = {
  title: 'Buchungen',
  pages: {
    approvals: 'Buchungen zur Freigabe',
    calendar: 'Buchungskalender',
    resources: 'Räume und Geräte',
    usage: 'Auslastung',
  },
  views: {
    label: 'Bereiche der Buchungen',
    approvals: 'Freigaben',
    calendar: 'Kalender',
    resources: 'Räume und Geräte',
    usage: 'Auslastung',
    pending: (n: number) => `(${n} ${n === 1 ? 'wartet' : 'warten'})`,
  },
  status: BOOKING_STATUS_LABELS as Record<BookingStatus, string>,
  deletedPerson: 'gelöschte Person',
  apartment: (number: string) => `Wohnung ${number}`,
  loadFailed: 'Die Buchungen konnten nicht geladen werden.',

  actions: {
    approve: 'Freigeben',
    refuse: 'Ablehnen',
    cancel: 'Stornieren',
    refuseTitle: 'Buchung ablehnen',
    refuseText: (what: string) => `${what}. Die Bewohnerin oder der Bewohner erhält die Ablehnung mit Ihrem Grund.`,
    refuseReason: 'Grund der Ablehnung',
    refuseHint: 'Wird der Bewohnerin oder dem Bewohner mitgeteilt.',
    cancelTitle: 'Buchung stornieren',
    cancelText: (what: string) =>
      `${what}. Die Buchung wird storniert, der Zeitraum wird wieder frei. Die Bewohnerin oder der Bewohner erhält Ihre Nachricht.`,
    cancelMessage: 'Nachricht an die Bewohnerin oder den Bewohner',
    cancelHint: 'Z. B. warum storniert wird und was sie oder er stattdessen tun kann.',
    done: (resource: string, status: string) => `${resource}: ${status}.`,
  },

  approvals: {
    heading: 'Warten auf Freigabe',
    empty: 'Keine Buchung wartet auf Freigabe.',
    intro:
      'Buchungen von Räumen und Geräten, die Ihre Freigabe brauchen. Bis Sie entscheiden, ist der Zeitraum für andere reserviert.',
    requested: (when: string) => `angefragt am ${when}`,
    toCalendar: 'Alle Buchungen im Kalender',
  },

  calendar: {
    caption: (from: string, to: string) => `Buchungen vom ${from} bis ${to}`,
    previous: 'Vorherige',
    next: 'Nächste',
    weekWord: 'Woche',
    today: 'Diese Woche',
    week: (n: number, from: string, to: string) => `KW ${n}: ${from} – ${to}`,
    resource: 'Raum oder Gerät',
    nothing: 'frei',
    short: { pending: 'wartet', approved: 'gebucht', refused: 'abgelehnt', cancelled: 'storniert' } as Record<
      BookingStatus,
      string
    >,
    noResources: 'Noch keine Räume oder Geräte angelegt.',
    createFirst: 'Raum oder Gerät anlegen',
    blocked: 'Gesperrt',
    showInactive: 'Stornierte und abgelehnte Buchungen zeigen',
    count: (n: number) => plural(n, 'Buchung in dieser Woche', 'Buchungen in dieser Woche'),
    dayEmpty: 'Nichts gebucht.',
    nights: (n: number) => plural(n, 'Nacht', 'Nächte'),
    arrival: 'Anreise',
    departure: 'Abreise',
    detailsTitle: (resource: string) => `Buchung: ${resource}`,
    facts: {
      when: 'Zeitraum',
      who: 'Gebucht von',
      status: 'Status',
      note: 'Notiz',
      reason: 'Grund oder Nachricht',
      booked: 'Gebucht am',
    },
    close: 'Schließen',
  },

  resources: {
    title: 'Räume und Geräte',
    caption: 'Räume und Geräte',
    intro:
      'Was Bewohner:innen unter „Buchen“ reservieren können, z. B. die Gästewohnung (ganze Tage) oder die Waschküche (Zeitfenster).',
    create: 'Raum oder Gerät anlegen',
    createTitle: 'Neuer Raum oder neues Gerät',
    editTitle: 'Raum oder Gerät bearbeiten',
    back: 'Zurück zu den Räumen und Geräten',
    empty: 'Noch keine Räume oder Geräte. Legen Sie den ersten an.',
    edit: 'Bearbeiten',
    columns: {
      name: 'Name',
      location: 'Standort',
      mode: 'Buchungsart',
      rules: 'Regeln',
      blocks: 'Sperrzeiten',
      actions: 'Aktionen',
    },
    modeShort: {
      slots: (minutes: number, from: string, to: string) => `Zeitfenster à ${duration(minutes)}, ${from}–${to} Uhr`,
      days: 'Ganze Tage',
    },
    approval: 'mit Freigabe',
    horizon: (days: number) => `bis ${days} Tage im Voraus`,
    quota: (n: number, period: 'week' | 'month') =>
      `${plural(n, 'Buchung', 'Buchungen')} je Haushalt und ${period === 'week' ? 'Woche' : 'Monat'}`,
    noBlocks: 'keine',
    blockCount: (n: number) => plural(n, 'Sperrzeit', 'Sperrzeiten'),
    saved: 'Gespeichert.',
    created: (name: string) =>
      `„${name}“ ist angelegt. Sie können jetzt Sperrzeiten, ein Foto und die Hausordnung als PDF hinzufügen.`,
    notFound: 'Diesen Raum oder dieses Gerät gibt es nicht (mehr) oder er gehört nicht zu Ihren Standorten.',
    archive: 'Archivieren',
    archiveTitle: 'Raum oder Gerät archivieren',
    archiveText: (name: string) =>
      `„${name}“ wird archiviert: Bewohner:innen sehen und buchen es nicht mehr, auch Sie finden es danach nicht mehr in dieser Liste. Die bisherigen Buchungen bleiben für die Auslastung erhalten; bereits gebuchte künftige Termine stornieren Sie bitte vorher im Kalender. Das lässt sich nicht rückgängig machen.`,
    archived: 'Archiviert.',
    archiveHint:
      'Nur vorübergehend nicht buchbar, z. B. wegen einer Reparatur? Dann tragen Sie unten eine Sperrzeit ein statt zu archivieren.',
  },

  form: {
    sections: {
      general: 'Allgemein',
      mode: 'Buchungsart',
      rules: 'Regeln',
    },
    location_id: 'Standort',
    name: 'Name',
    nameHint: 'So erscheint es in der Liste unter „Buchen“, z. B. „Gästewohnung“ oder „Waschküche“.',
    description: 'Beschreibung',
    descriptionHint: 'Was es ist, wo es ist, was dazugehört.',
    house_rules: 'Hausordnung',
    houseRulesHint: 'Wird vor dem Buchen angezeigt. Regeln wie „Ruhezeit ab 22 Uhr“ oder „Schlüssel an der Rezeption“.',
    fee_text: 'Gebühr',
    feeHint: 'Nur ein Hinweis, es wird nichts abgerechnet. Z. B. „25 € pro Nacht, bar bei der Schlüsselübergabe“.',
    mode: 'Gebucht wird in',
    modes: {
      slots: 'Zeitfenstern',
      slotsHint: 'Z. B. die Waschküche: feste Zeitfenster zwischen Tagesbeginn und Tagesende.',
      days: 'ganzen Tagen',
      daysHint: 'Z. B. die Gästewohnung: Anreise- und Abreisetag, gezählt wird in Nächten.',
    },
    slot_minutes: 'Länge eines Zeitfensters (Minuten)',
    slotHint: 'Z. B. 120 für zwei Stunden. 15 bis 720 Minuten.',
    day_start: 'Erstes Zeitfenster beginnt um',
    day_end: 'Letztes Zeitfenster endet um',
    dayHint: 'Uhrzeit wie 07:00. Ein Zeitfenster, das über das Ende hinausreichte, wird nicht angeboten.',
    max_length_slots: 'Höchstens so viele Zeitfenster am Stück',
    max_length_days: 'Höchstens so viele Nächte am Stück',
    maxLengthHint: '1 bis 60.',
    price_per_night: 'Preis pro Nacht in Euro',
    priceHint:
      'Optional, z. B. 25 oder 25,50. Bewohner:innen sehen damit vor dem Buchen den Betrag ihres Aufenthalts („2 Nächte · 50 €“); abgerechnet wird weiterhin nichts.',
    priceFormat: 'Bitte einen Betrag wie 25 oder 25,50 angeben, höchstens 10.000 €.',
    horizon_days: 'Buchbar höchstens so viele Tage im Voraus',
    horizonHint: '1 bis 730 Tage.',
    quota_count: 'Höchstens so viele Buchungen je Haushalt',
    quotaHint: 'Leer lassen: keine Begrenzung. Gezählt werden Buchungen, die in diesen Zeitraum fallen.',
    quota_period: 'Gezählt je',
    quotaPeriods: { week: 'Woche (Montag bis Sonntag)', month: 'Kalendermonat' },
    cancel_hours: 'Stornieren möglich bis so viele Stunden vor Beginn',
    cancelHint: '0: bis zum Beginn. Danach kann nur noch die Verwaltung stornieren.',
    approval_required: 'Jede Buchung muss von der Verwaltung freigegeben werden',
    approvalHint: 'Bewohner:innen sehen „Wartet auf Freigabe“, bis Sie unter „Freigaben“ entscheiden.',
    wholeNumber: (min: number, max: number) => `Eine ganze Zahl von ${min} bis ${max}.`,
    timeFormat: 'Bitte eine Uhrzeit wie 07:00 angeben.',
    create: 'Anlegen',
  },

  blocks: {
    heading: 'Sperrzeiten',
    intro: 'In einer Sperrzeit kann niemand buchen, z. B. während einer Reparatur oder Renovierung.',
    caption: (name: string) => `Sperrzeiten von ${name}`,
    empty: 'Keine aktuellen oder künftigen Sperrzeiten.',
    columns: { period: 'Zeitraum', reason: 'Grund', actions: 'Aktionen' },
    noReason: '–',
    add: 'Zeitraum sperren',
    addHeading: 'Neue Sperrzeit',
    from: 'Von',
    to: 'Bis',
    firstDay: 'Erster gesperrter Tag',
    lastDay: 'Letzter gesperrter Tag',
    reason: 'Grund',
    reasonHint: 'Wird Bewohner:innen im Kalender angezeigt, z. B. „Wartung der Maschinen“.',
    warning: 'Buchungen in diesem Zeitraum werden storniert; die Bewohner:innen erhalten eine Nachricht mit dem Grund.',
    missing: 'Bitte angeben.',
    endBeforeStart: 'Das Ende muss nach dem Beginn liegen.',
    lastBeforeFirst: 'Der letzte Tag darf nicht vor dem ersten liegen.',
    added: 'Der Zeitraum ist gesperrt.',
    remove: 'Aufheben',
    removeTitle: 'Sperrzeit aufheben',
    removeText: (when: string) =>
      `Die Sperrzeit ${when} wird aufgehoben; der Zeitraum ist danach wieder buchbar. Stornierte Buchungen bleiben storniert.`,
    removed: 'Die Sperrzeit ist aufgehoben.',
  },

  files: {
    heading: 'Foto und Hausordnung als PDF',
    later: 'Ein Foto und die Hausordnung als PDF können Sie nach dem Anlegen hinzufügen.',
    newTab: '(öffnet in neuem Tab)',
    photo: 'Foto',
    photoHint:
      'JPEG, PNG oder WebP, höchstens 10 MB; wird gleich nach der Auswahl hochgeladen und in der Liste unter „Buchen“ gezeigt.',
    photoAlt: (name: string) => `Foto von ${name}`,
    noPhoto: 'Noch kein Foto.',
    choosePhoto: 'Foto auswählen',
    pdf: 'Hausordnung als PDF',
    pdfHint:
      'Eine PDF-Datei, höchstens 10 MB; wird gleich nach der Auswahl hochgeladen. Bewohner:innen können sie vor dem Buchen öffnen.',
    noPdf: 'Noch keine PDF-Datei.',
    choosePdf: 'PDF auswählen',
    uploaded: 'Hochgeladen.',
    remove: 'Entfernen',
    removePhotoTitle: 'Foto entfernen',
    removePhotoText: 'Das Foto wird entfernt; Bewohner:innen sehen dann keines mehr.',
    removePdfTitle: 'PDF entfernen',
    removePdfText: 'Die PDF-Datei der Hausordnung wird entfernt; der Text der Hausordnung bleibt.',
    removed: 'Entfernt.',
    notImage: (name: string) => `Die Datei „${name}“ ist kein Foto im Format JPEG, PNG oder WebP.`,
    notPdf: (name: string) => `Die Datei „${name}“ ist keine PDF-Datei.`,
    size: (kb: number) => (kb >= 1024 ? `${(kb / 1024).toFixed(1).replace('.', ',')} MB` : `${kb} kB`),
  },

  usage: {
    heading: (month: string) => `Auslastung im ${month}`,
    intro:
      'Freigegebene Buchungen, die im Monat beginnen. Stornierte, abgelehnte und noch wartende Buchungen zählen nicht.',
    caption: (month: string) => `Auslastung je Raum oder Gerät im ${month}`,
    previous: 'Vorheriger',
    next: 'Nächster',
    monthWord: 'Monat',
    current: 'Dieser Monat',
    month: 'Monat wählen',
    columns: {
      resource: 'Raum oder Gerät',
      location: 'Standort',
      bookings: 'Buchungen',
      time: 'Belegt',
      households: 'Haushalte',
    },
    hours: (n: number) => plural(n, 'Stunde', 'Stunden'),
    nights: (n: number) => plural(n, 'Nacht', 'Nächte'),
    total: 'Zusammen',
    empty: 'Noch keine Räume oder Geräte.',
    failed: 'Die Auslastung konnte nicht geladen werden.',
  },
};

/** '2 Std.', '30 Min.', '1 Std. 30 Min.' */
export function duration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} Std.` : '', m ? `${m} Min.` : ''].filter(Boolean).join(' ');
}
