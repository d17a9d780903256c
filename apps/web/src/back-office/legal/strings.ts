// The German texts of 'Rechtliche Seiten'; they load with the screen.
import { LEGAL_PAGE_TITLES, type LegalPageName } from '@hausportal/contract';

export const t = {
  title: 'Rechtliche Seiten',
  intro:
    'Impressum, Datenschutzerklärung und Erklärung zur Barrierefreiheit gelten für die ganze Installation, nicht für einen Standort. Jede Seite ist ohne Anmeldung erreichbar: unter dem Anmeldeformular, im Profil und über ihre Adresse.',
  adminOnly: 'Nur Administrator:innen können diese Seiten ändern. Sie sehen sie hier so, wie Bewohner:innen sie sehen.',
  pageTitle: (page: LegalPageName) => LEGAL_PAGE_TITLES[page],
  template: 'Vorlage',
  saved: 'Gespeichert',
  templateNote:
    'Vorlage – bitte vor der Inbetriebnahme anpassen. Ersetzen Sie alle Angaben in {geschweiften Klammern}; Bewohner:innen sehen einen Hinweis, bis die Seite einmal gespeichert wurde.',
  templateNoteReadOnly: 'Vorlage – bitte vor der Inbetriebnahme anpassen. Das übernehmen Administrator:innen.',
  changed: (when: string, who: string | null) =>
    who ? `Zuletzt geändert ${when} von ${who}` : `Zuletzt geändert ${when}`,
  neverSaved: 'Noch nie gespeichert',
  edit: 'Bearbeiten',
  show: 'Ansehen',
  open: 'Seite öffnen',
  opensInNewTab: '(öffnet in neuem Tab)',
  back: 'Zurück zu den rechtlichen Seiten',
  notFound: 'Diese Seite gibt es nicht.',
  editorTitle: (page: LegalPageName) => `${LEGAL_PAGE_TITLES[page]} bearbeiten`,
  markdown: 'Text (Markdown)',
  markdownHint:
    'Eine Zeile ist eine Zeile. „## Überschrift“ für eine Überschrift, **fett**, „- “ am Zeilenanfang für eine Aufzählung, [Linktext](https://…) für einen Link. HTML, Bilder und Skripte werden nicht übernommen.',
  preview: 'Vorschau',
  previewHint: 'So sehen Bewohner:innen die Seite.',
  previewFailed: 'Die Vorschau konnte nicht erstellt werden.',
  save: 'Speichern',
  saving: 'Wird gespeichert …',
  savedToast: (page: LegalPageName) =>
    `${LEGAL_PAGE_TITLES[page]} gespeichert. Bewohner:innen sehen die Seite jetzt so.`,
  unsaved: 'Ihre Änderungen sind noch nicht gespeichert. Seite trotzdem verlassen?',
};
