// The home screen's two ways into defect tickets (issue 21). Apart from tickets.ts, so the home
// chunk carries four strings instead of every ticket screen's, and /login none of them.
import { lazyStrings } from './index';

export const homeTicketsDe = {
  homeTickets: {
    report: 'Schaden melden',
    reportSub: 'Defekt in Wohnung oder Haus, mit Fotos',
    list: 'Meine Meldungen',
  },
};

export const homeTicketsEn: typeof homeTicketsDe = {
  homeTickets: {
    report: 'Report damage',
    reportSub: 'A defect in your apartment or the building, with photos',
    list: 'My reports',
  },
};

export const registerHomeTicketStrings = lazyStrings({ de: homeTicketsDe, en: homeTicketsEn });
