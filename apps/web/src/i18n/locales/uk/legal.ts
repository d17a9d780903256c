import type { Localized } from '../../de';
import type { legalDe } from '../../legal';
import type { legalLinksDe } from '../../legal-links';

/** Ukrainian frame of the legal pages (polite "Ви"); the pages themselves stay as the operator wrote them, in German. */
export const legal: Localized<typeof legalLinksDe & typeof legalDe> = {
  legalLinks: {
    label: 'Правова інформація',
    impressum: 'Вихідні дані',
    datenschutz: 'Захист даних',
    barrierefreiheit: 'Доступність',
  },
  legal: {
    titles: {
      impressum: 'Вихідні дані (Impressum)',
      datenschutz: 'Політика конфіденційності',
      barrierefreiheit: 'Заява про доступність',
    },
    template: 'Шаблон – будь ласка, адаптуйте перед запуском',
    templateHint:
      'На цій сторінці ще показано зразок тексту, що постачається із застосунком. Керуюча компанія замінить його власними даними.',
    germanOnly: 'Цей текст доступний лише німецькою мовою.',
    updated: 'Востаннє змінено: {{date}}',
    loading: 'Сторінка завантажується …',
    feedback: {
      heading: 'Повідомити про бар’єр',
      intro:
        'Щось у застосунку неможливо або важко використати? Напишіть нам – навіть без входу в систему. Ваше повідомлення отримає керуюча компанія.',
      message: 'Ваше повідомлення',
      messageHint: 'Що Ви хотіли зробити і що не спрацювало?',
      where: 'Де це сталося? (необов’язково)',
      whereHint: 'Наприклад, «Дошка оголошень» або «Повідомити про пошкодження».',
      name: 'Ваше ім’я (необов’язково)',
      email: 'Ваша електронна адреса (необов’язково)',
      emailHint: 'Потрібна, лише якщо Ви бажаєте отримати відповідь.',
      emailInvalid: 'Будь ласка, введіть дійсну електронну адресу.',
      privacy:
        'Ваші дані надсилаються електронною поштою керуючій компанії й використовуються лише для розгляду Вашого відгуку.',
      send: 'Надіслати відгук',
      sending: 'Надсилання …',
      sent: 'Дякуємо! Керуюча компанія отримала Ваш відгук.',
      again: 'Написати ще один відгук',
    },
  },
};
