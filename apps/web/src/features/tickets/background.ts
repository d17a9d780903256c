import { i18next } from '@/i18n';
import { registerHomeTicketStrings } from '@/i18n/home-tickets';
import { notify } from '@/lib/notify';
import { getCategories } from './api';
import { startOutboxSender } from './outbox';
import { ticketCache } from './cache';

// The toast's one string comes with the home screen's, not with every ticket screen's.
registerHomeTicketStrings();

/**
 * What tickets do while a resident is signed in, whatever the screen (the app starts it): send
 * the reports kept on the device, now and whenever the connection returns, and store the
 * categories, so that 'Schaden melden' can be filled in offline even if it was never opened.
 */
export function startTicketBackground(userId: number): () => void {
  if (navigator.onLine !== false) {
    getCategories().then(
      (categories) => ticketCache('categories').write(categories),
      () => undefined,
    );
  }
  return startOutboxSender(userId, (ticket) =>
    notify('success', i18next.t('homeTickets.sent', { number: ticket.number })),
  );
}
