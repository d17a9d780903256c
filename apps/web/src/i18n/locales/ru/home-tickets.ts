import type { Localized } from '../../de';
import type { homeTicketsDe } from '../../home-tickets';

export const homeTickets: Localized<typeof homeTicketsDe> = {
  homeTickets: {
    report: 'Сообщить о неисправности',
    reportSub: 'Поломка в квартире или в доме, с фото',
    list: 'Мои заявки',
    book: 'Бронирование',
    sent: 'Ваша заявка {{number}} отправлена.',
    emergency: 'Экстренная помощь: {{service}}',
    inEmergency: 'В экстренном случае:',
    fire: 'Пожарная служба и скорая помощь 112',
    gas: 'Аварийная газовая служба {{number}}',
    building: 'Текущие неисправности в доме',
    buildingIntro: 'Управление об этом знает. Вас это тоже касается? Тогда нажмите «Касается и меня».',
    affected: 'Касается: {{count}}',
    affectsMeToo: 'Касается и меня',
    joining: 'Добавляем\u00a0…',
    joined: 'Вы добавлены – вы будете получать сообщения по этой заявке.',
    joinFailed: 'Не получилось. Пожалуйста, попробуйте позже.',
  },
};
