import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { PeriodicJob } from '../../lib/periodic-job.js';
import { purgeOldDeliveries } from './webhooks.actions.js';

/** How often every process deletes deliveries older than WEBHOOK_LOG_DAYS (a plain delete, safe in several at once). */
export const WEBHOOK_RETENTION_EVERY_MS = 24 * 3_600_000;

export const webhookRetentionJob = (ctx: AppContext, log: FastifyBaseLogger) =>
  new PeriodicJob(
    WEBHOOK_RETENTION_EVERY_MS,
    () => purgeOldDeliveries(ctx),
    log,
    'Webhooks: Löschen alter Zustellungen fehlgeschlagen',
  );
