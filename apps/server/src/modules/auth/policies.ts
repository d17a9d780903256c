import type { FastifyRequest } from 'fastify';
import type { AuthUser, KeyCaller } from './auth-user.js';
import type { DB } from '../../db/database.js';
import type { Actor } from '../audit/audit.js';
import { SESSION_EXPIRED, isStaff } from '@hausportal/contract';
import { TWO_FACTOR_SETUP_CODE, TWO_FACTOR_SETUP_DETAIL } from '@hausportal/contract';
import { ApiError, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { hashToken, isApiKey } from '../../lib/tokens.js';
import { allLocationIds, deleteToken, findUserByTokenHash, managedLocationIds, touchToken } from './auth.repository.js';
import { setupMissing } from './two-factor.repository.js';

// Who may do what, in one place. Each module plugin adds its guard once with
// addHook('onRequest', requireUser | requireManager); a route outside a guarded plugin is public,
// and test/anonymous-routes.test.ts fails for any public /api route not on its short list.

// Besides its absolute end (ADR 024), a session ends after 30 days unused.
const TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// last_used_at is only written when it is this stale, so reads do not turn into writes.
const TOUCH_AFTER_MS = 60 * 60 * 1000;

/** A resident or receptionist: a signed-in user tied to a location. */
export type Resident = AuthUser & { locationId: number };

/**
 * The caller of a back-office or account action: the signed-in user and the address they called
 * from, which the audit log keeps. Residents' own content (posts, comments, reports) is audited
 * without the address (data minimisation), so those actions take a `Resident`.
 */
export type Caller = AuthUser & { ip: string };

/**
 * Who runs a management action: a staff member, or an integration key acting for the management,
 * whose locations are the key's. Actions that an integration path reuses take this.
 */
export type Operator = Caller | KeyCaller;

/** True for an integration key (see Operator). */
export const isKeyCaller = (op: AuthUser | KeyCaller): op is KeyCaller => 'keyId' in op;

/** The audit actor of an operator: the person, or the key (`id` null, `apiKeyId`). */
export const actorOf = (op: Operator): Actor => (isKeyCaller(op) ? keyActor(op) : op);

/** The audit actor for a key: { id: null, apiKeyId, ip } */
export function keyActor(caller: KeyCaller): Actor {
  return { id: null, apiKeyId: caller.keyId, ip: caller.ip };
}

/** The user id an operator's rows record as their author (null for a key). */
export const authorIdOf = (op: Operator): number | null => (isKeyCaller(op) ? null : op.id);

function tokenFrom(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^(Token|Bearer)\s+(\S{10,200})$/i.exec(header.trim());
  if (!match) throw unauthorized('Ungültiger Token-Header.');
  // An integration key is never a person's token: 403, not 401, so a client does not retry with it.
  if (isApiKey(match[2]!))
    throw new ApiError(403, { detail: 'API-Schlüssel gelten nur für /api/integration/.', code: 'api_key_not_allowed' });
  return match[2]!;
}

/**
 * Guard: any signed-in user. Checks the token and sets request.user, or answers 401.
 *
 * A route with `config: { deferTokenCheck: true }` (the feed, ADR 018) takes the user from this
 * process's token cache instead and checks the token in its own statement, saving a round trip;
 * it calls verifyUser() when that check fails.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  const token = tokenFrom(request);
  if (!token) throw unauthorized('Anmeldedaten fehlen.');
  const hash = hashToken(token);
  if ((request.routeOptions.config as { deferTokenCheck?: boolean }).deferTokenCheck) {
    const cached = request.server.ctx.tokens.get(hash);
    const now = Date.now();
    if (cached && now - cached.lastUsed <= TOUCH_AFTER_MS && now < cached.expiresAt) {
      request.user = cached.user;
      request.tokenUnchecked = true;
      return;
    }
  }
  await lookUpUser(request, hash);
}

/** The full token check for a route that deferred it and found the token changed. */
export async function verifyUser(request: FastifyRequest): Promise<void> {
  request.tokenUnchecked = false;
  await lookUpUser(request, hashToken(tokenFrom(request)!));
}

async function lookUpUser(request: FastifyRequest, hash: string): Promise<void> {
  const { db, tokens } = request.server.ctx;
  const row = await findUserByTokenHash(db, hash);
  if (!row) {
    tokens.delete(hash);
    throw unauthorized();
  }
  const now = Date.now();
  let lastUsed = Date.parse(row.last_used_at);
  const expiresAt = Date.parse(row.expires_at);
  // The absolute end (staff a working day, residents 90 days; ADR 024) or 30 days unused.
  if (now - lastUsed > TOKEN_TTL_MS || !(now < expiresAt)) {
    tokens.delete(hash);
    await deleteToken(db, row.token_id);
    throw unauthorized(SESSION_EXPIRED);
  }
  if (!row.is_active) throw unauthorized('Dieses Konto ist deaktiviert.');
  if (now - lastUsed > TOUCH_AFTER_MS) {
    await touchToken(db, row.token_id);
    lastUsed = now;
  }
  request.user = {
    id: row.id,
    tokenId: row.token_id,
    role: row.role,
    locationId: row.location_id,
    apartmentNumber: row.apartment_number,
    name: row.name,
    email: row.email,
    profilePicture: row.profile_picture,
    emergencyServicesDeactivated: Boolean(row.emergency_services_deactivated),
    language: row.language,
  };
  tokens.set(hash, { user: request.user, lastUsed, expiresAt });
}

/**
 * For an anonymous route that does more for a signed-in caller (the accessibility feedback goes
 * to their location's managers too): the caller when the request carries a valid token, else null.
 * A missing, malformed or expired token is not an error here, since the route serves anyone.
 */
export async function optionalUser(request: FastifyRequest): Promise<AuthUser | null> {
  if (!request.headers.authorization) return null;
  try {
    await requireUser(request);
    return request.user;
  } catch (err) {
    if (err instanceof ApiError && err.statusCode === 401) return null;
    throw err;
  }
}

/** Guard for the back office: a signed-in property manager; anyone else gets 403. */
export async function requireManager(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (!request.user || !isStaff(request.user.role)) throw forbidden();
  // ADR 025: while the install requires a second factor this member has not set up, only the
  // setup's routes (config.twoFactorSetup) answer; the web routes the 403's code to the setup.
  const setupRoute = (request.routeOptions.config as { twoFactorSetup?: boolean }).twoFactorSetup;
  if (!setupRoute && (await setupMissing(request.server.ctx.db, request.user.id)))
    throw new ApiError(403, { detail: TWO_FACTOR_SETUP_DETAIL, code: TWO_FACTOR_SETUP_CODE });
}

/**
 * The caller behind a guard; handlers use it instead of a non-null assertion. Without a user the
 * route lacks its module's guard: that is a bug, answered with 500 rather than served openly.
 */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Error(`${request.method} ${request.url}: Route ohne Anmeldeprüfung (requireUser)`);
  return request.user;
}

