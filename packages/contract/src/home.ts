import { z } from 'zod';
import { notice } from './admin-moderation.js';
import { document } from './schemas.js';
import { ticketListItem } from './tickets.js';

/** How many items each card of the home screen lists; the count says how many there are in all. */
export const HOME_CARD_ITEMS = 3;

/**
 * `GET /api/home/`: what is new for the signed-in resident, in one answer so a phone
 * on a weak connection makes one request for the home screen's cards:
 * - `notices`: the location's 'Wichtig' notices that have started, not ended and not been
 *   dismissed by this resident;
 * - `tickets`: their open tickets (reported or followed), most recent activity first;
 * - `documents`: the documents of their apartment and house they have not opened yet.
 */
export const homeSummary = z.object({
  notices: z.array(notice),
  tickets: z.object({ count: z.number(), latest: z.array(ticketListItem) }),
  documents: z.object({ count: z.number(), latest: z.array(document) }),
});
export type HomeSummary = z.infer<typeof homeSummary>;
