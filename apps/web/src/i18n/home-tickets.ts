// The home screen's two ways into defect tickets, the emergency button's label, the card of
// open building-wide problems, and the toast of the background sender. Apart from tickets.ts, so
// the home chunk and the sender carry a few strings instead of every ticket screen's (and the contract's ticket module with its zod schemas), /login none.
import { lazyStrings } from './index';

export const homeTicketsDe = {
  homeTickets: {
    report: 'Schaden melden',
    reportSub: 'Defekt in Wohnung oder Haus, mit Fotos',
    list: 'Meine Meldungen',
    book: 'Buchen',
    sent: 'Ihre Meldung {{number}} wurde gesendet.',
    emergency: 'Notruf: {{service}}',
    inEmergency: 'Im Notfall:',
    fire: 'Feuerwehr und Rettungsdienst 112',
    gas: 'Gas-Notruf {{number}}',
    building: 'Aktuelle Störungen im Haus',
    buildingIntro: 'Die Hausverwaltung weiß davon. Betrifft es Sie auch? Dann tippen Sie auf „Betrifft mich auch“.',
    affected: 'Betroffen: {{count}}',
    affectsMeToo: 'Betrifft mich auch',
    joining: 'Wird eingetragen\u00a0…',
    joined: 'Sie sind dabei – Sie erhalten die Nachrichten zu dieser Meldung.',
    joinFailed: 'Das hat nicht geklappt. Bitte versuchen Sie es später erneut.',
  },
};

export const homeTicketsEn: typeof homeTicketsDe = {
  homeTickets: {
    report: 'Report damage',
    reportSub: 'A defect in your apartment or the building, with photos',
    list: 'My reports',
    book: 'Book',
    sent: 'Your report {{number}} has been sent.',
    emergency: 'Emergency: {{service}}',
    inEmergency: 'In an emergency:',
    fire: 'Fire brigade and ambulance 112',
    gas: 'Gas emergency line {{number}}',
    building: 'Current problems in the building',
    buildingIntro: 'The management knows about these. Does it affect you too? Then tap “Affects me too”.',
    affected: 'Affected: {{count}}',
    affectsMeToo: 'Affects me too',
    joining: 'Adding you\u00a0…',
    joined: 'You are on it – you get the messages about this report.',
    joinFailed: 'That did not work. Please try again later.',
  },
};

export const registerHomeTicketStrings = lazyStrings({ de: homeTicketsDe, en: homeTicketsEn });
