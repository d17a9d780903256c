import { labelsTr } from '@hausportal/contract/labels';
import type { Localized } from '../../de';
import type { notificationsDe } from '../../notifications';

export const notifications: Localized<typeof notificationsDe> = {
  notifications: {
    heading: 'Bildirimler',
    intro: 'Binanızdaki yenilikleri size bildiririz – burada yaptığınız ayarlara göre bu cihazda ve e-postayla.',
    enable: 'Bildirimleri aç',
    enabling: 'Açılıyor …',
    disable: 'Bu cihazda kapat',
    active: 'Bildirimler bu cihazda açık.',
    enabled: 'Bildirimler artık açık.',
    disabled: 'Bu cihaz artık bildirim almayacak.',
    unsupported:
      'Bu tarayıcı bildirim gösteremiyor. iPhone’da uygulamayı ana ekrana eklerseniz bildirim alabilirsiniz.',
    denied:
      'Bu site için bildirimler tarayıcıda engellenmiş. Tarayıcının ayarlarından bildirimlere yeniden izin verebilirsiniz.',
    failed: 'Bildirimler açılamadı. Lütfen daha sonra tekrar deneyin.',
    choose: 'Hangi konularda bilgi almak istersiniz?',
    kind: 'Konu',
    push: 'Cihazda',
    email: 'E‑posta',
    pushFor: 'Cihazda: {{kind}}',
    emailFor: 'E-posta: {{kind}}',
    kinds: labelsTr.notificationKinds,
    postsHint: 'Birden fazla yeni gönderi toplu olarak, en fazla saatte bir kez bildirilir.',
    quietHours: 'Gece sessizliği (22:00 – 06:00)',
    quietHoursHint: 'Bu saatlerdeki cihaz bildirimleri sabah gelir. Önemli duyurular ise hemen gelir.',
    digest: 'E-postayla günlük özet',
    digestHint: 'Tek tek e-postalar yerine sabah tek bir e-posta.',
    loading: 'Ayarlar yükleniyor …',
    loadFailed: 'Ayarlar yüklenemedi.',
    retry: 'Tekrar dene',
    saved: 'Kaydedildi',
    saveFailed: 'Ayar kaydedilemedi.',
    offline: 'Ayarlar yalnızca internet bağlantısı varken değiştirilebilir.',
  },
  install: {
    heading: 'Uygulama olarak yükle',
    hint: '{{product}} uygulamasını cihazınıza yükleyin: Böylece ana ekrandan bir uygulama gibi açılır ve internet olmadan da çalışır.',
    button: 'Yükle',
    ios: 'Safari’de “Paylaş” düğmesine, ardından “Ana Ekrana Ekle” seçeneğine dokunun.',
    done: '{{product}} yüklendi.',
  },
};
