import type { Labels } from './constants.js';

/** Arabic. */
export const labelsAr: Labels = {
  ticketStatuses: {
    received: 'تم الاستلام',
    in_progress: 'قيد المعالجة',
    craftsman_assigned: 'تم تكليف فني',
    appointment_set: 'تم تحديد موعد',
    reported_done: 'تم الإبلاغ عن الإنجاز',
    done: 'تم الإنجاز',
    rejected: 'مرفوض',
  },
  ticketScopes: {
    apartment: 'في شقتي',
    building: 'في المبنى / المرافق المشتركة',
  },
  notificationKinds: {
    posts: 'منشورات جديدة على لوحة الإعلانات',
    comments: 'تعليقات على منشوراتي',
    moderation: 'مراجعة منشوراتي وتعليقاتي',
    reports: 'القرارات بشأن بلاغاتي عن المحتوى',
    requests: 'متابعة طلباتي',
    notices: 'إعلانات إدارة المبنى',
    documents: 'مستندات جديدة لشقتي',
    tickets: 'بلاغاتي عن الأعطال',
    parcels: 'طرود في مكتب الاستقبال',
    bookings: 'حجوزاتي',
    queue: 'محتوى جديد بانتظار المراجعة',
    ticket_queue: 'بلاغات أعطال جديدة',
  },
};
