import type { Localized } from '../../de';
import type { homeTicketsDe } from '../../home-tickets';

export const homeTickets: Localized<typeof homeTicketsDe> = {
  homeTickets: {
    report: 'Arıza bildir',
    reportSub: 'Dairenizde veya binada bir arıza – fotoğraflarla',
    list: 'Bildirimlerim ve taleplerim',
    book: 'Rezervasyon',
    sent: '{{number}} numaralı bildiriminiz gönderildi.',
    emergency: 'Acil durum: {{service}}',
    inEmergency: 'Acil durumda:',
    fire: 'İtfaiye ve ambulans 112',
    gas: 'Doğalgaz acil hattı {{number}}',
    building: 'Binadaki güncel arızalar',
    buildingIntro: 'Yönetim bunlardan haberdar. Sizi de etkiliyor mu? O zaman “Beni de etkiliyor”a dokunun.',
    affected: 'Etkilenen: {{count}}',
    affectsMeToo: 'Beni de etkiliyor',
    joining: 'Ekleniyorsunuz\u00a0…',
    joined: 'Eklendiniz – bu kayıtla ilgili mesajları alacaksınız.',
    joinFailed: 'Bu işe yaramadı. Lütfen daha sonra tekrar deneyin.',
  },
};
