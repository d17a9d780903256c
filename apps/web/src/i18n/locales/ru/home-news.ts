import { labelsRu } from '@hausportal/contract/labels';
import type { Localized } from '../../de';
import type { homeNewsDe } from '../../home-news';

export const homeNews: Localized<typeof homeNewsDe> = {
  homeNews: {
    notices: 'Важные объявления',
    important: 'Важно',
    until: 'до {{date}}',
    dismiss: 'Скрыть',
    dismissLabel: 'Скрыть объявление «{{title}}»',
    dismissFailed: 'Не удалось скрыть объявление. Пожалуйста, повторите попытку позже.',
    attachment: '{{name}} (PDF)',
    tickets: 'Мои заявки',
    ticketsOpen_one: '{{count}} открытая заявка',
    ticketsOpen_few: '{{count}} открытые заявки',
    ticketsOpen_many: '{{count}} открытых заявок',
    ticketsOpen_other: '{{count}} открытой заявки',
    ticketItem: 'Заявка {{number}}',
    documents: 'Новые документы',
    documentsNew_one: '{{count}} новый документ',
    documentsNew_few: '{{count}} новых документа',
    documentsNew_many: '{{count}} новых документов',
    documentsNew_other: '{{count}} нового документа',
    documentsAll: 'Все документы',
    isNew: 'Новый',
    documentDate: 'от {{date}}',
    opensInNewTab: '(откроется в новом окне)',
    loading: 'Загрузка новостей…',
    failed: 'Не удалось загрузить новости.',
    retry: 'Повторить попытку',
    statuses: labelsRu.ticketStatuses,
  },
};