/** The caller behind a guard with their address, for an action (see Caller). */
export function callerOf(request: FastifyRequest): Caller {
  return { ...currentUser(request), ip: request.ip };
}

/** The caller, who must be a resident or receptionist; every resident query is scoped to its location. */
export function currentResident(request: FastifyRequest): Resident {
  const user = currentUser(request);
  if (user.locationId === null || isStaff(user.role)) throw forbidden();
  return user as Resident;
}

/**
 * The reception's own powers: likes and comments (product §1.2, ADR 006), the parcel desk (ADR 030)
 * and reports taken at the desk for a resident; everyone else gets 403.
 */
export function requireDesk(user: Pick<AuthUser, 'role'>): void {
  if (user.role !== 'receptionist') throw forbidden();
}

/** What only an administrator may do (keys, webhooks, legal pages, …); 403 with `detail` when given. */
export function requireAdmin(user: Pick<AuthUser, 'role'>, detail?: string): void {
  if (user.role !== 'admin') throw detail ? new ApiError(403, { detail }) : forbidden();
}

/**
 * The locations a staff member may see and change: an admin every location, a manager those
 * assigned to them; an empty list means none. Every back-office query is scoped by this list.
 */
export function managerLocations(request: FastifyRequest): Promise<number[]> {
  return staffLocations(request.server.ctx.db, currentUser(request));
}

/** The locations of a staff member (see managerLocations), for actions that have no request. */
export function staffLocations(db: DB, user: AuthUser | KeyCaller): Promise<number[]> {
  if (isKeyCaller(user)) return Promise.resolve([...user.locationIds]);
  return user.role === 'admin' ? allLocationIds(db) : managedLocationIds(db, user.id);
}

/** The row if it exists and lies in one of the staff member's locations; else 404 (see findInScope). */
export async function inStaffScope<T extends { location_id: number | null }>(
  db: DB,
  user: AuthUser | KeyCaller,
  row: T | undefined,
): Promise<T> {
  if (!row) throw notFound();
  await requireStaffLocation(db, user, row.location_id);
  return row;
}

/** 404 unless `locationId` is one of the staff member's locations (see requireLocation). */
export async function requireStaffLocation(
  db: DB,
  user: AuthUser | KeyCaller,
  locationId: number | null | undefined,
): Promise<void> {
  if (locationId == null || !(await staffLocations(db, user)).includes(locationId)) throw notFound();
}

/**
 * The locations a back-office list covers: the one asked for with ?location_id= (404 when it is
 * not the caller's), otherwise every location of the caller.
 */
export async function listScope(request: FastifyRequest, locationId: number | undefined): Promise<number[]> {
  if (locationId === undefined) return managerLocations(request);
  await requireLocation(request, locationId);
  return [locationId];
}

/**
 * The row `find` loads, if it exists and belongs to one of the caller's locations; else 404, the
 * same for both, so ids outside the caller's locations reveal nothing.
 */
export async function findInScope<T extends { location_id: number | null }>(
  request: FastifyRequest,
  find: () => Promise<T | undefined>,
): Promise<T> {
  return inStaffScope(request.server.ctx.db, currentUser(request), await find());
}

/**
 * Throws 404 unless `locationId` is one of the caller's locations: a manager of location 1 learns
 * nothing about location 2, not even that an id exists there.
 */
export function requireLocation(request: FastifyRequest, locationId: number | null | undefined): Promise<void> {
  return requireStaffLocation(request.server.ctx.db, currentUser(request), locationId);
}
