import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { remindWaitingParcels } from './parcels.actions.js';

/** How often every process looks for parcels waiting 3 days. */
export const PARCEL_JOB_EVERY_MS = 10 * 60_000;

/**
 * The 3-day parcel reminder (ADR 030). Every process runs it, like the notice job; the
 * compare-and-set on `parcels.reminded_at` lets exactly one of them remind each parcel.
 */
export class ParcelReminderJob {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    const run = () =>
      void remindWaitingParcels(this.ctx).catch((err) => this.log.error({ err }, 'Pakete: Erinnerung fehlgeschlagen'));
    this.timer ??= setInterval(run, PARCEL_JOB_EVERY_MS).unref();
    run();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
