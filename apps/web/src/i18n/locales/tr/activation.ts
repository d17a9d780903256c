import type { Localized } from '../../de';
import type { activationDe } from '../../activation';

export const activation: Localized<typeof activationDe> = {
  activation: {
    title: 'Hesabı etkinleştir',
    intro:
      'Mektubunuzdaki etkinleştirme kodunu girin ve şifrenizi belirleyin. En az 8 karakter; daire numaranız, e-posta adresiniz, adınız, binanın adı veya sık kullanılan bir şifre olamaz. Hem akılda kalır hem güvenlidir: tirelerle ayrılmış üç kelime.',
    code: 'Etkinleştirme kodu',
    codeHint: 'Kod mektubunuzda yazıyor, örneğin ABCD-EFGH-JKLM. Büyük veya küçük harf ve tireler fark etmez.',
    codeFormat: 'Etkinleştirme kodu 12 harf ve rakamdan oluşur, örneğin ABCD-EFGH-JKLM.',
    password: 'Yeni şifre',
    confirm: 'Yeni şifre (tekrar)',
    tooShort: 'Şifre en az 8 karakter olmalıdır.',
    mismatch: 'Şifreler eşleşmiyor.',
    email: 'E-posta (isteğe bağlı)',
    emailHint: 'Böylece unuttuğunuz bir şifreyi kendiniz yenileyebilirsiniz.',
    submit: 'Hesabı etkinleştir',
    done: 'Hesabınız hazır. Şimdi daire numaranız ({{apartment}}) ve yeni şifrenizle giriş yapın.',
    toLogin: 'Giriş sayfasına git',
  },
  welcome: {
    title: 'Hoş geldiniz',
    greeting: 'Merhaba {{name}},',
    home: '{{location}} için erişiminiz, daire {{apartment}}.',
    intro: 'Şimdi şifrenizi belirleyin. Ardından hemen giriş yapmış olursunuz.',
    rules:
      'Şifreniz: en az 8 karakter; daire numaranız, e-posta adresiniz, adınız, binanın adı veya sık kullanılan bir şifre olamaz. Hem akılda kalır hem güvenlidir: tirelerle ayrılmış üç kelime.',
    checking: 'Davetiniz kontrol ediliyor\u00a0…',
    invalid:
      'Bu davet bağlantısının süresi dolmuş veya daha önce kullanılmış. Şifrenizi zaten belirlediyseniz daire numaranızla giriş yapın; aksi halde “Şifrenizi mi unuttunuz?” ile yeni bir bağlantı isteyin.',
    submit: 'Şifreyi belirle ve giriş yap',
    notSignedIn: 'Şifreniz kaydedildi. Lütfen daire numaranızla giriş yapın.',
    signedIn: 'Giriş yaptınız.',
    nextIntro: 'Bu, günlük hayatı kolaylaştırır. Daha sonra profilinizden de ayarlayabilirsiniz.',
    toHome: 'Ana sayfaya devam et',
  },
};
