import { z } from 'zod';
import { textId } from './fields.js';

/** Notices ending within this many days are listed on the start page. */
export const OVERVIEW_NOTICE_DAYS = 7;

/** `GET /api/admin/overview/?location_id=`: one location of the filter, or all the caller's. */
export const adminOverviewQuery = z.object({ location_id: textId.optional() });

/**
 * The back office's start page ('Übersicht'): per location of the filter, what waits
 * for the manager today. Each number links to the list that shows those items.
 */
export const adminOverviewLocation = z.object({
  id: z.number(),
  title: z.string(),
  pending_messages: z.number(),
  pending_comments: z.number(),
  open_reports: z.number(),
  new_tickets: z.number(),
  stale_tickets: z.number(),
  failed_emails: z.number(),
  /** Residents who never signed in, with no invitation or activation code waiting ('Nie angemeldet'). */
  never_signed_in: z.number(),
  /** Residents who never signed in and have an invitation or code waiting ('Eingeladen'). */
  invited: z.number(),
  notices_ending: z.number(),
  /** Parcels at the reception waiting longer than 7 days (ADR 030). */
  parcels_waiting: z.number(),
  /** Bookings waiting for a manager's approval (ADR 029). */
  pending_bookings: z.number(),
});
export type AdminOverviewLocation = z.infer<typeof adminOverviewLocation>;

export const adminOverview = z.object({ locations: z.array(adminOverviewLocation) });
export type AdminOverview = z.infer<typeof adminOverview>;
