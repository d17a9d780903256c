import { definePersonalData } from '../../personal-data/define.js';
import { eraseTicketData, ticketsOfUser } from './tickets.repository.js';

/**
 * Reported and followed tickets, the resident's messages and photos. The tickets stay as the
 * management's record of the defect, without the phone number, the following and the photos from
 * inside the flat.
 */
export const ticketPersonalData = definePersonalData({
  module: 'tickets',
  tables: ['tickets', 'ticket_events', 'ticket_followers', 'ticket_photos'],
  async exportPersonalData(db, userId, link) {
    const d = await ticketsOfUser(db, userId);
    return {
      tickets: {
        reported: d.tickets.map(({ id: _id, contact_consent, ...t }) => ({
          ...t,
          contact_consent: Boolean(contact_consent),
        })),
        followed: d.followed,
        messages: d.messages,
        photos: d.photos.map(({ file_key, ...p }) => ({ ...p, file: link(file_key) })),
      },
    };
  },
  erasePersonalData: (trx, userId) => eraseTicketData(trx, userId),
});
