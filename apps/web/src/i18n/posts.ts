// The strings of writing on the blackboard: a new post, and a post's page with its comments. They
// load with those screens, not with /login (ADR 015), and are added to i18next when such a chunk
// is first imported.
import { lazyStrings } from './index';

export const postsDe = {
  detail: {
    commentLabel: 'Kommentar',
    commentPlaceholder: 'Kommentar verfassen…',
    commentSubmit: 'Kommentieren',
    commentPublished: 'Ihr Kommentar ist jetzt zu sehen.',
    commentThanks:
      'Danke! Die Hausverwaltung prüft Ihren Kommentar, meist innerhalb von 1–2 Werktagen. Sie bekommen Bescheid, sobald er erscheint.',
    commentsHeading: 'Kommentare',
    noComments: 'Noch keine Kommentare.',
    notFound: 'Dieser Beitrag wurde nicht gefunden.',
    toBlackboard: 'Zur Pinnwand',
  },
  newMessage: {
    text: 'Ihr Beitrag',
    textHint: 'Ihr Beitrag wird vor der Veröffentlichung geprüft.',
    photos: 'Fotos hinzufügen',
    photosHint: 'Höchstens {{max}} Fotos (JPEG, PNG oder WebP), je bis 10 MB.',
    pdfs: 'PDF-Dokumente hinzufügen',
    pdfsHint: 'Höchstens {{max}} PDF-Dokumente, je bis 10 MB.',
    tooManyPhotos: 'Sie können höchstens {{max}} Fotos anhängen.',
    tooManyPdfs: 'Sie können höchstens {{max}} PDF-Dokumente anhängen.',
    onlyPdf: 'Die Datei {{filename}} ist kein PDF-Dokument.',
    onlyImage: 'Die Datei {{filename}} ist kein Foto im Format JPEG, PNG oder WebP (HEIC und GIF gehen nicht).',
    remove: '{{name}} entfernen',
    selected: 'Ausgewählte Anhänge',
    submit: 'Beitrag senden',
    uploading: 'Anhänge werden hochgeladen …',
    published: 'Ihr Beitrag ist jetzt auf der Pinnwand zu sehen.',
    thanks:
      'Danke! Die Hausverwaltung prüft Ihren Beitrag, meist innerhalb von 1–2 Werktagen. Sie bekommen Bescheid, sobald er erscheint.',
    toBlackboard: 'Zur Pinnwand',
    uploadFailed: 'Die Datei {{filename}} konnte nicht hochgeladen werden: {{reason}}',
    leaveConfirm: 'Ihr Beitrag ist noch nicht gesendet. Möchten Sie die Seite verlassen? Der Text geht dabei verloren.',
  },
};

export const postsEn: typeof postsDe = {
  detail: {
    commentLabel: 'Comment',
    commentPlaceholder: 'Write a comment…',
    commentSubmit: 'Comment',
    commentPublished: 'Your comment is now visible.',
    commentThanks:
      'Thank you! The property management reviews your comment, usually within 1–2 working days. We will let you know as soon as it appears.',
    commentsHeading: 'Comments',
    noComments: 'No comments yet.',
    notFound: 'This post was not found.',
    toBlackboard: 'To the blackboard',
  },
  newMessage: {
    text: 'Your post',
    textHint: 'Your post is reviewed before it is published.',
    photos: 'Add photos',
    photosHint: 'At most {{max}} photos (JPEG, PNG or WebP), up to 10 MB each.',
    pdfs: 'Add PDF documents',
    pdfsHint: 'At most {{max}} PDF documents, up to 10 MB each.',
    tooManyPhotos: 'You can attach at most {{max}} photos.',
    tooManyPdfs: 'You can attach at most {{max}} PDF documents.',
    onlyPdf: 'The file {{filename}} is not a PDF document.',
    onlyImage: 'The file {{filename}} is not a JPEG, PNG or WebP photo (HEIC and GIF are not accepted).',
    remove: 'Remove {{name}}',
    selected: 'Selected attachments',
    submit: 'Send post',
    uploading: 'Uploading attachments …',
    published: 'Your post is now on the noticeboard.',
    thanks:
      'Thank you! The property management reviews your post, usually within 1–2 working days. We will let you know as soon as it appears.',
    toBlackboard: 'To the blackboard',
    uploadFailed: 'The file {{filename}} could not be uploaded: {{reason}}',
    leaveConfirm: 'Your post has not been sent. Do you want to leave this page? The text will be lost.',
  },
};

export const registerPostStrings = lazyStrings({ de: postsDe, en: postsEn });
