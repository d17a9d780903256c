import type { FastifyInstance } from 'fastify';
import {
  OVERVIEW_NOTICE_DAYS,
  PARCEL_LONG_WAIT_DAYS,
  TICKET_STALE_HOURS,
  adminOverview,
  adminOverviewQuery,
} from '@hausportal/contract';
import { isoFromMs } from '../../lib/time.js';
import { moduleRoutes } from '../../lib/routes.js';
import { failedMailsByLocation } from '../../outbox/mail.repository.js';
import { listScope } from '../auth/policies.js';
import { locationTitles } from '../location/location.repository.js';
import { moderationSummaryByLocation } from '../moderation/moderation.repository.js';
import { noticesEndingByLocation } from '../notices/notices.repository.js';
import { longWaitingCounts } from '../parcels/parcels.repository.js';
import { pendingByLocation } from '../bookings/bookings.repository.js';
import { countAccountStatuses } from '../residents/residents.repository.js';
import { ticketSummaryByLocation } from '../tickets/tickets.repository.js';

const HOUR = 3_600_000;

/**
 * The back office's start page: per location of the filter, what waits for the
 * manager today. It only reads, each count from the module that owns it, grouped by location in
 * one query per count, so an administrator with many locations costs the same six queries.
 */
export async function overviewAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = moduleRoutes(app, ['overview'], 'parent');
  const { db } = app.ctx;

  r.get(
    '/overview/',
    {
      schema: {
        summary: 'Übersicht: was je Standort auf die Hausverwaltung wartet',
        querystring: adminOverviewQuery,
        response: { 200: adminOverview },
      },
    },
    async (request) => {
      const locations = await listScope(request, request.query.location_id);
      const now = Date.now();
      const [titles, moderation, tickets, mails, accounts, notices, parcels, bookings] = await Promise.all([
        locationTitles(db, locations),
        moderationSummaryByLocation(db, locations),
        ticketSummaryByLocation(db, locations, isoFromMs(now - TICKET_STALE_HOURS * HOUR)),
        failedMailsByLocation(db, locations),
        countAccountStatuses(db, locations),
        noticesEndingByLocation(db, locations, isoFromMs(now + OVERVIEW_NOTICE_DAYS * 24 * HOUR)),
        longWaitingCounts(db, locations, isoFromMs(now - PARCEL_LONG_WAIT_DAYS * 24 * HOUR)),
        pendingByLocation(db, locations),
      ]);
      return {
        locations: titles.map(({ id, title }) => ({
          id,
          title,
          pending_messages: moderation.get(id)!.pending_messages,
          pending_comments: moderation.get(id)!.pending_comments,
          open_reports: moderation.get(id)!.open_reports,
          new_tickets: tickets.get(id)!.received,
          stale_tickets: tickets.get(id)!.stale,
          failed_emails: mails.get(id)!,
          never_signed_in: accounts.get(id)!.never,
          invited: accounts.get(id)!.invited,
          notices_ending: notices.get(id)!,
          parcels_waiting: parcels.get(id)!,
          pending_bookings: bookings.get(id) ?? 0,
        })),
      };
    },
  );
}
