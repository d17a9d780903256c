import type { Localized } from '../../de';
import type { homeTicketsDe } from '../../home-tickets';

export const homeTickets: Localized<typeof homeTicketsDe> = {
  homeTickets: {
    report: 'Arıza bildir',
    reportSub: 'Dairenizde veya binada bir arıza – fotoğraflarla',
    list: 'Bildirimlerim ve taleplerim',
    book: 'Rezervasyon',
    sent: '{{number}} numaralı bildiriminiz gönderildi.',
  },
};
