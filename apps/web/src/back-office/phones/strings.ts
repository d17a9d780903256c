// The German texts of the phone numbers screen; they load with it.

export const t = {
  title: 'Telefonnummern',
  caption: 'Telefonnummern in der Reihenfolge, in der Bewohner:innen sie sehen',
  create: 'Neue Telefonnummer',
  editTitle: 'Telefonnummer bearbeiten',
  empty: 'Für diesen Standort gibt es noch keine Telefonnummern.',
  intro: (location: string) => `Die wichtigen Telefonnummern von ${location}, in der angezeigten Reihenfolge.`,
  columns: {
    position: 'Pos.',
    name: 'Name',
    number: 'Nummer',
    flags: 'Anzeige',
    order: 'Reihenfolge',
    actions: 'Aktionen',
  },
  highlighted: 'Hervorgehoben',
  hidden: 'Ausgeblendet',
  edit: 'Bearbeiten',
  delete: 'Löschen',
  deleteTitle: 'Telefonnummer löschen',
  deleteText: (name: string) => `Soll die Telefonnummer „${name}“ gelöscht werden?`,
  deleted: 'Die Telefonnummer wurde gelöscht.',
  saved: 'Die Telefonnummer wurde gespeichert.',
  fields: {
    name: 'Name',
    number: 'Nummer',
    icon: 'Symbol',
    highlighted: 'Hervorgehoben',
    hidden: 'Ausgeblendet',
  },
  hints: {
    highlighted: 'Wird in der Liste der Bewohner:innen hervorgehoben.',
    hidden: 'Der Eintrag bleibt sichtbar, die Nummer selbst wird nicht angezeigt.',
  },
  noLocation: 'Ihnen ist noch kein Standort zugeordnet.',
};
