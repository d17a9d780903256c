import type { Localized } from '../../de';
import type { postsDe } from '../../posts';

export const posts: Localized<typeof postsDe> = {
  detail: {
    commentLabel: 'Komentarz',
    commentPlaceholder: 'Proszę napisać komentarz…',
    commentSubmit: 'Dodaj komentarz',
    commentPublished: 'Twój komentarz jest już widoczny.',
    commentThanks:
      'Dziękujemy! Administracja budynku sprawdzi komentarz, zwykle w ciągu 1–2 dni roboczych. Powiadomimy Cię, gdy tylko się pojawi.',
    commentsHeading: 'Komentarze',
    noComments: 'Nie ma jeszcze komentarzy.',
    notFound: 'Nie znaleziono tego wpisu.',
    toBlackboard: 'Do tablicy ogłoszeń',
  },
  newMessage: {
    text: 'Treść wpisu',
    textHint: 'Wpis zostanie sprawdzony przed publikacją.',
    photos: 'Dodaj zdjęcia',
    photosHint: 'Zdjęcia w formacie JPEG, PNG lub WebP, każde do 10 MB. Maksymalna liczba: {{max}}.',
    pdfs: 'Dodaj dokumenty PDF',
    pdfsHint: 'Dokumenty PDF, każdy do 10 MB. Maksymalna liczba: {{max}}.',
    tooManyPhotos: 'Przekroczono limit zdjęć. Maksymalna liczba: {{max}}.',
    tooManyPdfs: 'Przekroczono limit dokumentów PDF. Maksymalna liczba: {{max}}.',
    onlyPdf: 'Plik {{filename}} nie jest dokumentem PDF.',
    onlyImage:
      'Plik {{filename}} nie jest zdjęciem w formacie JPEG, PNG ani WebP (formaty HEIC i GIF nie są obsługiwane).',
    remove: 'Usuń {{name}}',
    selected: 'Wybrane załączniki',
    submit: 'Wyślij wpis',
    uploading: 'Przesyłanie załączników …',
    published: 'Twój wpis jest już widoczny na tablicy.',
    thanks:
      'Dziękujemy! Administracja budynku sprawdzi wpis, zwykle w ciągu 1–2 dni roboczych. Powiadomimy Cię, gdy tylko się pojawi.',
    toBlackboard: 'Do tablicy ogłoszeń',
    uploadFailed: 'Nie udało się przesłać pliku {{filename}}: {{reason}}',
    leaveConfirm: 'Wpis nie został jeszcze wysłany. Czy na pewno opuścić tę stronę? Wpisany tekst zostanie utracony.',
  },
};
