import type { AppContext } from '../../context.js';
import type { DB } from '../../db/database.js';
import { raise } from '../../events/bus.js';
import { queueAccountMail } from './residents.mail.js';
import * as repo from './residents.repository.js';
import { accessState, berlinToday } from '../auth/access-window.js';

// Access by move-in and move-out: what happens when a resident's access opens or
// closes, for the ERP sync, the CSV import, the back office and the access job alike. The rules
// themselves (which day, which state) are in residents.window.ts.

/** What settling access did, so the caller can kick the outbox after the commit. */
export interface Settled {
  opened: number[];
  invited: number[];
  closed: number[];
}

/**
 * Brings these residents' access in line with their dates, inside the write's transaction `trx`
 * (the one function the ERP sync, the CSV import, the back office and the access job share):
 * - open and not opened yet: marks it opened (compare-and-set, so exactly once across processes)
 *   and, when `invite` holds, sends the invitation (only with an e-mail address, no password
 *   yet and an active account);
 * - open but closed before (the move-out moved later): lifts the closed mark (compare-and-set)
 *   and, for an active account opened before, does what an opening does: closing ended its
 *   invitation link, so a resident who never set a password gets a new invitation;
 * - closed and not closed yet: marks it closed and ends sessions, pushes, reset links and codes;
 * - scheduled (the move-in moved later): ends any session and the invitation link and takes the
 *   opened mark back, so the day the window begins opens it again, with a new invitation.
 * Deactivated accounts are not opened (the job and a reactivation come back to them).
 */
export async function settleAccess(
  ctx: Pick<AppContext, 'config' | 'outbox' | 'events'>,
  trx: DB,
  ids: number[],
  opts: { invite: boolean },
): Promise<Settled> {
  const settled: Settled = { opened: [], invited: [], closed: [] };
  if (ids.length === 0) return settled;
  const window = ctx.config.access;
  const today = berlinToday();
  const subjects = await repo.accessSubjects(trx, ids);
  const toOpen: repo.AccessSubject[] = [];
  const toReopen: repo.AccessSubject[] = [];
  const toClose: number[] = [];
  const scheduled: number[] = [];
  for (const s of subjects) {
    const state = accessState(s, window, today);
    if (state === 'open') {
      if (!s.access_opened_at && s.is_active) toOpen.push(s);
      if (s.access_closed_at) toReopen.push(s);
    } else if (state === 'closed') {
      if (!s.access_closed_at) toClose.push(s.id);
    } else if (s.access_opened_at) {
      scheduled.push(s.id);
    }
  }
  if (toReopen.length) {
    const reopened = new Set(
      await repo.reopenAccess(
        trx,
        toReopen.map((s) => s.id),
      ),
    );
    // Opened before and active; one never opened opens below.
    for (const s of toReopen)
      if (reopened.has(s.id) && s.access_opened_at && s.is_active) {
        settled.opened.push(s.id);
        if (await openAccess(ctx, trx, s, opts.invite, ids.length > 1)) settled.invited.push(s.id);
      }
  }
  if (scheduled.length) await repo.rescheduleAccess(trx, scheduled);
  if (toClose.length) settled.closed = await repo.claimAccessClosed(trx, toClose);
  if (toOpen.length) {
    const claimed = new Set(
      await repo.claimAccessOpened(
        trx,
        toOpen.map((s) => s.id),
      ),
    );
    for (const s of toOpen) {
      if (!claimed.has(s.id)) continue;
      settled.opened.push(s.id);
      if (await openAccess(ctx, trx, s, opts.invite, ids.length > 1)) settled.invited.push(s.id);
    }
  }
  return settled;
}

/**
 * What happens once when a resident's access opens or reopens (its mark is already set in
 * `trx`): the `resident.activated` webhook and the invitation to set a password, if asked and
 * possible. Returns whether the invitation was queued.
 */
async function openAccess(
  ctx: Pick<AppContext, 'config' | 'outbox' | 'events'>,
  trx: DB,
  s: repo.AccessSubject,
  invite: boolean,
  /** One of many at once (an import, an ERP sync, the daily job): the mail goes as bulk, after everyday mail. */
  bulk: boolean,
): Promise<boolean> {
  await raise(trx, ctx, { type: 'resident.activated', userId: s.id, locationId: s.location_id! });
  if (!(invite && s.email && s.no_password)) return false;
  await queueAccountMail(
    ctx,
    trx,
    {
      id: s.id,
      email: s.email,
      name: s.name,
      apartmentNumber: s.apartment_number,
      locationId: s.location_id!,
      locationTitle: s.location_title || s.location_name,
      language: s.language,
    },
    'invitation',
    { bulk },
  );
  return true;
}
