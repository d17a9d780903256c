import { isStaff, type Role } from '@hausportal/contract';
import { inTransaction, precompiled, type DB } from '../../db/database.js';
import { pageOf, type PageWindow } from '../../db/paging.js';
import { isoFromMs, nowIso } from '../../lib/time.js';

/** The user behind a token hash, with the token's id and last use. Every signed-in request asks. */
export async function findUserByTokenHash(db: DB, tokenHash: string) {
  return (await userByTokenHash(db, [tokenHash]))[0];
}

const userByTokenHash = precompiled((db) =>
  db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select([
      'users.id',
      'users.role',
      'users.location_id',
      'users.apartment_number',
      'users.name',
      'users.email',
      'users.profile_picture',
      'users.emergency_services_deactivated',
      'users.language',
      'users.is_active',
      'auth_tokens.id as token_id',
      'auth_tokens.last_used_at',
      'auth_tokens.expires_at',
    ])
    .where('auth_tokens.token_hash', '=', ''),
);

/** Marks a token as used now. */
export async function touchToken(db: DB, tokenId: number): Promise<void> {
  await db.updateTable('auth_tokens').set({ last_used_at: nowIso() }).where('id', '=', tokenId).execute();
}

/** Revokes one token. */
export async function deleteToken(db: DB, tokenId: number): Promise<void> {
  await db.deleteFrom('auth_tokens').where('id', '=', tokenId).execute();
}

/** Revokes every token of a user except, optionally, one; returns how many. */
export async function deleteUserTokens(db: DB, userId: number, exceptTokenId?: number): Promise<number> {
  let q = db.deleteFrom('auth_tokens').where('user_id', '=', userId);
  if (exceptTokenId !== undefined) q = q.where('id', '!=', exceptTokenId);
  const res = await q.executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Stores a new token hash for a user, ending lifetimeMs from now, with the device's label (ADR 024). */
export async function createToken(
  db: DB,
  userId: number,
  tokenHash: string,
  s: { lifetimeMs: number; device: string | null },
): Promise<void> {
  const nowMs = Date.now();
  const now = isoFromMs(nowMs);
  await db
    .insertInto('auth_tokens')
    .values({
      user_id: userId,
      token_hash: tokenHash,
      created_at: now,
      last_used_at: now,
      expires_at: isoFromMs(nowMs + s.lifetimeMs),
      device: s.device,
    })
    .execute();
}

/** Removes a user's sessions that have ended (at sign-in and when the device list is read). */
export async function deleteExpiredTokens(db: DB, userId: number): Promise<void> {
  await db.deleteFrom('auth_tokens').where('user_id', '=', userId).where('expires_at', '<=', nowIso()).execute();
}

/** A user's sessions that have not ended, most recently used first (the device list). */
export function listTokens(db: DB, userId: number) {
  return db
    .selectFrom('auth_tokens')
    .select(['id', 'device', 'created_at', 'last_used_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', nowIso())
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Revokes one of a user's tokens; false when the user has no such token. */
export async function deleteOwnToken(db: DB, userId: number, tokenId: number): Promise<boolean> {
  const res = await db
    .deleteFrom('auth_tokens')
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Finds a user by login (apartment number or, for managers, e-mail), ignoring case. */
export function findUserByLogin(db: DB, login: string) {
  return db.selectFrom('users').selectAll().where('login', '=', login.trim().toLowerCase()).executeTakeFirst();
}

/** Finds a user by e-mail, ignoring case. */
export function findUserByEmail(db: DB, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

/** Sets a new password hash. */
export async function setPasswordHash(db: DB, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/**
 * Stores a new reset token valid until expiresAt and withdraws every older one of the user, so
 * only the link of the newest mail works.
 */
export async function replaceResetTokens(db: DB, userId: number, tokenHash: string, expiresAt: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
    await trx
      .insertInto('password_reset_tokens')
      .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt, used_at: null, created_at: nowIso() })
      .execute();
  });
}

/**
 * Uses a reset token if it is unused and unexpired, and withdraws every other token of its user;
 * returns the user, or null when the token is not (or no longer) valid.
 */
export async function consumeResetToken(db: DB, tokenHash: string): Promise<{ userId: number; login: string } | null> {
  const now = nowIso();
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('password_reset_tokens')
      .innerJoin('users', 'users.id', 'password_reset_tokens.user_id')
      .select(['password_reset_tokens.id', 'password_reset_tokens.user_id', 'users.login'])
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!row) return null;
    // The used_at condition makes the claim atomic: of two parallel confirms only one wins.
    const res = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return null;
    await trx
      .deleteFrom('password_reset_tokens')
      .where('user_id', '=', row.user_id)
      .where('id', '!=', row.id)
      .execute();
    return { userId: row.user_id, login: row.login };
  });
}

