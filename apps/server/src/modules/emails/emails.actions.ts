import type { AppContext } from '../../context.js';
import type { AuthUser } from '../auth/auth-user.js';
import { inTransaction, type DB } from '../../db/database.js';
import { recordChange } from '../audit/audit.js';
import { nonFieldError, notFound } from '../../lib/errors.js';
import { findEmail, requeueFailed } from '../../outbox/mail.repository.js';
import { staffLocations, type Caller } from '../auth/policies.js';

const onlyFailed = () => nonFieldError('Nur fehlgeschlagene E-Mails können erneut gesendet werden.');

/** Which mail a staff member sees: every mail (`null`, also staff mail) for an admin, else their locations'. */
export async function mailScope(db: DB, user: AuthUser): Promise<number[] | null> {
  return user.role === 'admin' ? null : staffLocations(db, user);
}

/** A manager sends a failed mail of their locations again (an admin any failed mail); returns it as queued now. */
export async function retryMail(ctx: AppContext, caller: Caller, id: number) {
  const { db } = ctx;
  const scope = await mailScope(db, caller);
  const row = await findEmail(db, scope, id);
  if (!row) throw notFound();
  if (row.status !== 'failed') throw onlyFailed();
  const after = await inTransaction(db, async (trx) => {
    // The status condition makes two retries at once queue the mail only once.
    if ((await requeueFailed(trx, [id])) !== 1) throw onlyFailed();
    await recordChange(trx, {
      actor: caller,
      action: 'email_retried',
      entity: { type: 'email', id, locationId: row.location_id },
      before: { status: row.status, attempts: row.attempts, last_error: row.last_error },
      after: { status: 'pending', attempts: 0 },
    });
    return (await findEmail(trx, scope, id))!;
  });
  ctx.outbox.kick();
  return after;
}
