import type { Localized } from '../../de';
import type { postsDe } from '../../posts';

export const posts: Localized<typeof postsDe> = {
  detail: {
    commentLabel: 'Коментар',
    commentPlaceholder: 'Напишіть коментар…',
    commentSubmit: 'Надіслати коментар',
    commentPublished: 'Ваш коментар уже видно.',
    commentThanks:
      'Дякуємо! Керуюча компанія перевірить Ваш коментар, зазвичай протягом 1–2 робочих днів. Ми повідомимо Вас, щойно його буде опубліковано.',
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
    published: 'Ваш допис уже на дошці оголошень.',
    thanks:
      'Дякуємо! Керуюча компанія перевірить Ваш допис, зазвичай протягом 1–2 робочих днів. Ми повідомимо Вас, щойно його буде опубліковано.',
    toBlackboard: 'До дошки оголошень',
    uploadFailed: 'Не вдалося надіслати файл {{filename}}: {{reason}}',
    leaveConfirm: 'Ваш допис ще не надіслано. Бажаєте залишити сторінку? Текст буде втрачено.',
  },
};
