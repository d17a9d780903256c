import type { Localized } from '../../de';
import type { homeTicketsDe } from '../../home-tickets';

export const homeTickets: Localized<typeof homeTicketsDe> = {
  homeTickets: {
    report: 'الإبلاغ عن عطل',
    reportSub: 'عطل في الشقة أو المبنى، مع صور',
    list: 'بلاغاتي',
    book: 'الحجز',
    sent: 'تم إرسال بلاغكم رقم {{number}}.',
  },
};
