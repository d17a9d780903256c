import type { Localized } from '../../de';
import type { homeTicketsDe } from '../../home-tickets';

export const homeTickets: Localized<typeof homeTicketsDe> = {
  homeTickets: {
    report: 'Повідомити про пошкодження',
    reportSub: 'Несправність у квартирі чи будинку, з фото',
    list: 'Мої заявки',
    book: 'Бронювання',
    sent: 'Вашу заявку {{number}} надіслано.',
    emergency: 'Аварійна допомога: {{service}}',
    inEmergency: 'У разі надзвичайної ситуації:',
    fire: 'Пожежна служба і швидка допомога 112',
    gas: 'Аварійна газова служба {{number}}',
    building: 'Поточні несправності в будинку',
    buildingIntro: 'Управління про це знає. Вас це теж стосується? Тоді натисніть «Стосується і мене».',
    affected: 'Стосується: {{count}}',
    affectsMeToo: 'Стосується і мене',
    joining: 'Додаємо\u00a0…',
    joined: 'Вас додано – ви отримуватимете повідомлення щодо цієї заявки.',
    joinFailed: 'Не вдалося. Будь ласка, спробуйте пізніше.',
  },
};
