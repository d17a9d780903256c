/** The texts of the start page 'Übersicht'. */
export const t = {
  title: 'Übersicht',
  intro: 'Was heute auf Sie wartet. Jede Zeile führt zur Liste mit diesen Einträgen.',
  loading: 'Übersicht wird geladen …',
  allDone: 'Hier wartet nichts auf Sie.',
  groups: {
    moderation: 'Pinnwand',
    tickets: 'Meldungen',
    people: 'Konten und E-Mails',
    notices: 'Aushänge',
    bookings: 'Buchungen',
    parcels: 'Pakete',
  },
  lines: {
    pendingMessages: (n: number) => (n === 1 ? '1 Beitrag wartet auf Freigabe' : `${n} Beiträge warten auf Freigabe`),
    pendingComments: (n: number) =>
      n === 1 ? '1 Kommentar wartet auf Freigabe' : `${n} Kommentare warten auf Freigabe`,
    openReports: (n: number) => (n === 1 ? '1 gemeldeter Inhalt ist offen' : `${n} gemeldete Inhalte sind offen`),
    newTickets: (n: number) => (n === 1 ? '1 neue Meldung' : `${n} neue Meldungen`),
    staleTickets: (n: number) =>
      n === 1 ? '1 Meldung seit 48 Stunden ohne Reaktion' : `${n} Meldungen seit 48 Stunden ohne Reaktion`,
    failedEmails: (n: number) =>
      n === 1 ? '1 E-Mail konnte nicht zugestellt werden' : `${n} E-Mails konnten nicht zugestellt werden`,
    neverSignedIn: (n: number) =>
      n === 1 ? '1 Bewohner:in hat sich nie angemeldet' : `${n} Bewohner:innen haben sich nie angemeldet`,
    invited: (n: number) =>
      n === 1
        ? '1 Bewohner:in ist eingeladen, noch nicht angemeldet'
        : `${n} Bewohner:innen sind eingeladen, noch nicht angemeldet`,
    pendingBookings: (n: number) => (n === 1 ? '1 Buchung wartet auf Freigabe' : `${n} Buchungen warten auf Freigabe`),
    parcelsWaiting: (n: number) =>
      n === 1 ? '1 Paket wartet länger als 7 Tage' : `${n} Pakete warten länger als 7 Tage`,
    noticesEnding: (n: number) =>
      n === 1 ? '1 Aushang endet in den nächsten 7 Tagen' : `${n} Aushänge enden in den nächsten 7 Tagen`,
  },
};
