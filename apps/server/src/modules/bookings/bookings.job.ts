import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { PeriodicJob } from '../../lib/periodic-job.js';
import { sendDueReminders } from './bookings.actions.js';

/** How often every process looks for bookings to remind of. */
export const BOOKING_JOB_EVERY_MS = 60_000;

/** Reminds of the approved bookings starting within a day of `now`; returns how many this process reminded of. */
export const runDue = (ctx: AppContext, now = Date.now()): Promise<number> => sendDueReminders(ctx, now);

/**
 * The reminder the day before: every process runs this job (like the notices' job, ADR 017);
 * the compare-and-set on `bookings.reminded_at` lets exactly one of them remind of each booking.
 */
export const bookingJob = (ctx: AppContext, log: FastifyBaseLogger) =>
  new PeriodicJob(BOOKING_JOB_EVERY_MS, () => runDue(ctx), log, 'Buchungen: Erinnerung fehlgeschlagen');
