import { labelsAr } from '@hausportal/contract/labels';
import type { Localized } from '../../de';
import type { homeNewsDe } from '../../home-news';

export const homeNews: Localized<typeof homeNewsDe> = {
  homeNews: {
    notices: 'إعلانات مهمة',
    important: 'مهم',
    until: 'حتى {{date}}',
    dismiss: 'إخفاء',
    dismissLabel: 'إخفاء الإعلان «{{title}}»',
    dismissFailed: 'تعذّر إخفاء الإعلان. يرجى المحاولة مرة أخرى لاحقًا.',
    attachment: '{{name}} (PDF)',
    tickets: 'بلاغاتي',
    ticketsOpen_zero: 'لا توجد بلاغات مفتوحة',
    ticketsOpen_one: 'بلاغ مفتوح واحد',
    ticketsOpen_two: 'بلاغان مفتوحان',
    ticketsOpen_few: '{{count}} بلاغات مفتوحة',
    ticketsOpen_many: '{{count}} بلاغًا مفتوحًا',
    ticketsOpen_other: '{{count}} بلاغ مفتوح',
    ticketItem: 'البلاغ رقم {{number}}',
    documents: 'مستندات جديدة',
    documentsNew_zero: 'لا توجد مستندات جديدة',
    documentsNew_one: 'مستند جديد واحد',
    documentsNew_two: 'مستندان جديدان',
    documentsNew_few: '{{count}} مستندات جديدة',
    documentsNew_many: '{{count}} مستندًا جديدًا',
    documentsNew_other: '{{count}} مستند جديد',
    documentsAll: 'جميع المستندات',
    isNew: 'جديد',
    documentDate: 'بتاريخ {{date}}',
    opensInNewTab: '(يُفتح في نافذة جديدة)',
    loading: 'جارٍ تحميل المستجدات\u00a0…',
    failed: 'تعذّر تحميل المستجدات.',
    retry: 'إعادة المحاولة',
    statuses: labelsAr.ticketStatuses,
  },
};
