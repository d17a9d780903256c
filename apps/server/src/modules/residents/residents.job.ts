import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/database.js';
import { PeriodicJob } from '../../lib/periodic-job.js';
import { settleAccess } from './residents.access.js';
import { addDays, berlinToday } from '../auth/access-window.js';
import { dueForAccess } from './residents.repository.js';

/**
 * How often every process looks for access to open or close. Days turn at Berlin
 * midnight; sign-in reads the dates itself, so this only bounds how late the invitation goes out
 * and how long an open session outlives its window (at most this long).
 */
export const ACCESS_JOB_EVERY_MS = 10 * 60_000;
const BATCH = 500;

/**
 * Opens the access of residents whose window has started (the invitation goes out) and closes
 * that of residents whose window has ended (sessions end), a batch per transaction; each step is a
 * compare-and-set, so processes running this at once do each once. Returns the counts.
 */
export async function runAccessJob(ctx: AppContext): Promise<{ opened: number; closed: number }> {
  const { opensDaysBeforeMoveIn, closesDaysAfterMoveOut } = ctx.config.access;
  const today = berlinToday();
  const openUpTo = addDays(today, opensDaysBeforeMoveIn);
  const closeUpTo = addDays(today, -closesDaysAfterMoveOut - 1);
  let opened = 0;
  let closed = 0;
  let seen = new Set<number>();
  for (;;) {
    const due = await dueForAccess(ctx.db, openUpTo, closeUpTo, BATCH);
    const ids = [...new Set([...due.toOpen, ...due.toClose])].filter((id) => !seen.has(id));
    if (ids.length === 0) break;
    seen = new Set([...seen, ...ids]);
    const settled = await inTransaction(ctx.db, (trx) => settleAccess(ctx, trx, ids, { invite: true }));
    opened += settled.opened.length;
    closed += settled.closed.length;
    if (settled.invited.length) ctx.outbox.kick();
  }
  return { opened, closed };
}

export const accessJob = (ctx: AppContext, log: FastifyBaseLogger) =>
  new PeriodicJob(
    ACCESS_JOB_EVERY_MS,
    () => runAccessJob(ctx),
    log,
    'Zugang nach Ein- und Auszug: Lauf fehlgeschlagen',
  );
