// The home screen's news: 'Wichtig' notices until dismissed, and the cards of open reports and
// new documents. They load with the home chunk, not with /login. The ticket statuses come from the
// contract's labels entry, which brings no zod into the home chunk.
import { labelsEn, TICKET_STATUS_LABELS } from '@hausportal/contract/labels';
import { lazyStrings } from './index';

export const homeNewsDe = {
  homeNews: {
    notices: 'Wichtige Aushänge',
    important: 'Wichtig',
    until: 'bis {{date}}',
    dismiss: 'Ausblenden',
    dismissLabel: 'Aushang „{{title}}“ ausblenden',
    dismissFailed: 'Der Aushang konnte nicht ausgeblendet werden. Bitte versuchen Sie es später erneut.',
    attachment: '{{name}} (PDF)',
    tickets: 'Meine Meldungen',
    ticketsOpen_one: '{{count}} offene Meldung',
    ticketsOpen_other: '{{count}} offene Meldungen',
    ticketItem: 'Meldung {{number}}',
    documents: 'Neue Dokumente',
    documentsNew_one: '{{count}} neues Dokument',
    documentsNew_other: '{{count}} neue Dokumente',
    documentsAll: 'Alle Dokumente',
    isNew: 'Neu',
    documentDate: 'vom {{date}}',
    opensInNewTab: '(öffnet in einem neuen Fenster)',
    loading: 'Neuigkeiten werden geladen\u00a0…',
    failed: 'Die Neuigkeiten konnten nicht geladen werden.',
    retry: 'Erneut versuchen',
    statuses: TICKET_STATUS_LABELS,
  },
};

export const homeNewsEn: typeof homeNewsDe = {
  homeNews: {
    notices: 'Important notices',
    important: 'Important',
    until: 'until {{date}}',
    dismiss: 'Hide',
    dismissLabel: 'Hide notice “{{title}}”',
    dismissFailed: 'The notice could not be hidden. Please try again later.',
    attachment: '{{name}} (PDF)',
    tickets: 'My reports',
    ticketsOpen_one: '{{count}} open report',
    ticketsOpen_other: '{{count}} open reports',
    ticketItem: 'Report {{number}}',
    documents: 'New documents',
    documentsNew_one: '{{count}} new document',
    documentsNew_other: '{{count}} new documents',
    documentsAll: 'All documents',
    isNew: 'New',
    documentDate: 'of {{date}}',
    opensInNewTab: '(opens in a new tab)',
    loading: 'Loading news\u00a0…',
    failed: 'The news could not be loaded.',
    retry: 'Try again',
    statuses: labelsEn.ticketStatuses,
  },
};

export const registerHomeNewsStrings = lazyStrings({ de: homeNewsDe, en: homeNewsEn });
