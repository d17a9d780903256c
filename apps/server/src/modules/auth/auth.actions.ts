import {
  ACCESS_NOT_OPEN_CODE,
  ACTIVATION_CODE_EXPIRED,
  ACTIVATION_CODE_UNKNOWN,
  ACTIVATION_CODE_USED,
  ACTIVATION_DONE,
  API_ERRORS,
  PASSWORDS_DIFFER,
  RESET_TOKEN_TTL_MS,
  RESIDENT_SESSION_TTL_MS,
  STAFF_SESSION_TTL_MS,
  STAFF_ACCOUNT_CODE,
  STAFF_ACCOUNT_DETAIL,
  STAFF_LOGIN_FAILED,
  isStaff,
  type Language,
  type Role,
  type WelcomeInfo,
} from '@hausportal/contract';
import type { AppContext } from '../../context.js';
import type { AuthUser } from './auth-user.js';
import { inTransaction } from '../../db/database.js';
import { recordChange } from '../audit/audit.js';
import { ApiError, fieldError, nonFieldError, notFound } from '../../lib/errors.js';
import { hashPassword, requireGoodPassword, verifyPassword } from '../../lib/passwords.js';
import { isoFromMs, nowIso } from '../../lib/time.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { deviceLabel, resetMail } from './auth.presenter.js';
import * as repo from './auth.repository.js';
import { accountKey } from './sign-in-throttle.js';
import { accessRefusal } from './access-window.js';
import { verifySecondFactor } from './two-factor.actions.js';

/** Who is signing in: the login they typed, the password, their address and a trusted device, if any. */
export interface SignInAttempt {
  login: string;
  password: string;
  ip: string;
  /** The device id of a valid device cookie of this account (ADR 008), or null. */
  device: string | null;
  /** The User-Agent header, for the label in the device list (ADR 024); not stored itself. */
  userAgent?: string;
  /** Staff: the second factor, an app code or a recovery code (ADR 025). */
  code?: string;
}

/**
 * Starts a session: a new token, stored only as its hash, ending after the role's lifetime
 * (ADR 024), with the device's label; the user's ended sessions go, and the sign-in is audited.
 */
async function openSession(
  ctx: AppContext,
  user: { id: number; role: Role },
  a: Pick<SignInAttempt, 'ip' | 'userAgent'>,
  details?: unknown,
): Promise<string> {
  const token = newToken();
  const userId = user.id;
  const ip = a.ip;
  await inTransaction(ctx.db, async (trx) => {
    await repo.deleteExpiredTokens(trx, userId);
    await repo.createToken(trx, userId, hashToken(token), {
      lifetimeMs: isStaff(user.role) ? STAFF_SESSION_TTL_MS : RESIDENT_SESSION_TTL_MS,
      device: deviceLabel(a.userAgent),
    });
    await repo.markSignedIn(trx, userId);
    await recordChange(trx, {
      actor: { id: userId, ip },
      action: 'login',
      entity: { type: 'user', id: userId },
      details,
    });
  });
  return token;
}

/**
 * A resident signs in with apartment number and password (product §4.2). An unknown apartment
 * and a wrong password get the spec's two answers, after the same work; only failures count
 * toward the throttle; a staff account is sent to the back office (403) without a token.
 */
export async function signInResident(ctx: AppContext, a: SignInAttempt): Promise<string> {
  const attempt = await ctx.signIn.login(a.ip, accountKey(a.login), a.device);
  const user = await repo.findUserByLogin(ctx.db, a.login);
  if (!user) {
    // Spend the same time as a real check, though the answer differs as product §6.2 requires.
    await verifyPassword(undefined, a.password);
    await attempt.failed();
    throw nonFieldError(API_ERRORS.unknownApartment);
  }
  const ok = await verifyPassword(repo.usableHash(user.password_hash), a.password);
  if (!ok || !user.is_active) {
    await attempt.failed();
    throw nonFieldError(API_ERRORS.invalidCredentials);
  }
  await attempt.succeeded();
  // Staff use the back office: no token, so a staff session never reaches the resident app.
  if (isStaff(user.role)) throw new ApiError(403, { detail: STAFF_ACCOUNT_DETAIL, code: STAFF_ACCOUNT_CODE });
  // Outside the window of the move dates, named with its day, after the password only.
  const refusal = accessRefusal(user, ctx.config.access);
  if (refusal) throw new ApiError(403, (tr) => ({ detail: refusal(tr), code: ACCESS_NOT_OPEN_CODE }));
  return openSession(ctx, user, a);
}

/**
 * A manager or admin signs in to the back office with their e-mail address. One verify on every
 * path, and one answer for an unknown, a resident's or a wrong login, so the endpoint tells
 * nobody which staff accounts exist.
 */
