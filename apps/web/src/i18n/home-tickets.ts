// The home screen's two ways into defect tickets, and the toast of the background
// sender. Apart from tickets.ts, so the home chunk and the sender carry five strings instead of
// every ticket screen's (and the contract's ticket module with its zod schemas), /login none.
import { lazyStrings } from './index';

export const homeTicketsDe = {
  homeTickets: {
    report: 'Schaden melden',
    reportSub: 'Defekt in Wohnung oder Haus, mit Fotos',
    list: 'Meine Meldungen',
    book: 'Buchen',
    sent: 'Ihre Meldung {{number}} wurde gesendet.',
  },
};

export const homeTicketsEn: typeof homeTicketsDe = {
  homeTickets: {
    report: 'Report damage',
    reportSub: 'A defect in your apartment or the building, with photos',
    list: 'My reports',
    book: 'Book',
    sent: 'Your report {{number}} has been sent.',
  },
};

export const registerHomeTicketStrings = lazyStrings({ de: homeTicketsDe, en: homeTicketsEn });
