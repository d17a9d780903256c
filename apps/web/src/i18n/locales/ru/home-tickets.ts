import type { Localized } from '../../de';
import type { homeTicketsDe } from '../../home-tickets';

export const homeTickets: Localized<typeof homeTicketsDe> = {
  homeTickets: {
    report: 'Сообщить о неисправности',
    reportSub: 'Поломка в квартире или в доме, с фото',
    list: 'Мои заявки',
    book: 'Бронирование',
    sent: 'Ваша заявка {{number}} отправлена.',
  },
};
