import type { Localized } from '../../de';
import type { postsDe } from '../../posts';

export const posts: Localized<typeof postsDe> = {
  detail: {
    commentLabel: 'Yorum',
    commentPlaceholder: 'Yorum yazın…',
    commentSubmit: 'Yorum gönder',
    commentPublished: 'Yorumunuz artık görünüyor.',
    commentThanks:
      'Teşekkürler! Bina yönetimi yorumunuzu genellikle 1–2 iş günü içinde inceler. Yorumunuz yayımlandığında size haber verilir.',
    commentsHeading: 'Yorumlar',
    noComments: 'Henüz yorum yok.',
    notFound: 'Bu gönderi bulunamadı.',
    toBlackboard: 'Duyuru panosuna git',
  },
  newMessage: {
    text: 'Gönderiniz',
    textHint: 'Gönderiniz yayımlanmadan önce incelenir.',
    photos: 'Fotoğraf ekle',
    photosHint: 'En fazla {{max}} fotoğraf (JPEG, PNG veya WebP), her biri en fazla 10 MB.',
    pdfs: 'PDF belgesi ekle',
    pdfsHint: 'En fazla {{max}} PDF belgesi, her biri en fazla 10 MB.',
    tooManyPhotos: 'En fazla {{max}} fotoğraf ekleyebilirsiniz.',
    tooManyPdfs: 'En fazla {{max}} PDF belgesi ekleyebilirsiniz.',
    onlyPdf: '{{filename}} dosyası bir PDF belgesi değil.',
    onlyImage: '{{filename}} dosyası JPEG, PNG veya WebP formatında bir fotoğraf değil (HEIC ve GIF desteklenmiyor).',
    remove: 'Kaldır: {{name}}',
    selected: 'Seçilen ekler',
    submit: 'Gönder',
    uploading: 'Ekler yükleniyor …',
    published: 'Gönderiniz artık panoda görünüyor.',
    thanks:
      'Teşekkürler! Bina yönetimi gönderinizi genellikle 1–2 iş günü içinde inceler. Gönderiniz yayımlandığında size haber verilir.',
    toBlackboard: 'Duyuru panosuna git',
    uploadFailed: '{{filename}} dosyası yüklenemedi: {{reason}}',
    leaveConfirm: 'Gönderinizi henüz paylaşmadınız. Sayfadan çıkmak istiyor musunuz? Yazdığınız metin silinecek.',
  },
};
