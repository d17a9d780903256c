import { labelsTr } from '@hausportal/contract/labels';
import type { Localized } from '../../de';
import type { homeNewsDe } from '../../home-news';

export const homeNews: Localized<typeof homeNewsDe> = {
  homeNews: {
    notices: 'Önemli duyurular',
    important: 'Önemli',
    until: '{{date}} tarihine kadar',
    dismiss: 'Gizle',
    dismissLabel: '“{{title}}” duyurusunu gizle',
    dismissFailed: 'Duyuru gizlenemedi. Lütfen daha sonra tekrar deneyin.',
    attachment: '{{name}} (PDF)',
    tickets: 'Bildirimlerim ve taleplerim',
    ticketsOpen_one: '{{count}} açık bildirim',
    ticketsOpen_other: '{{count}} açık bildirim',
    ticketItem: 'Arıza kaydı {{number}}',
    documents: 'Yeni belgeler',
    documentsNew_one: '{{count}} yeni belge',
    documentsNew_other: '{{count}} yeni belge',
    documentsAll: 'Tüm belgeler',
    isNew: 'Yeni',
    documentDate: '{{date}} tarihli',
    opensInNewTab: '(yeni pencerede açılır)',
    loading: 'Yenilikler yükleniyor\u00a0…',
    failed: 'Yenilikler yüklenemedi.',
    retry: 'Tekrar dene',
    statuses: labelsTr.ticketStatuses,
  },
};
