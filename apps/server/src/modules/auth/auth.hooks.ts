import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../context.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import { hashToken } from '../../lib/tokens.js';
import { findUserByTokenHash, touchToken, deleteToken } from './auth.repository.js';

const TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// last_used_at is only written when it is this stale, so reads do not turn into writes.
const TOUCH_AFTER_MS = 60 * 60 * 1000;

function tokenFrom(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^(Token|Bearer)\s+(\S{10,200})$/i.exec(header.trim());
  if (!match) throw unauthorized('Ungültiger Token-Header.');
  return match[2]!;
}

/** onRequest hook: any signed-in user. Sets request.user or answers 401. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  const token = tokenFrom(request);
  if (!token) throw unauthorized('Anmeldedaten fehlen.');
  const { db } = request.server.ctx;
  const row = await findUserByTokenHash(db, hashToken(token));
  if (!row) throw unauthorized();
  const now = Date.now();
  const lastUsed = Date.parse(row.last_used_at);
  if (now - lastUsed > TOKEN_TTL_MS) {
    await deleteToken(db, row.token_id);
    throw unauthorized('Die Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.');
  }
  if (!row.is_active) throw unauthorized('Dieses Konto ist deaktiviert.');
  if (now - lastUsed > TOUCH_AFTER_MS) await touchToken(db, row.token_id);
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
}

/** The caller after requireUser ran; routes use it instead of a non-null assertion. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized('Anmeldedaten fehlen.');
  return request.user;
}

/** The caller, who must be a resident or receptionist tied to a location. */
export function currentResident(request: FastifyRequest): AuthUser & { locationId: number } {
  const user = currentUser(request);
  if (user.locationId === null || user.role === 'manager') throw forbidden();
  return user as AuthUser & { locationId: number };
}

/** onRequest hook for the back office: a signed-in property manager. */
export async function requireManager(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (request.user?.role !== 'manager') throw forbidden();
}
