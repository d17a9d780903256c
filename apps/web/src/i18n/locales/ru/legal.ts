import type { Localized } from '../../de';
import type { legalDe } from '../../legal';
import type { legalLinksDe } from '../../legal-links';

/** Russian frame of the legal pages (polite «Вы»); the pages themselves stay as the operator wrote them, in German. */
export const legal: Localized<typeof legalLinksDe & typeof legalDe> = {
  legalLinks: {
    label: 'Правовая информация',
    impressum: 'Выходные данные',
    datenschutz: 'Защита данных',
    barrierefreiheit: 'Доступность',
  },
  legal: {
    titles: {
      impressum: 'Выходные данные (Impressum)',
      datenschutz: 'Политика конфиденциальности',
      barrierefreiheit: 'Заявление о доступности',
    },
    template: 'Шаблон – пожалуйста, адаптируйте перед запуском',
    templateHint:
      'На этой странице пока показан образец текста, поставляемый с приложением. Управляющая компания заменит его своими данными.',
    germanOnly: 'Этот текст доступен только на немецком языке.',
    updated: 'Последнее изменение: {{date}}',
    loading: 'Страница загружается …',
    feedback: {
      heading: 'Сообщить о барьере',
      intro:
        'Что-то в приложении невозможно или трудно использовать? Напишите нам – даже без входа в систему. Ваше сообщение получит управляющая компания.',
      message: 'Ваше сообщение',
      messageHint: 'Что Вы хотели сделать и что не сработало?',
      where: 'Где это произошло? (необязательно)',
      whereHint: 'Например, «Доска объявлений» или «Сообщить о неисправности».',
      name: 'Ваше имя (необязательно)',
      email: 'Ваш адрес электронной почты (необязательно)',
      emailHint: 'Нужен, только если Вы хотите получить ответ.',
      emailInvalid: 'Пожалуйста, введите действительный адрес электронной почты.',
      privacy:
        'Ваши данные отправляются по электронной почте управляющей компании и используются только для рассмотрения Вашего отзыва.',
      send: 'Отправить отзыв',
      sending: 'Отправка …',
      sent: 'Спасибо! Управляющая компания получила Ваш отзыв.',
      again: 'Написать ещё один отзыв',
    },
  },
};
