import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import {
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_CODE_USED,
  TWO_FACTOR_REQUIRED_CODE,
  TWO_FACTOR_REQUIRED_DETAIL,
  TWO_FACTOR_WRONG_CODE,
  type RecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@hausportal/contract';
import type { AppContext } from '../../context.js';
import type { AuthUser } from './auth-user.js';
import { inTransaction, type DB } from '../../db/database.js';
import { recordChange } from '../audit/audit.js';
import { ApiError, fieldError, nonFieldError, notFound } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { SecretBox } from '../../lib/secret-box.js';
import { hashToken } from '../../lib/tokens.js';
import { deleteUserTokens, findPasswordHash, usableHash } from './auth.repository.js';
import { requireAdmin, type Caller } from './policies.js';
import type { Attempt } from './sign-in-throttle.js';
import { qrCodeDataUrl } from './two-factor.presenter.js';
import * as repo from './two-factor.repository.js';

// Staff sign-in with a second factor (ADR 025): TOTP after RFC 6238 (SHA-1, 6 digits,
// 30-second steps, what every authenticator app reads), ±1 step of clock drift, each step's code
// accepted once; 10 one-time recovery codes, stored hashed.

const PERIOD = 30;
const DIGITS = 6;
const DRIFT_STEPS = 1;
/** The recovery codes' letters: no 0/o, 1/l/i, so they read back from paper without doubt. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 16;

export const ALREADY_ENABLED = 'Die Zwei-Faktor-Anmeldung ist bereits eingerichtet.';
export const NOT_ENABLED = 'Die Zwei-Faktor-Anmeldung ist für dieses Konto nicht eingerichtet.';
export const NO_PENDING_SETUP = 'Bitte starten Sie die Einrichtung zuerst („Einrichtung starten“).';
export const REQUIRED_CANNOT_DISABLE =
  'Ihre Hausverwaltung verlangt die Zwei-Faktor-Anmeldung für alle Konten; sie lässt sich daher nicht abschalten.';
export const WRONG_PASSWORD = 'Das Passwort ist falsch.';
export const OWN_SETUP_FIRST =
  'Bitte richten Sie zuerst Ihre eigene Zwei-Faktor-Anmeldung ein, bevor Sie sie für alle Konten verlangen.';
export const APP_CODE_ONLY = 'Bitte geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.';

const boxes = new WeakMap<AppContext, SecretBox>();
/** The box that seals TOTP secrets with a key derived from the install's secret. */
function box(ctx: AppContext): SecretBox {
  let b = boxes.get(ctx);
  if (!b) boxes.set(ctx, (b = new SecretBox(ctx.secret, 'staff-totp-secret')));
  return b;
}

function totp(ctx: AppContext, secret: Secret, label: string): TOTP {
  return new TOTP({ issuer: ctx.config.appName, label, secret, algorithm: 'SHA1', digits: DIGITS, period: PERIOD });
}

/** What was typed: a 6-digit app code or a recovery code; spaces and hyphens do not matter. */
function readCode(raw: string): { kind: 'totp' | 'recovery'; value: string } {
  const compact = raw.replace(/[\s-]/g, '').toLowerCase();
  return /^\d{6}$/.test(compact) ? { kind: 'totp', value: compact } : { kind: 'recovery', value: compact };
}

const recoveryHash = (userId: number, code: string) => hashToken(`${userId}:${code}`);

/** Ten new recovery codes, shown as `abcd-efgh-jkmn-pqrs`. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return code.match(/.{4}/g)!.join('-');
  });
}

type Check = 'totp' | 'recovery' | 'wrong' | 'replay';

/**
 * Checks a code against the staff member's secret (and, if allowed, their recovery codes) and
 * uses it up: an app code's step is claimed, a recovery code is marked used.
 */
async function checkCode(
  ctx: AppContext,
  row: { user_id: number; secret_enc: string },
  raw: string,
  allowRecovery: boolean,
): Promise<Check> {
  const code = readCode(raw);
  if (code.kind === 'recovery') {
    if (!allowRecovery || code.value.length !== RECOVERY_LENGTH) return 'wrong';
    return (await repo.useRecoveryCode(ctx.db, row.user_id, recoveryHash(row.user_id, code.value)))
      ? 'recovery'
      : 'wrong';
  }
  const plain = box(ctx).open(row.secret_enc);
  // Sealed with another install secret (SECRET_KEY changed): no code can match; an admin resets.
  if (plain === null) return 'wrong';
  const timestamp = Date.now();
  const secret = Secret.fromBase32(plain);
  const delta = TOTP.validate({
    token: code.value,
    secret,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    timestamp,
    window: DRIFT_STEPS,
  });
  if (delta === null) return 'wrong';
  const step = TOTP.counter({ period: PERIOD, timestamp }) + delta;
  return (await repo.claimStep(ctx.db, row.user_id, step)) ? 'totp' : 'replay';
}

/** The 400 of a refused code, under the field `code`. */
const refusal = (check: Check) => fieldError('code', check === 'replay' ? TWO_FACTOR_CODE_USED : TWO_FACTOR_WRONG_CODE);

/**
 * The staff sign-in's second step, after a correct password (auth.actions signInStaff). Without a
 * second factor it returns null. With one, a missing code answers 401 `two_factor_required`
 * (the attempt's points stay taken, nothing is counted as a failure), and a wrong or replayed code
 * counts as a failed sign-in in the throttle, exactly like a wrong password. Returns the kind of
 * code used, for the audit entry of the sign-in.
 */
export async function verifySecondFactor(
  ctx: AppContext,
  userId: number,
  code: string | undefined,
  attempt: Attempt,
): Promise<'totp' | 'recovery_code' | null> {
  const row = await repo.findTwoFactor(ctx.db, userId);
  if (!row?.enabled_at) return null;
  if (!code?.trim()) throw new ApiError(401, { detail: TWO_FACTOR_REQUIRED_DETAIL, code: TWO_FACTOR_REQUIRED_CODE });
  const check = await checkCode(ctx, row, code, true);
  if (check === 'totp') return 'totp';
  if (check === 'recovery') return 'recovery_code';
  await attempt.failed();
  throw refusal(check);
}

/** The caller's second factor, without the secret. */
export async function twoFactorStatus(ctx: AppContext, user: AuthUser): Promise<TwoFactorStatus> {
  const [row, required] = await Promise.all([repo.findTwoFactor(ctx.db, user.id), repo.twoFactorRequired(ctx.db)]);
  const enabled = Boolean(row?.enabled_at);
  return {
    enabled,
    enabled_at: row?.enabled_at ?? null,
    required,
    recovery_codes_left: enabled ? await repo.countRecoveryCodes(ctx.db, user.id) : 0,
  };
}

/**
 * Starts the setup: a new random secret (160 bits), stored encrypted and pending until a code
 * confirms it. The only reply that ever carries the secret. A second start replaces a pending
 * secret; an enabled factor is never replaced here (switch it off or have it reset first).
 */
export async function startTwoFactorSetup(ctx: AppContext, caller: Caller): Promise<TwoFactorSetup> {
  const existing = await repo.findTwoFactor(ctx.db, caller.id);
  if (existing?.enabled_at) throw nonFieldError(ALREADY_ENABLED);
  const secret = new Secret({ size: 20 });
  if (!(await repo.savePendingSecret(ctx.db, caller.id, box(ctx).seal(secret.base32))))
    throw nonFieldError(ALREADY_ENABLED);
  const url = totp(ctx, secret, caller.email).toString();
  return { secret: secret.base32, otpauth_url: url, qr_code: await qrCodeDataUrl(url) };
}

/**
 * Confirms the setup with a first valid code from the app; only then does the sign-in ask for
 * codes. Hands out the recovery codes, once.
 */
export async function confirmTwoFactorSetup(ctx: AppContext, caller: Caller, code: string): Promise<RecoveryCodes> {
  const row = await repo.findTwoFactor(ctx.db, caller.id);
  if (!row) throw nonFieldError(NO_PENDING_SETUP);
  if (row.enabled_at) throw nonFieldError(ALREADY_ENABLED);
  if (readCode(code).kind !== 'totp') throw fieldError('code', APP_CODE_ONLY);
  const check = await checkCode(ctx, row, code, false);
  if (check !== 'totp') throw refusal(check);
  return issueRecoveryCodes(ctx, caller, 'two_factor_enabled', async (trx) => {
    if (!(await repo.enableTwoFactor(trx, caller.id))) throw nonFieldError(ALREADY_ENABLED);
  });
}

/** New recovery codes for the caller, with a current app code; the old ones stop working. */
export async function regenerateRecoveryCodes(ctx: AppContext, caller: Caller, code: string): Promise<RecoveryCodes> {
  const row = await repo.findTwoFactor(ctx.db, caller.id);
  if (!row?.enabled_at) throw nonFieldError(NOT_ENABLED);
  if (readCode(code).kind !== 'totp') throw fieldError('code', APP_CODE_ONLY);
  const check = await checkCode(ctx, row, code, false);
  if (check !== 'totp') throw refusal(check);
  return issueRecoveryCodes(ctx, caller, 'two_factor_recovery_codes_renewed');
}

/**
 * New recovery codes replace the stored ones (only their hashes are kept), in one transaction
 * with `first` and the audit entry; the codes themselves are shown this once.
 */
async function issueRecoveryCodes(
  ctx: AppContext,
  caller: Caller,
  action: string,
  first?: (trx: DB) => Promise<void>,
): Promise<RecoveryCodes> {
  const codes = newRecoveryCodes();
  await inTransaction(ctx.db, async (trx) => {
    await first?.(trx);
    await repo.replaceRecoveryCodes(
      trx,
      caller.id,
      codes.map((c) => recoveryHash(caller.id, c.replaceAll('-', ''))),
    );
    await recordChange(trx, {
      actor: { id: caller.id, ip: caller.ip },
      action,
      entity: { type: 'user', id: caller.id },
    });
  });
  return { recovery_codes: codes };
}

/** The caller switches their second factor off: only when the install does not require it, with password and code. */
export async function disableTwoFactor(ctx: AppContext, caller: Caller, password: string, code: string): Promise<void> {
  if (await repo.twoFactorRequired(ctx.db)) throw new ApiError(403, { detail: REQUIRED_CANNOT_DISABLE });
  const row = await repo.findTwoFactor(ctx.db, caller.id);
  if (!row?.enabled_at) throw nonFieldError(NOT_ENABLED);
  if (!(await verifyPassword(usableHash(await findPasswordHash(ctx.db, caller.id)), password)))
    throw fieldError('password', WRONG_PASSWORD);
  const check = await checkCode(ctx, row, code, true);
  if (check !== 'totp' && check !== 'recovery') throw refusal(check);
  await inTransaction(ctx.db, async (trx) => {
    await repo.deleteTwoFactor(trx, caller.id);
    await recordChange(trx, {
      actor: { id: caller.id, ip: caller.ip },
      action: 'two_factor_disabled',
      entity: { type: 'user', id: caller.id },
    });
  });
}

/**
 * An administrator resets another staff member's second factor (a lost phone): the factor and its
 * recovery codes are deleted and the member's sessions end, so they sign in with the password and
 * set it up again. 404 for anyone who is not staff.
 */
export async function resetTwoFactor(ctx: AppContext, caller: Caller, userId: number): Promise<void> {
  requireAdmin(caller);
  const member = await repo.findStaffMember(ctx.db, userId);
  if (!member) throw notFound();
  await inTransaction(ctx.db, async (trx) => {
    if (!(await repo.deleteTwoFactor(trx, userId))) throw nonFieldError(NOT_ENABLED);
    if (userId !== caller.id) await deleteUserTokens(trx, userId);
    await recordChange(trx, {
      actor: { id: caller.id, ip: caller.ip },
      action: 'two_factor_reset',
      entity: { type: 'user', id: userId },
    });
  });
}

/** An administrator requires (or no longer requires) a second factor for every staff account. */
export async function setTwoFactorRequirement(ctx: AppContext, caller: Caller, required: boolean): Promise<void> {
  requireAdmin(caller);
  // Whoever requires it has it: an administrator cannot shut themselves out of the setting.
  if (required && !(await repo.findTwoFactor(ctx.db, caller.id))?.enabled_at) throw nonFieldError(OWN_SETUP_FIRST);
  await inTransaction(ctx.db, async (trx) => {
    const before = await repo.twoFactorRequired(trx);
    await repo.setTwoFactorRequired(trx, required);
    await recordChange(trx, {
      actor: { id: caller.id, ip: caller.ip },
      action: 'two_factor_requirement',
      entity: { type: 'setting' },
      before: { required: before },
      after: { required },
    });
  });
}
