import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { PeriodicJob } from '../../lib/periodic-job.js';
import { remindWaitingParcels } from './parcels.actions.js';

/** How often every process looks for parcels waiting 3 days. */
export const PARCEL_JOB_EVERY_MS = 10 * 60_000;

/**
 * The 3-day parcel reminder (ADR 030). Every process runs it, like the notice job; the
 * compare-and-set on `parcels.reminded_at` lets exactly one of them remind each parcel.
 */
export const parcelJob = (ctx: AppContext, log: FastifyBaseLogger) =>
  new PeriodicJob(PARCEL_JOB_EVERY_MS, () => remindWaitingParcels(ctx), log, 'Pakete: Erinnerung fehlgeschlagen');
