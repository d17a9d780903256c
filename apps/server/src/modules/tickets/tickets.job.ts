import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { PeriodicJob } from '../../lib/periodic-job.js';
import { acceptDueTickets } from './tickets.admin.actions.js';

/** How often every process looks for a craftsman's 'erledigt' its location accepts by itself. */
export const TICKET_JOB_EVERY_MS = 30 * 60_000;

/**
 * The automatic acceptance of locations with `auto_accept_days`. Every process runs it; the
 * compare-and-set on the ticket's status lets exactly one of them accept each ticket.
 */
export const ticketJob = (ctx: AppContext, log: FastifyBaseLogger) =>
  new PeriodicJob(
    TICKET_JOB_EVERY_MS,
    () => acceptDueTickets(ctx),
    log,
    'Meldungen: automatische Abnahme fehlgeschlagen',
  );
