import type { Localized } from '../../de';
import type { legalDe } from '../../legal';
import type { legalLinksDe } from '../../legal-links';

/** Turkish frame of the legal pages; the pages themselves stay as the operator wrote them, in German. */
export const legal: Localized<typeof legalLinksDe & typeof legalDe> = {
  legalLinks: {
    label: 'Yasal bilgiler',
    impressum: 'Künye',
    datenschutz: 'Gizlilik',
    barrierefreiheit: 'Erişilebilirlik',
  },
  legal: {
    titles: {
      impressum: 'Künye (Impressum)',
      datenschutz: 'Gizlilik bildirimi',
      barrierefreiheit: 'Erişilebilirlik beyanı',
    },
    template: 'Şablon – lütfen kullanıma açmadan önce uyarlayın',
    templateHint:
      'Bu sayfada hâlâ uygulamayla birlikte gelen örnek metin görünüyor. Bina yönetimi bunu kendi bilgileriyle değiştirecektir.',
    germanOnly: 'Bu metin yalnızca Almanca olarak mevcuttur.',
    updated: 'Son değişiklik: {{date}}',
    loading: 'Sayfa yükleniyor …',
    feedback: {
      heading: 'Engel bildirin',
      intro:
        'Uygulamada kullanamadığınız ya da zorlukla kullanabildiğiniz bir şey mi var? Bize yazın – oturum açmanız gerekmez. Mesajınız bina yönetimine iletilir.',
      message: 'Mesajınız',
      messageHint: 'Ne yapmak istediniz ve ne çalışmadı?',
      where: 'Nerede oldu? (isteğe bağlı)',
      whereHint: 'Örneğin “Duyuru panosu” veya “Arıza bildir”.',
      name: 'Adınız (isteğe bağlı)',
      email: 'E-posta adresiniz (isteğe bağlı)',
      emailHint: 'Yalnızca yanıt almak istiyorsanız gereklidir.',
      emailInvalid: 'Lütfen geçerli bir e-posta adresi girin.',
      privacy:
        'Bilgileriniz e-posta ile bina yönetimine gönderilir ve yalnızca geri bildiriminizi işlemek için kullanılır.',
      send: 'Geri bildirim gönder',
      sending: 'Gönderiliyor …',
      sent: 'Teşekkür ederiz! Geri bildiriminiz bina yönetimine ulaştı.',
      again: 'Yeni bir geri bildirim yazın',
    },
  },
};
