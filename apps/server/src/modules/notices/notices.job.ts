import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { PeriodicJob } from '../../lib/periodic-job.js';
import { announceDueNotices } from './notices.actions.js';

/** How often every process looks for notices whose start has come: residents hear of one within this time. */
export const NOTICE_JOB_EVERY_MS = 15_000;

/** Announces every started, unannounced notice; returns how many this process announced. */
export const runDue = (ctx: AppContext): Promise<number> => announceDueNotices(ctx);

/**
 * Scheduled notices ('Sichtbar ab'): residents see a notice from its start on (a query filter), and
 * this job queues its publication notification once the start has come. Every process runs it,
 * like the digest (ADR 017); the compare-and-set on `notices.announced_at` lets exactly one of
 * them send each notice's notification, and a notice missed while no process ran is sent on the
 * next start.
 */
export const noticeJob = (ctx: AppContext, log: FastifyBaseLogger) =>
  new PeriodicJob(NOTICE_JOB_EVERY_MS, () => runDue(ctx), log, 'Geplante Aushänge: Benachrichtigung fehlgeschlagen');
