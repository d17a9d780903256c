import type { Localized } from '../../de';
import type { homeTicketsDe } from '../../home-tickets';

export const homeTickets: Localized<typeof homeTicketsDe> = {
  homeTickets: {
    report: 'Zgłoś usterkę',
    reportSub: 'Usterka w mieszkaniu lub w budynku, ze zdjęciami',
    list: 'Moje zgłoszenia',
    book: 'Rezerwacje',
    sent: 'Zgłoszenie {{number}} zostało wysłane.',
  },
};
