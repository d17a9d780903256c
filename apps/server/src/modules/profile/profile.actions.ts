import {
  API_ERRORS,
  OTHER_SESSIONS_SIGNED_OUT,
  SESSION_SIGNED_OUT,
  isStaff,
  type ProfileForm,
  type Session,
} from '@hausportal/contract';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../auth/auth-user.js';
import { inTransaction } from '../../db/database.js';
import { recordChange } from '../audit/audit.js';
import { fieldError, nonFieldError, notFound } from '../../lib/errors.js';
import { hashPassword, requireGoodPassword, verifyPassword } from '../../lib/passwords.js';
import { checkUpload, thumbnail, type FormFile } from '../../lib/uploads.js';
import {
  deleteExpiredTokens,
  deleteOwnToken,
  deleteUserTokens,
  findPasswordHash,
  houseWordsOf,
  listTokens,
  setPasswordHash,
} from '../auth/auth.repository.js';
import type { Caller } from '../auth/policies.js';
import { toSession } from './profile.presenter.js';
import { findProfile, updateProfile as writeProfile } from './profile.repository.js';

/**
 * The user changes their language and/or picture. The picture is checked, re-encoded and made a
 * 512 px thumbnail (from the checked image, not the upload); the old picture goes once replaced.
 */
export async function updateProfile(
  ctx: AppContext,
  user: AuthUser,
  change: ProfileForm & { picture?: FormFile | null },
): Promise<void> {
  const { db, storage } = ctx;
  const patch: { language?: string; profile_picture?: string } = {};
  if (change.language !== undefined) patch.language = change.language;
  if (change.picture) {
    const checked = await checkUpload(change.picture.data, change.picture.filename, 'profile_picture', ['image']);
    patch.profile_picture = await storage.put('avatars', 'webp', await thumbnail(checked.data, 512));
  }
  const before = patch.profile_picture ? await findProfile(db, user.id) : null;
  await inTransaction(db, async (trx) => {
    await writeProfile(trx, user.id, patch);
    await recordChange(trx, {
      actor: user,
      action: 'profile_updated',
      entity: { type: 'user', id: user.id },
      details: Object.keys(patch),
    });
  });
  if (before?.profile_picture) await storage.remove(before.profile_picture);
}

/**
 * The signed-in user changes their password with the old one: the session they use stays, every
 * other one ends (another device may be in someone else's hands).
 */
export async function changePassword(
  ctx: AppContext,
  caller: Caller,
  p: { oldPassword: string; newPassword: string; repeatPassword: string },
): Promise<void> {
  const { db } = ctx;
  if (!(await verifyPassword(await findPasswordHash(db, caller.id), p.oldPassword)))
    throw fieldError('old_password', API_ERRORS.wrongPassword);
  if (p.newPassword !== p.repeatPassword) throw nonFieldError(API_ERRORS.passwordsDoNotMatch);
  await requireGoodPassword('new_password', p.newPassword, {
    login: isStaff(caller.role) ? caller.email : caller.apartmentNumber,
    apartmentNumber: caller.apartmentNumber,
    email: caller.email,
    name: caller.name,
    context: [ctx.config.appName, ...(await houseWordsOf(db, caller.id))],
  });
  const hash = await hashPassword(p.newPassword);
  await inTransaction(db, async (trx) => {
    await setPasswordHash(trx, caller.id, hash);
    await deleteUserTokens(trx, caller.id, caller.tokenId);
    await recordChange(trx, { actor: caller, action: 'password_changed', entity: { type: 'user', id: caller.id } });
  });
}

/** Everything stored about the caller (DSGVO Art. 15/20), as they download it; the export is audited. */
export async function exportData(ctx: AppContext, caller: Caller) {
  await ctx.writes.take('dataExport', caller.id);
  const data = await ctx.personalData.export(ctx.db, caller.id, ctx.signer, ctx.config.appName);
  await recordChange(ctx.db, {
    actor: caller,
    action: 'data_exported',
    entity: { type: 'user', id: caller.id },
  });
  return data;
}

// ---- signed-in devices (ADR 024) ----

/** The caller's sessions that have not ended, the asking device marked; ended ones are removed. */
export async function listSessions(ctx: AppContext, caller: AuthUser): Promise<Session[]> {
  await deleteExpiredTokens(ctx.db, caller.id);
  return (await listTokens(ctx.db, caller.id)).map((row) => toSession(row, caller.tokenId));
}

/**
 * Signs one of the caller's devices out (its token is revoked, so its next request answers 401
 * on every process); 404 for a session that is not the caller's. The asking device may end itself.
 */
export async function signOutSession(ctx: AppContext, caller: Caller, tokenId: number): Promise<{ detail: string }> {
  await inTransaction(ctx.db, async (trx) => {
    if (!(await deleteOwnToken(trx, caller.id, tokenId))) throw notFound();
    await recordChange(trx, {
      actor: caller,
      action: 'session_signed_out',
      entity: { type: 'user', id: caller.id },
      details: { own: tokenId === caller.tokenId },
    });
  });
  return { detail: SESSION_SIGNED_OUT };
}

/** 'Alle anderen Geräte abmelden': every session of the caller but the asking one ends. */
export async function signOutOtherSessions(
  ctx: AppContext,
  caller: Caller,
): Promise<{ detail: string; count: number }> {
  const count = await inTransaction(ctx.db, async (trx) => {
    const n = await deleteUserTokens(trx, caller.id, caller.tokenId);
    await recordChange(trx, {
      actor: caller,
      action: 'sessions_signed_out',
      entity: { type: 'user', id: caller.id },
      details: { count: n },
    });
    return n;
  });
  return { detail: OTHER_SESSIONS_SIGNED_OUT, count };
}