/**
 * The owner of a reset token that exists, is unused and unexpired (checked before validating
 * passwords; the password policy needs their login and e-mail), or undefined.
 */
export function resetTokenOwner(db: DB, tokenHash: string) {
  return liveTokenOwner(db, tokenHash)
    .select(['users.id', 'users.login', 'users.apartment_number', 'users.email', 'users.name'])
    .executeTakeFirst();
}

/** The user behind an unused, unexpired invitation or reset token (the caller picks the columns). */
function liveTokenOwner(db: DB, tokenHash: string) {
  return db
    .selectFrom('password_reset_tokens')
    .innerJoin('users', 'users.id', 'password_reset_tokens.user_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso());
}

/** Whom an unused, unexpired invitation or reset link greets: a resident with their house. */
export function welcomeOwner(db: DB, tokenHash: string) {
  return liveTokenOwner(db, tokenHash)
    .innerJoin('locations', 'locations.id', 'users.location_id')
    .select([
      'users.name',
      'users.apartment_number',
      'users.role',
      'users.is_active',
      'locations.title as location_title',
    ])
    .executeTakeFirst();
}

/** The ids of every location (what an admin sees). */
export async function allLocationIds(db: DB): Promise<number[]> {
  const rows = await db.selectFrom('locations').select('id').orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** The ids of the locations assigned to a manager. */
export async function managedLocationIds(db: DB, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('manager_locations').select('location_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.location_id);
}

/** A user's stored password hash. */
export async function findPasswordHash(db: DB, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.password_hash;
}

/** The fields of a new account. Residents log in with the apartment number, managers with the e-mail. */
export interface UserInput {
  role: Role;
  locationId: number | null;
  /** Apartment number of a resident (may hold a dash, product §2.15); empty for a manager. */
  apartmentNumber: string;
  name: string;
  email: string;
  passwordHash: string;
  profilePicture?: string | null;
  emergencyServicesDeactivated?: boolean;
  language?: string;
  /**
   * False leaves the access to open for `settleAccess` (residents/residents.access.ts),
   * which decides by the move dates; by default an account is open from its creation.
   */
  accessOpen?: boolean;
  externalId?: string | null;
  moveInOn?: string | null;
  moveOutOn?: string | null;
}

/** Adds an account; its login is the apartment number, or the e-mail for a manager. Returns its id. */
export async function createUser(db: DB, v: UserInput): Promise<number> {
  const login = (isStaff(v.role) ? v.email : v.apartmentNumber).trim().toLowerCase();
  const row = await db
    .insertInto('users')
    .values({
      location_id: v.locationId,
      role: v.role,
      login,
      apartment_number: v.apartmentNumber,
      name: v.name,
      email: v.email.trim().toLowerCase(),
      password_hash: v.passwordHash,
      profile_picture: v.profilePicture ?? null,
      emergency_services_deactivated: v.emergencyServicesDeactivated ? 1 : 0,
      language: v.language ?? 'de',
      is_active: 1,
      created_at: nowIso(),
      access_opened_at: v.accessOpen === false ? null : nowIso(),
      external_id: v.externalId ?? null,
      move_in_on: v.moveInOn ?? null,
      move_out_on: v.moveOutOn ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Gives an existing staff account a new password, name and role, and activates it (npm run create-manager). */
export async function updateStaffAccount(
  db: DB,
  id: number,
  v: { passwordHash: string; name: string; role: Role },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: v.passwordHash, name: v.name, role: v.role, is_active: 1 })
    .where('id', '=', id)
    .execute();
}

/** Lets a manager run these locations (in addition to any before). */
export async function assignManagerLocations(db: DB, userId: number, locationIds: number[]): Promise<void> {
  for (const locationId of locationIds) {
    await db
      .insertInto('manager_locations')
      .values({ user_id: userId, location_id: locationId })
      .onConflict((oc) => oc.columns(['user_id', 'location_id']).doNothing())
      .execute();
  }
}

/**
 * The password hash of an account nobody can sign in to yet: imported or newly created residents
 * get it until they set a password through the invitation link. It is no argon2 hash, so
 * verifyPassword rejects every password, and no hashing per imported row is needed.
 */
export const NO_PASSWORD = '!kein-passwort';

/** The stored hash to verify against, or undefined for an account without a password (same timing as unknown). */
export function usableHash(passwordHash: string): string | undefined {
  return passwordHash === NO_PASSWORD ? undefined : passwordHash;
}

/** Locations by id (id, title, name), in id order. */
export function locationsByIds(db: DB, ids: number[]) {
  return db
    .selectFrom('locations')
    .select(['id', 'title', 'name'])
    .where('id', 'in', ids.length ? ids : [-1])
    .orderBy('id')
    .execute();
}

/**
 * The staff a caller sees in the audit log's person filter: every staff member for an admin
 * (`scope` null), else the caller and the managers sharing one of the given locations.
 */
export function listStaff(db: DB, callerId: number, scope: number[] | null, window: PageWindow) {
  let q = db.selectFrom('users').where('role', 'in', ['manager', 'admin']);
  if (scope !== null) {
    q = q.where((eb) =>
      eb.or([
        eb('id', '=', callerId),
        eb(
          'id',
          'in',
          eb
            .selectFrom('manager_locations')
            .select('user_id')
            .where('location_id', 'in', scope.length ? scope : [-1]),
        ),
      ]),
    );
  }
  // Paged like every other list; the audit filter asks for pages of 100.
  return pageOf(q, (page) => page.select(['id', 'name']).orderBy('name').orderBy('id'), window);
}

// ---- sign-ins and activation codes ----

/** Records a successful sign-in: the account status and the start page read it. */
export async function markSignedIn(db: DB, userId: number): Promise<void> {
  await db.updateTable('users').set({ last_login_at: nowIso() }).where('id', '=', userId).execute();
}

/** A new activation code for a user, stored as its hash. */
export interface NewActivationCode {
  userId: number;
  codeHash: string;
  expiresAt: string;
}

/**
 * Stores the codes of new activation letters and withdraws every earlier unused code of the same
 * users, so only the newest letter works. Used codes stay as the record of the activation.
 */
export async function replaceActivationCodes(db: DB, codes: NewActivationCode[], createdBy: number): Promise<void> {
  if (codes.length === 0) return;
  const now = nowIso();
  await inTransaction(db, async (trx) => {
    const userIds = codes.map((c) => c.userId);
    await trx.deleteFrom('activation_codes').where('user_id', 'in', userIds).where('used_at', 'is', null).execute();
    await trx
      .insertInto('activation_codes')
      .values(
        codes.map((c) => ({
          user_id: c.userId,
          code_hash: c.codeHash,
          created_by: createdBy,
          created_at: now,
          expires_at: c.expiresAt,
          used_at: null,
        })),
      )
      .execute();
  });
}

/** An activation code by its hash, with its user's state; undefined for an unknown (or withdrawn) one. */
export function findActivationCode(db: DB, codeHash: string) {
  return db
    .selectFrom('activation_codes')
    .innerJoin('users', 'users.id', 'activation_codes.user_id')
    .select([
      'activation_codes.id',
      'activation_codes.user_id',
      'activation_codes.expires_at',
      'activation_codes.used_at',
      'users.login',
      'users.apartment_number',
      'users.email',
      'users.name',
      'users.location_id',
      'users.role',
      'users.is_active',
      'users.erased_at',
    ])
    .where('activation_codes.code_hash', '=', codeHash)
    .executeTakeFirst();
}

/**
 * Uses an activation code if it is still unused and unexpired, and withdraws the user's other
 * unused codes; false when another request used it first (the used_at condition makes the
 * claim atomic).
 */
export async function consumeActivationCode(db: DB, id: number, userId: number): Promise<boolean> {
  const now = nowIso();
  const res = await db
    .updateTable('activation_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await db.deleteFrom('activation_codes').where('user_id', '=', userId).where('used_at', 'is', null).execute();
  return true;
}

/** Withdraws a user's password-reset and invitation links. */
export async function deleteResetTokens(db: DB, userId: number): Promise<void> {
  await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
}

/** Sets the e-mail address a resident gave while activating their account. */
export async function setEmail(db: DB, userId: number, email: string): Promise<void> {
  await db.updateTable('users').set({ email: email.trim().toLowerCase() }).where('id', '=', userId).execute();
}

// ---- DSGVO ----

/** A user's sessions (signed-in devices), for the export; never the token hashes. */
export function sessionsOf(db: DB, userId: number) {
  return db
    .selectFrom('auth_tokens')
    .select(['device', 'created_at', 'last_used_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** Every session, reset link and second factor of a user goes. */
export async function deleteCredentials(trx: DB, userId: number): Promise<void> {
  for (const table of ['auth_tokens', 'password_reset_tokens', 'staff_recovery_codes', 'staff_two_factor'] as const)
    await trx.deleteFrom(table).where('user_id', '=', userId).execute();
}

/** The words of a user's house a password must not be built on: its location's title and name. */
export async function houseWordsOf(db: DB, userId: number): Promise<string[]> {
  const row = await db
    .selectFrom('users')
    .leftJoin('locations', 'locations.id', 'users.location_id')
    .select(['locations.title', 'locations.name'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return [row?.title, row?.name].filter((w): w is string => Boolean(w));
}
