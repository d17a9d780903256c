import type { Localized } from '../../de';
import type { postsDe } from '../../posts';

export const posts: Localized<typeof postsDe> = {
  detail: {
    commentLabel: 'Коментар',
    commentPlaceholder: 'Напишіть коментар…',
    commentSubmit: 'Надіслати коментар',
    commentThanks:
      'Дякуємо за Ваш коментар. {{product}} перевірить і опублікує його, після чого його побачать усі користувачі.',
    commentsHeading: 'Коментарі',
    noComments: 'Коментарів ще немає.',
    notFound: 'Цей допис не знайдено.',
    toBlackboard: 'До дошки оголошень',
  },
  newMessage: {
    text: 'Ваш допис',
    textHint: 'Перед публікацією Ваш допис буде перевірено.',
    photos: 'Додати фото',
    photosHint: 'Не більше {{max}} фото (JPEG, PNG або WebP), кожне до 10 МБ.',
    pdfs: 'Додати PDF-документи',
    pdfsHint: 'Не більше {{max}} PDF-документів, кожен до 10 МБ.',
    tooManyPhotos: 'Ви можете додати не більше {{max}} фото.',
    tooManyPdfs: 'Ви можете додати не більше {{max}} PDF-документів.',
    onlyPdf: 'Файл {{filename}} не є PDF-документом.',
    onlyImage: 'Файл {{filename}} не є фото у форматі JPEG, PNG або WebP (HEIC і GIF не підтримуються).',
    remove: 'Видалити {{name}}',
    selected: 'Вибрані вкладення',
    submit: 'Надіслати допис',
    uploading: 'Вкладення надсилаються …',
    thanks: 'Дякуємо за Ваш допис. {{product}} перевірить і опублікує його, після чого його побачать усі користувачі.',
    toBlackboard: 'До дошки оголошень',
    uploadFailed: 'Не вдалося надіслати файл {{filename}}: {{reason}}',
    leaveConfirm: 'Ваш допис ще не надіслано. Бажаєте залишити сторінку? Текст буде втрачено.',
  },
};
