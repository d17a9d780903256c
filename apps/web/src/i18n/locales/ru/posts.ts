import type { Localized } from '../../de';
import type { postsDe } from '../../posts';

export const posts: Localized<typeof postsDe> = {
  detail: {
    commentLabel: 'Комментарий',
    commentPlaceholder: 'Напишите комментарий…',
    commentSubmit: 'Отправить комментарий',
    commentPublished: 'Ваш комментарий уже виден.',
    commentThanks:
      'Спасибо! Управляющая компания проверит Ваш комментарий, обычно в течение 1–2 рабочих дней. Мы сообщим Вам, как только он появится.',
    commentsHeading: 'Комментарии',
    noComments: 'Комментариев пока нет.',
    notFound: 'Запись не найдена.',
    toBlackboard: 'К доске объявлений',
  },
  newMessage: {
    text: 'Ваша запись',
    textHint: 'Перед публикацией Ваша запись будет проверена.',
    photos: 'Добавить фото',
    photosHint: 'Не более {{max}} фото (JPEG, PNG или WebP), каждое до 10 МБ.',
    pdfs: 'Добавить PDF-документы',
    pdfsHint: 'Не более {{max}} PDF-документов, каждый до 10 МБ.',
    tooManyPhotos: 'Можно прикрепить не более {{max}} фото.',
    tooManyPdfs: 'Можно прикрепить не более {{max}} PDF-документов.',
    onlyPdf: 'Файл {{filename}} не является PDF-документом.',
    onlyImage: 'Файл {{filename}} не является фотографией в формате JPEG, PNG или WebP (HEIC и GIF не подходят).',
    remove: 'Удалить {{name}}',
    selected: 'Выбранные вложения',
    submit: 'Отправить запись',
    uploading: 'Вложения загружаются…',
    published: 'Ваше сообщение уже на доске объявлений.',
    thanks:
      'Спасибо! Управляющая компания проверит Вашу запись, обычно в течение 1–2 рабочих дней. Мы сообщим Вам, как только она появится.',
    toBlackboard: 'К доске объявлений',
    uploadFailed: 'Не удалось загрузить файл {{filename}}: {{reason}}',
    leaveConfirm: 'Ваша запись ещё не отправлена. Вы хотите покинуть страницу? Текст будет потерян.',
  },
};
