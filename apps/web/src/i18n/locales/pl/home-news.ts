import { labelsPl } from '@hausportal/contract/labels';
import type { Localized } from '../../de';
import type { homeNewsDe } from '../../home-news';

export const homeNews: Localized<typeof homeNewsDe> = {
  homeNews: {
    notices: 'Ważne ogłoszenia',
    important: 'Ważne',
    until: 'do {{date}}',
    dismiss: 'Ukryj',
    dismissLabel: 'Ukryj ogłoszenie „{{title}}”',
    dismissFailed: 'Nie udało się ukryć ogłoszenia. Proszę spróbować ponownie później.',
    attachment: '{{name}} (PDF)',
    tickets: 'Moje zgłoszenia',
    ticketsOpen_one: '{{count}} otwarte zgłoszenie',
    ticketsOpen_few: '{{count}} otwarte zgłoszenia',
    ticketsOpen_many: '{{count}} otwartych zgłoszeń',
    ticketsOpen_other: '{{count}} otwartego zgłoszenia',
    ticketItem: 'Zgłoszenie {{number}}',
    documents: 'Nowe dokumenty',
    documentsNew_one: '{{count}} nowy dokument',
    documentsNew_few: '{{count}} nowe dokumenty',
    documentsNew_many: '{{count}} nowych dokumentów',
    documentsNew_other: '{{count}} nowego dokumentu',
    documentsAll: 'Wszystkie dokumenty',
    isNew: 'Nowy',
    documentDate: 'z dnia {{date}}',
    opensInNewTab: '(otwiera się w nowym oknie)',
    loading: 'Wczytywanie aktualności\u00a0…',
    failed: 'Nie udało się wczytać aktualności.',
    retry: 'Spróbuj ponownie',
    statuses: labelsPl.ticketStatuses,
  },
};
