import type { Localized } from '../../de';
import type { sessionsDe } from '../../sessions';

export const sessions: Localized<typeof sessionsDe> = {
  sessions: {
    heading: 'Giriş yapılan cihazlar',
    intro:
      'Bu cihazlarda oturumunuz açık. Tanımadığınız bir cihaz varsa, o cihazın oturumunu kapatın ve şifrenizi değiştirin.',
    loading: 'Cihazlar yükleniyor …',
    loadFailed: 'Cihazlar yüklenemedi.',
    retry: 'Tekrar dene',
    thisDevice: 'Bu cihaz',
    unknownDevice: 'Bilinmeyen cihaz',
    signedInAt: 'Giriş: {{time}}',
    lastUsed: 'Son etkinlik: {{time}}',
    signOut: 'Oturumu kapat',
    signOutNamed: '{{device}} oturumunu kapat (giriş: {{time}})',
    signingOut: 'Oturum kapatılıyor …',
    signedOut: '{{device}} oturumu kapatıldı.',
    signOutOthers: 'Diğer tüm cihazlarda oturumu kapat',
    othersSignedOut: 'Diğer tüm cihazlardaki oturumlar kapatıldı.',
    noOthers: 'Başka hiçbir cihazda oturumunuz açık değil.',
    failed: 'Bu işlem yapılamadı. Lütfen tekrar deneyin.',
  },
};
