import { i18next } from '@/i18n';
import { registerTicketStrings } from '@/i18n/tickets';
import { notify } from '@/lib/notify';
import { getCategories } from './api';
import { startOutboxSender } from './outbox';
import { writeCache } from './use-remote';

registerTicketStrings();

/**
 * What tickets do while a resident is signed in, whatever the screen (the app starts it): send
 * the reports kept on the device, now and whenever the connection returns, and store the
 * categories, so that 'Schaden melden' can be filled in offline even if it was never opened.
 */
export function startTicketBackground(userId: number): () => void {
  if (navigator.onLine !== false) {
    getCategories().then(
      (categories) => writeCache('categories', categories),
      () => undefined,
    );
  }
  return startOutboxSender(userId, (ticket) =>
    notify('success', i18next.t('tickets.pendingSent', { number: ticket.number })),
  );
}
