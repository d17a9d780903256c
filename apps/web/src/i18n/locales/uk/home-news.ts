import { labelsUk } from '@hausportal/contract/labels';
import type { Localized } from '../../de';
import type { homeNewsDe } from '../../home-news';

export const homeNews: Localized<typeof homeNewsDe> = {
  homeNews: {
    notices: 'Важливі оголошення',
    important: 'Важливо',
    until: 'до {{date}}',
    dismiss: 'Приховати',
    dismissLabel: 'Приховати оголошення «{{title}}»',
    dismissFailed: 'Не вдалося приховати оголошення. Будь ласка, спробуйте пізніше.',
    attachment: '{{name}} (PDF)',
    tickets: 'Мої заявки',
    ticketsOpen_one: '{{count}} відкрита заявка',
    ticketsOpen_few: '{{count}} відкриті заявки',
    ticketsOpen_many: '{{count}} відкритих заявок',
    ticketsOpen_other: '{{count}} відкритої заявки',
    ticketItem: 'Заявка {{number}}',
    documents: 'Нові документи',
    documentsNew_one: '{{count}} новий документ',
    documentsNew_few: '{{count}} нові документи',
    documentsNew_many: '{{count}} нових документів',
    documentsNew_other: '{{count}} нового документа',
    documentsAll: 'Усі документи',
    isNew: 'Новий',
    documentDate: 'від {{date}}',
    opensInNewTab: '(відкриється в новому вікні)',
    loading: 'Новини завантажуються\u00a0…',
    failed: 'Не вдалося завантажити новини.',
    retry: 'Спробувати ще раз',
    statuses: labelsUk.ticketStatuses,
  },
};