export async function signInStaff(ctx: AppContext, a: SignInAttempt): Promise<string> {
  const attempt = await ctx.signIn.login(a.ip, accountKey(a.login), a.device);
  const found = await repo.findUserByLogin(ctx.db, a.login);
  const user = found && isStaff(found.role) ? found : undefined;
  const ok = await verifyPassword(user && repo.usableHash(user.password_hash), a.password);
  if (!user || !ok || !user.is_active) {
    await attempt.failed();
    throw nonFieldError(STAFF_LOGIN_FAILED);
  }
  const secondFactor = await verifySecondFactor(ctx, user.id, a.code, attempt);
  await attempt.succeeded();
  return openSession(ctx, user, a, { area: 'admin', ...(secondFactor ? { second_factor: secondFactor } : {}) });
}

/** The e-mail address of a resident's apartment, for the reset screen; 404 for anyone else. */
export async function lookUpTenant(ctx: AppContext, apartmentNumber: string, ip: string): Promise<string> {
  const attempt = await ctx.signIn.tenant(ip, accountKey(apartmentNumber));
  const user = await repo.findUserByLogin(ctx.db, apartmentNumber);
  if (!user || isStaff(user.role) || !user.is_active) {
    await attempt.failed();
    throw notFound();
  }
  await attempt.succeeded();
  return user.email;
}

/**
 * Someone asks for a password-reset link. The newest link is the only one that works (older mails
 * may sit in a shared inbox); the link, the mail and the audit entry are written together. The
 * answer is the same whether the account exists or not, so nobody learns which ones do.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  r: { email?: string; apartmentNumber?: string; ip: string; screen?: Language | null },
): Promise<void> {
  const { db, config, outbox, signIn } = ctx;
  await signIn.resetRequest(r.ip);
  // The client only knows the masked address, so the apartment number decides when given.
  const user = r.apartmentNumber?.trim()
    ? await repo.findUserByLogin(db, r.apartmentNumber)
    : await repo.findUserByEmail(db, r.email ?? '');
  if (!user || !user.email || !user.is_active) return;
  // Outside the window of the move dates no link: the invitation comes when access opens.
  if (!isStaff(user.role) && accessRefusal(user, config.access)) return;
  await signIn.resetMail(user.login);
  const token = newToken();
  const link = `${config.publicUrl}/forgot-password/${token}`;
  await inTransaction(db, async (trx) => {
    await repo.replaceResetTokens(trx, user.id, hashToken(token), isoFromMs(Date.now() + RESET_TOKEN_TTL_MS));
    await outbox.enqueue(resetMail(config.appName, user, link, r.screen ?? null), {
      secret: true,
      kind: 'reset',
      locationId: user.location_id,
      devLog: `Link zum Zurücksetzen des Passworts für ${user.login}: ${link}`,
      trx,
    });
    await recordChange(trx, {
      actor: { id: user.id, ip: r.ip },
      action: 'password_reset_requested',
      entity: { type: 'user', id: user.id },
    });
  });
  outbox.kick();
}

/**
 * The link's owner sets a new password. The link works once; a reset ends every session (the old
 * password may be known to someone else) and lifts the account's sign-in slowdown.
 */
export async function confirmPasswordReset(
  ctx: AppContext,
  c: { token: string; password: string; repeatPassword: string; ip: string },
): Promise<string> {
  const { db, signIn } = ctx;
  const attempt = await signIn.resetConfirm(c.ip);
  const tokenHash = hashToken(c.token);
  const owner = await repo.resetTokenOwner(db, tokenHash);
  if (!owner) {
    await attempt.failed();
    throw new ApiError(404, { status: API_ERRORS.resetTokenNotFound });
  }
  await attempt.succeeded();
  if (c.password !== c.repeatPassword) throw nonFieldError(API_ERRORS.passwordsDoNotMatch);
  await requireGoodPassword('password', c.password, {
    ...owner,
    apartmentNumber: owner.apartment_number,
    context: [ctx.config.appName, ...(await repo.houseWordsOf(db, owner.id))],
  });
  const passwordHash = await hashPassword(c.password);
  const login = await inTransaction(db, async (trx) => {
    const claimed = await repo.consumeResetToken(trx, tokenHash);
    if (claimed === null) throw new ApiError(404, { status: API_ERRORS.resetTokenNotFound });
    await repo.setPasswordHash(trx, claimed.userId, passwordHash);
    await repo.deleteUserTokens(trx, claimed.userId);
    await recordChange(trx, {
      actor: { id: claimed.userId, ip: c.ip },
      action: 'password_reset',
      entity: { type: 'user', id: claimed.userId },
    });
    return claimed.login;
  });
  await signIn.forgetAccount(login);
  return login;
}

