// The German texts of the back office's parcel screen (ADR 030); they load with it.

export const t = {
  title: 'Pakete',
  caption: 'Pakete an der Rezeption',
  empty: 'Keine Pakete.',
  filter: 'Anzeigen',
  views: {
    all: 'Alle',
    open: 'Offen',
    handed_over: 'Übergeben',
    waiting: 'Länger als 7 Tage',
  } as Record<string, string>,
  status: { open: 'Offen', handed_over: 'Übergeben' } as Record<string, string>,
  columns: {
    logged: 'Erfasst',
    apartment: 'Wohnung',
    parcel: 'Paket',
    status: 'Status',
    handedOver: 'Übergeben',
    note: 'Notiz',
  },
  by: 'von {name}',
  labelPhoto: 'Foto vom Etikett',
  daily: 'Pakete pro Tag (letzte 14 Tage)',
  dailySummary: (logged: number, handedOver: number, days: number) =>
    `${logged} erfasst, ${handedOver} übergeben, an ${days === 1 ? '1 Tag' : `${days} Tagen`} von 14.`,
  dailyNone: 'In den letzten 14 Tagen wurden keine Pakete erfasst oder übergeben.',
  dailyOnlyBusy: 'Tage ohne Pakete sind ausgelassen.',
  dailyColumns: { date: 'Tag', logged: 'Erfasst', handedOver: 'Übergeben' },
  tracking: (number: string) => `Sendungsnummer ${number}`,
  dailyFailed: 'Die Tageszahlen konnten nicht geladen werden.',
};
