import type { Labels } from './constants.js';

/** Ukrainian. */
export const labelsUk: Labels = {
  ticketStatuses: {
    received: 'Отримано',
    in_progress: 'У роботі',
    craftsman_assigned: 'Майстра призначено',
    appointment_set: 'Час візиту узгоджено',
    reported_done: 'Повідомлено про виконання',
    done: 'Виконано',
    rejected: 'Відхилено',
  },
  ticketScopes: {
    apartment: 'У моїй квартирі',
    building: 'У будинку / у місцях загального користування',
  },
  notificationKinds: {
    posts: 'Нові дописи на дошці оголошень',
    comments: 'Коментарі до моїх дописів',
    moderation: 'Перевірка моїх дописів і коментарів',
    reports: 'Рішення щодо моїх скарг',
    requests: 'Опрацювання моїх запитів',
    notices: 'Оголошення керуючої компанії',
    documents: 'Нові документи для моєї квартири',
    tickets: 'Мої заявки про пошкодження',
    parcels: 'Посилки на рецепції',
    bookings: 'Мої бронювання',
    queue: 'Нове на модерації',
    ticket_queue: 'Нові заявки про пошкодження',
  },
};
