import type { Labels } from './constants.js';

/** Polish. */
export const labelsPl: Labels = {
  ticketStatuses: {
    received: 'Przyjęte',
    in_progress: 'W realizacji',
    craftsman_assigned: 'Zlecone fachowcowi',
    appointment_set: 'Termin uzgodniony',
    reported_done: 'Zgłoszone jako wykonane',
    done: 'Zakończone',
    rejected: 'Odrzucone',
  },
  ticketScopes: {
    apartment: 'W moim mieszkaniu',
    building: 'W budynku / w częściach wspólnych',
  },
  notificationKinds: {
    posts: 'Nowe wpisy na tablicy ogłoszeń',
    comments: 'Komentarze do moich wpisów',
    moderation: 'Sprawdzanie moich wpisów i komentarzy',
    reports: 'Decyzje w sprawie zgłoszonych przeze mnie treści',
    requests: 'Realizacja moich zapytań',
    notices: 'Ogłoszenia administracji budynku',
    documents: 'Nowe dokumenty dotyczące mojego mieszkania',
    tickets: 'Moje zgłoszenia usterek',
    parcels: 'Paczki w recepcji',
    bookings: 'Moje rezerwacje',
    queue: 'Nowe treści do moderacji',
    ticket_queue: 'Nowe zgłoszenia usterek',
  },
};
