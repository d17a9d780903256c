// Every query on the mail table outside the sender itself: the back office's list and detail,
// the `npm run outbox` command's counts and re-queueing, and the backlog release after an outage.
import type { DB } from '../db/database.js';
import type { EmailOutboxTable } from '../db/schema.js';
import { countsByLocation, pageOf, type PageWindow } from '../db/paging.js';
import { nowIso } from '../lib/time.js';

const columns = [
  'id',
  'to_address',
  'subject',
  'kind',
  'status',
  'attempts',
  'last_error',
  'created_at',
  'sent_at',
  'location_id',
  'contains_secret',
] as const;

/** Mail a caller may see: of the given locations, or every mail (also without a location) for `null`. */
function visible(db: DB, scope: number[] | null) {
  const q = db.selectFrom('email_outbox');
  return scope === null ? q : q.where('location_id', 'in', scope.length ? scope : [-1]);
}

export interface EmailFilter {
  status?: EmailOutboxTable['status'];
  locationId?: number;
}

/** One page of the outbox in scope, newest first, with the total. */
export function listEmails(db: DB, scope: number[] | null, f: EmailFilter, window: PageWindow) {
  let base = visible(db, scope);
  if (f.status) base = base.where('status', '=', f.status);
  if (f.locationId !== undefined) base = base.where('location_id', '=', f.locationId);
  return pageOf(base, (q) => q.select(columns).orderBy('created_at', 'desc').orderBy('id', 'desc'), window);
}

/** One mail with its body, if in scope. */
export function findEmail(db: DB, scope: number[] | null, id: number) {
  return visible(db, scope).select(columns).select('body_text').where('id', '=', id).executeTakeFirst();
}

export type EmailRow = Awaited<ReturnType<typeof listEmails>>['rows'][number];

/** Makes every waiting mail due now; returns how many. */
export async function releaseBacklog(db: DB): Promise<number> {
  const now = nowIso();
  const res = await db
    .updateTable('email_outbox')
    .set({ next_attempt_at: now })
    .where('status', '=', 'pending')
    .where('next_attempt_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Mail of one status, newest first, for the outbox command. */
export function listMail(db: DB, status: EmailOutboxTable['status'], limit = 50) {
  return db
    .selectFrom('email_outbox')
    .select(['id', 'to_address', 'subject', 'status', 'attempts', 'last_error', 'created_at', 'next_attempt_at'])
    .where('status', '=', status)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Counts the outbox by status. */
export async function countMail(db: DB): Promise<Record<EmailOutboxTable['status'], number>> {
  const rows = await db
    .selectFrom('email_outbox')
    .select(['status', (eb) => eb.fn.countAll().as('n')])
    .groupBy('status')
    .execute();
  const counts = { pending: 0, sent: 0, failed: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

/** Puts failed mail (the given ids, or all) back in the queue with a fresh start; returns how many. */
export async function requeueFailed(db: DB, ids?: number[]): Promise<number> {
  let q = db
    .updateTable('email_outbox')
    .set({ status: 'pending', attempts: 0, first_error_at: null, next_attempt_at: nowIso(), locked_until: null })
    .where('status', '=', 'failed');
  if (ids) q = q.where('id', 'in', ids.length ? ids : [-1]);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Per location, how many mails failed for good (the back office's 'Übersicht'). */
export async function failedMailsByLocation(db: DB, locations: number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('email_outbox')
    .select(['location_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('location_id', 'in', locations.length ? locations : [-1])
    .where('status', '=', 'failed')
    .groupBy('location_id')
    .execute();
  return countsByLocation(locations, rows);
}

// ---- DSGVO ----

/**
 * Invitation and reset mails name the person and were only about this account, unless a household
 * shares the address: then they may be another account's, and stay.
 */
export async function deleteAccountMails(trx: DB, userId: number): Promise<void> {
  const user = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  if (!user?.email) return;
  const shared = await trx
    .selectFrom('users')
    .select('id')
    .where('email', '=', user.email)
    .where('id', '!=', userId)
    .executeTakeFirst();
  if (shared) return;
  await trx
    .deleteFrom('email_outbox')
    .where('to_address', '=', user.email)
    .where('kind', 'in', ['invitation', 'reset'])
    .execute();
}
