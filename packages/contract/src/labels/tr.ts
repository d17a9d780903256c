import type { Labels } from './constants.js';

/** Turkish. */
export const labelsTr: Labels = {
  ticketStatuses: {
    received: 'Alındı',
    in_progress: 'İşlemde',
    craftsman_assigned: 'Usta görevlendirildi',
    appointment_set: 'Randevu belirlendi',
    reported_done: 'Tamamlandı olarak bildirildi',
    done: 'Tamamlandı',
    rejected: 'Reddedildi',
  },
  ticketScopes: {
    apartment: 'Dairemde',
    building: 'Binada / ortak alanda',
  },
  notificationKinds: {
    posts: 'Duyuru panosundaki yeni gönderiler',
    comments: 'Gönderilerime yapılan yorumlar',
    moderation: 'Gönderilerimin ve yorumlarımın incelenmesi',
    reports: 'Şikayetlerimle ilgili kararlar',
    requests: 'Taleplerimin durumu',
    notices: 'Bina yönetiminden duyurular',
    documents: 'Dairem için yeni belgeler',
    tickets: 'Arıza bildirimlerim',
    parcels: 'Resepsiyondaki paketler',
    bookings: 'Rezervasyonlarım',
    queue: 'Onay bekleyen yeni içerikler',
    ticket_queue: 'Yeni arıza bildirimleri',
  },
};
