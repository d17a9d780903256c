import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { sendDueReminders } from './bookings.actions.js';

/** How often every process looks for bookings to remind of. */
export const BOOKING_JOB_EVERY_MS = 60_000;

/**
 * The reminder the day before: every process runs this job (like the notices' job, ADR 017);
 * the compare-and-set on `bookings.reminded_at` lets exactly one of them remind of each booking.
 */
export class BookingReminderJob {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    const run = () =>
      void this.runDue().catch((err) => this.log.error({ err }, 'Buchungen: Erinnerung fehlgeschlagen'));
    this.timer ??= setInterval(run, BOOKING_JOB_EVERY_MS).unref();
    run();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  runDue(now = Date.now()): Promise<number> {
    return sendDueReminders(this.ctx, now);
  }
}
