import { remoteCache } from '@/lib/use-remote';

/**
 * The ticket screens' copies for offline: the list, the categories, the requests, the reports,
 * and the last 20 tickets opened, as many as posts (KEEP_OPENED_POSTS).
 */
export const ticketCache = remoteCache('tickets', { keepLast: { prefix: 'ticket:', count: 20 } });
