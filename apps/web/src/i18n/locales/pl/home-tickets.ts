import type { Localized } from '../../de';
import type { homeTicketsDe } from '../../home-tickets';

export const homeTickets: Localized<typeof homeTicketsDe> = {
  homeTickets: {
    report: 'Zgłoś usterkę',
    reportSub: 'Usterka w mieszkaniu lub w budynku, ze zdjęciami',
    list: 'Moje zgłoszenia',
    book: 'Rezerwacje',
    sent: 'Zgłoszenie {{number}} zostało wysłane.',
    emergency: 'Pogotowie: {{service}}',
    inEmergency: 'W nagłym wypadku:',
    fire: 'Straż pożarna i pogotowie ratunkowe 112',
    gas: 'Pogotowie gazowe {{number}}',
    building: 'Aktualne usterki w budynku',
    buildingIntro: 'Zarząd już o nich wie. Czy dotyczy to również Państwa? Proszę wtedy nacisnąć „Dotyczy także mnie”.',
    affected: 'Dotyczy osób: {{count}}',
    affectsMeToo: 'Dotyczy także mnie',
    joining: 'Dodawanie\u00a0…',
    joined: 'Dołączyli Państwo – otrzymają Państwo wiadomości o tym zgłoszeniu.',
    joinFailed: 'To się nie udało. Proszę spróbować ponownie później.',
  },
};