/**
 * After a first password (invitation link or activation letter) the resident is signed in
 * (ADR 044): a session like a sign-in's, unless the account may not sign in now (deactivated,
 * staff, outside its move dates); then null, and the sign-in page says why.
 */
async function sessionAfterFirstPassword(
  ctx: AppContext,
  login: string,
  a: { ip: string; userAgent?: string },
): Promise<string | null> {
  const user = await repo.findUserByLogin(ctx.db, login);
  if (!user || !user.is_active || isStaff(user.role) || accessRefusal(user, ctx.config.access)) return null;
  return openSession(ctx, user, a, { via: 'first_password' });
}

/** Whom an invitation link greets ('Willkommen'); 404 as for a used or expired reset link. */
export async function lookUpWelcome(ctx: AppContext, token: string, ip: string): Promise<WelcomeInfo> {
  const attempt = await ctx.signIn.resetConfirm(ip);
  const owner = await repo.welcomeOwner(ctx.db, hashToken(token));
  if (!owner || !owner.is_active || isStaff(owner.role)) {
    await attempt.failed();
    throw new ApiError(404, { status: API_ERRORS.resetTokenNotFound });
  }
  await attempt.succeeded();
  return { name: owner.name, location_title: owner.location_title, apartment_number: owner.apartment_number };
}

/** The invitation link's first password, as a reset confirms it; answers a session token (ADR 044). */
export async function welcomeResident(
  ctx: AppContext,
  c: { token: string; password: string; repeatPassword: string; ip: string; userAgent?: string },
): Promise<string | null> {
  const login = await confirmPasswordReset(ctx, c);
  return sessionAfterFirstPassword(ctx, login, c);
}

/**
 * A resident sets their password with the one-time code of an activation letter,
 * optionally leaving an e-mail address. The code is checked first and throttled like a password:
 * unknown, used and expired codes are failures. The code works once; like a reset, activating ends
 * every session and withdraws open invitation links. Returns the login to sign in with.
 */
export async function activateAccount(
  ctx: AppContext,
  a: { code: string; password: string; repeatPassword: string; email: string; ip: string; userAgent?: string },
): Promise<{ apartment_number: string; detail: string; token: string | null }> {
  const { db, signIn } = ctx;
  const codeHash = hashToken(a.code);
  // The counters key on the hash, so no working code sits in the counter store.
  const attempt = await signIn.activation(a.ip, codeHash.slice(0, 32));
  const found = await repo.findActivationCode(db, codeHash);
  const usable = found && !found.erased_at && found.is_active && !isStaff(found.role) ? found : undefined;
  // The contract's German texts, sent in the reader's language by the error handler.
  const refusal = !usable
    ? ACTIVATION_CODE_UNKNOWN
    : usable.used_at
      ? ACTIVATION_CODE_USED
      : usable.expires_at <= nowIso()
        ? ACTIVATION_CODE_EXPIRED
        : null;
  if (refusal || !usable) {
    await attempt.failed();
    throw fieldError('code', refusal ?? ACTIVATION_CODE_UNKNOWN);
  }
  await attempt.succeeded();
  if (a.password !== a.repeatPassword) throw fieldError('repeat_password', PASSWORDS_DIFFER);
  await requireGoodPassword('password', a.password, {
    login: usable.login,
    apartmentNumber: usable.apartment_number,
    email: a.email || usable.email,
    name: usable.name,
    context: [ctx.config.appName, ...(await repo.houseWordsOf(db, usable.user_id))],
  });
  const passwordHash = await hashPassword(a.password);
  await inTransaction(db, async (trx) => {
    if (!(await repo.consumeActivationCode(trx, usable.id, usable.user_id)))
      throw fieldError('code', ACTIVATION_CODE_USED);
    await repo.setPasswordHash(trx, usable.user_id, passwordHash);
    if (a.email) await repo.setEmail(trx, usable.user_id, a.email);
    await repo.deleteUserTokens(trx, usable.user_id);
    await repo.deleteResetTokens(trx, usable.user_id);
    await recordChange(trx, {
      actor: { id: usable.user_id, ip: a.ip },
      action: 'account_activated',
      entity: { type: 'user', id: usable.user_id, locationId: usable.location_id },
      details: { email_added: Boolean(a.email) },
    });
  });
  await signIn.forgetAccount(usable.login);
  const token = await sessionAfterFirstPassword(ctx, usable.login, a);
  return { apartment_number: usable.apartment_number, detail: ACTIVATION_DONE, token };
}

/** Ends the caller's session: the token is revoked. */
export async function signOut(ctx: AppContext, user: AuthUser): Promise<void> {
  await repo.deleteToken(ctx.db, user.tokenId);
}
