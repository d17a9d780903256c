import type { Labels } from './constants.js';

/** Russian. */
export const labelsRu: Labels = {
  ticketStatuses: {
    received: 'Получена',
    in_progress: 'В работе',
    craftsman_assigned: 'Мастер назначен',
    appointment_set: 'Визит согласован',
    reported_done: 'Сообщено о выполнении',
    done: 'Выполнена',
    rejected: 'Отклонена',
  },
  ticketScopes: {
    apartment: 'В моей квартире',
    building: 'В доме / в местах общего пользования',
  },
  notificationKinds: {
    posts: 'Новые записи на доске объявлений',
    comments: 'Комментарии к моим записям',
    moderation: 'Проверка моих записей и комментариев',
    reports: 'Решения по моим жалобам',
    requests: 'Обработка моих запросов',
    notices: 'Объявления управляющей компании',
    documents: 'Новые документы по моей квартире',
    tickets: 'Мои заявки о неисправностях',
    parcels: 'Посылки у консьержа',
    bookings: 'Мои бронирования',
    queue: 'Новые материалы для проверки',
    ticket_queue: 'Новые заявки о неисправностях',
  },
};
