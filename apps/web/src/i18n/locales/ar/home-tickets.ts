import type { Localized } from '../../de';
import type { homeTicketsDe } from '../../home-tickets';

export const homeTickets: Localized<typeof homeTicketsDe> = {
  homeTickets: {
    report: 'الإبلاغ عن عطل',
    reportSub: 'عطل في الشقة أو المبنى، مع صور',
    list: 'بلاغاتي',
    book: 'الحجز',
    sent: 'تم إرسال بلاغكم رقم {{number}}.',
    emergency: 'طوارئ: {{service}}',
    inEmergency: 'في حالة الطوارئ:',
    fire: 'الإطفاء والإسعاف 112',
    gas: 'طوارئ الغاز {{number}}',
    building: 'أعطال حالية في المبنى',
    buildingIntro: 'الإدارة على علم بها. هل تخصّكم أيضًا؟ اضغطوا إذن على „تخصّني أيضًا“.',
    affected: 'المتأثرون: {{count}}',
    affectsMeToo: 'تخصّني أيضًا',
    joining: 'جارٍ الإضافة\u00a0…',
    joined: 'تمت إضافتكم – ستصلكم الرسائل الخاصة بهذا البلاغ.',
    joinFailed: 'لم ينجح ذلك. يرجى المحاولة لاحقًا.',
  },
};
