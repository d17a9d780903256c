import type { Localized } from '../../de';
import type { homeTicketsDe } from '../../home-tickets';

export const homeTickets: Localized<typeof homeTicketsDe> = {
  homeTickets: {
    report: 'Повідомити про пошкодження',
    reportSub: 'Несправність у квартирі чи будинку, з фото',
    list: 'Мої заявки',
    book: 'Бронювання',
    sent: 'Вашу заявку {{number}} надіслано.',
  },
};
