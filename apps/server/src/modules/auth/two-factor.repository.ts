import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import { pageOf, type PageWindow } from '../../db/paging.js';
import { nowIso } from '../../lib/time.js';

// The staff second factor (migration 013, ADR 025): SQL only.

/** The app_settings key of the administrators' requirement ('1' = every staff account needs 2FA). */
const REQUIRED_KEY = 'staff_two_factor_required';

/** A staff member's second factor, set up or pending; undefined when they have none. */
export function findTwoFactor(db: DB, userId: number) {
  return db
    .selectFrom('staff_two_factor')
    .select(['user_id', 'secret_enc', 'enabled_at', 'last_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Starts (or restarts) a setup with a new encrypted secret; refuses to touch one that is enabled. */
export async function savePendingSecret(db: DB, userId: number, secretEnc: string): Promise<boolean> {
  await db.deleteFrom('staff_two_factor').where('user_id', '=', userId).where('enabled_at', 'is', null).execute();
  const res = await db
    .insertInto('staff_two_factor')
    .values({ user_id: userId, secret_enc: secretEnc, enabled_at: null, last_step: null, created_at: nowIso() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Accepts the code of `step` once: sets last_step when it is newer than every accepted step, in
 * one statement, so two requests with the same code cannot both pass. False: a replay.
 */
export async function claimStep(db: DB, userId: number, step: number): Promise<boolean> {
  const res = await db
    .updateTable('staff_two_factor')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Marks a pending setup as confirmed; false when it was confirmed already (a parallel request). */
export async function enableTwoFactor(db: DB, userId: number): Promise<boolean> {
  const res = await db
    .updateTable('staff_two_factor')
    .set({ enabled_at: nowIso() })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Removes the second factor and its recovery codes (switched off, or reset by an administrator). */
export async function deleteTwoFactor(db: DB, userId: number): Promise<boolean> {
  await db.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
  const res = await db.deleteFrom('staff_two_factor').where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Replaces the recovery codes of a staff member with new ones (hashes). */
export async function replaceRecoveryCodes(db: DB, userId: number, hashes: string[]): Promise<void> {
  await db.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
  const created_at = nowIso();
  await db
    .insertInto('staff_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at })))
    .execute();
}

/** Uses up a recovery code: true when it existed unused (and now is used), in one statement. */
export async function useRecoveryCode(db: DB, userId: number, hash: string): Promise<boolean> {
  const res = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** How many unused recovery codes a staff member has left. */
export async function countRecoveryCodes(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('staff_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the install requires a second factor for every staff account. */
export async function twoFactorRequired(db: DB): Promise<boolean> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', REQUIRED_KEY).executeTakeFirst();
  return row?.value === '1';
}

/** Sets the requirement. */
export async function setTwoFactorRequired(db: DB, required: boolean): Promise<void> {
  const value = required ? '1' : '0';
  await db
    .insertInto('app_settings')
    .values({ key: REQUIRED_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/**
 * The back-office guard's question in one statement: is 2FA required, and has this staff member
 * set it up? Every back-office request asks it.
 */
export async function setupMissing(db: DB, userId: number): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('app_settings').select('value').where('key', '=', REQUIRED_KEY).as('required'),
      eb.selectFrom('staff_two_factor').select('enabled_at').where('user_id', '=', userId).as('enabled_at'),
    ])
    .executeTakeFirstOrThrow();
  return row.required === '1' && !row.enabled_at;
}

/** A staff member by id (for an administrator's reset); undefined for anyone else. */
export function findStaffMember(db: DB, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role'])
    .where('id', '=', id)
    .where('role', 'in', ['manager', 'admin'])
    .executeTakeFirst();
}

/** Every staff member with whether their second factor is set up, by name; for administrators. */
export function listStaffTwoFactor(db: DB, window: PageWindow) {
  const q = db
    .selectFrom('users')
    .leftJoin('staff_two_factor', 'staff_two_factor.user_id', 'users.id')
    .where('users.role', 'in', ['manager', 'admin']);
  return pageOf(
    q,
    (page) =>
      page
        .select([
          'users.id',
          'users.name',
          'users.email',
          'users.role',
          sql<number>`case when staff_two_factor.enabled_at is null then 0 else 1 end`.as('enabled'),
        ])
        .orderBy('users.name')
        .orderBy('users.id'),
    window,
  );
}
