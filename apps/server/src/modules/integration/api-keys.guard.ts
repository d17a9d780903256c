import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_SCOPES, type ApiScope } from '@hausportal/contract';
import { ApiError } from '../../lib/errors.js';
import { isoFromMs } from '../../lib/time.js';
import { Exhausted, tooMany } from '../../lib/throttle.js';
import { hashToken, isApiKey } from '../../lib/tokens.js';
import type { KeyCaller } from '../auth/auth-user.js';
import { findKeyByHash, touchKey } from './api-keys.repository.js';

// The guard of /api/integration (ADR 034): `Authorization: Bearer hp_…`, the key's row
// read on every request (a revocation holds on the next request on every process), the key's own
// throttle with the IETF draft's RateLimit headers, then the route's scope.

export const KEY_TEXTS = {
  missing: 'Anmeldedaten fehlen.',
  notAKey: 'Diese Schnittstelle erwartet einen API-Schlüssel (Authorization: Bearer hp_…).',
  unknown: 'Ungültiger API-Schlüssel.',
  revoked: 'Dieser API-Schlüssel wurde widerrufen.',
  expired: 'Dieser API-Schlüssel ist abgelaufen.',
  onlyIntegration: 'API-Schlüssel gelten nur für /api/integration/.',
  throttled: 'Zu viele Anfragen mit diesem API-Schlüssel.',
} as const;

/** The 403 for a key without the route's scope; `code` lets a client tell it from other 403s. */
export const missingScope = (scope: ApiScope) =>
  new ApiError(403, { detail: `Diesem API-Schlüssel fehlt die Berechtigung „${scope}“.`, code: 'missing_scope' });

/** The 403 for a key on any /api path outside /api/integration (never read as a person's token). */
export const keyNotAllowedHere = () =>
  new ApiError(403, { detail: KEY_TEXTS.onlyIntegration, code: 'api_key_not_allowed' });

// last_used_at is written at most once a minute per key.
const TOUCH_AFTER_MS = 60_000;
const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="integration"' };

function keyFrom(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) throw new ApiError(401, { detail: KEY_TEXTS.missing }, CHALLENGE);
  const match = /^Bearer\s+(\S{1,200})$/i.exec(header.trim());
  if (!match || !isApiKey(match[1]!)) throw new ApiError(401, { detail: KEY_TEXTS.notAKey }, CHALLENGE);
  return match[1]!;
}

const scopesOf = (json: string): ApiScope[] => {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? API_SCOPES.filter((s) => parsed.includes(s)) : [];
  } catch {
    return [];
  }
};

/**
 * The `RateLimit-Policy` and `RateLimit` fields of draft-ietf-httpapi-ratelimit-headers
 * (structured fields: a quoted policy name, q the quota, w the window, r what remains, t the
 * seconds until the window resets).
 */
function rateLimitHeaders(quota: number, windowSec: number, remaining: number, resetMs: number) {
  return {
    'RateLimit-Policy': `"default";q=${quota};w=${windowSec}`,
    RateLimit: `"default";r=${Math.max(0, remaining)};t=${Math.max(0, Math.ceil(resetMs / 1000))}`,
  };
}

/**
 * Authenticates the key, counts the request against the key's budget and sets request.apiKey.
 * Runs once per request (the integration plugin's hook and a route's requireScope share it).
 */
export async function authenticateKey(request: FastifyRequest, reply: FastifyReply): Promise<KeyCaller> {
  if (request.apiKey) return request.apiKey;
  const key = keyFrom(request);
  const { db, apiKeyThrottle } = request.server.ctx;
  const row = await findKeyByHash(db, hashToken(key));
  if (!row) throw new ApiError(401, { detail: KEY_TEXTS.unknown }, CHALLENGE);
  if (row.revoked_at) throw new ApiError(401, { detail: KEY_TEXTS.revoked }, CHALLENGE);
  const now = Date.now();
  if (row.expires_at && !(Date.parse(row.expires_at) > now))
    throw new ApiError(401, { detail: KEY_TEXTS.expired }, CHALLENGE);

  // The key's own budget, not the address's: hundreds of keys behind one ERP share nothing.
  const { points, durationSec } = apiKeyThrottle.limit;
  try {
    const taken = await apiKeyThrottle.take(String(row.id));
    reply.headers(rateLimitHeaders(points, durationSec, points - taken.consumedPoints, taken.msBeforeNext));
  } catch (err) {
    if (!(err instanceof Exhausted)) throw err;
    const refused = tooMany(err.msBeforeNext, KEY_TEXTS.throttled, false, 'api-key');
    Object.assign(refused.headers, rateLimitHeaders(points, durationSec, 0, err.msBeforeNext));
    throw refused;
  }

  if (!row.last_used_at || now - Date.parse(row.last_used_at) > TOUCH_AFTER_MS)
    await touchKey(db, row.id, isoFromMs(now), isoFromMs(now - TOUCH_AFTER_MS));

  request.apiKey = {
    keyId: row.id,
    keyName: row.name,
    scopes: scopesOf(row.scopes),
    locationIds: row.location_ids,
    ip: request.ip,
  };
  return request.apiKey;
}

/** The integration plugin's guard: a valid key, whatever the route's scope (which requireScope checks). */
export async function requireApiKey(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await authenticateKey(request, reply);
}

/** onRequest hook factory: authenticates `Authorization: Bearer hp_…`, checks the scope, the per-key throttle; sets request.apiKey */
export function requireScope(scope: ApiScope): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async (request, reply) => {
    const caller = await authenticateKey(request, reply);
    if (!caller.scopes.includes(scope)) throw missingScope(scope);
  };
}

/** The key behind the guard; a route without it is a bug (500), never served openly. */
export function keyCallerOf(request: FastifyRequest): KeyCaller {
  if (!request.apiKey) throw new Error(`${request.method} ${request.url}: Route ohne API-Schlüssel-Prüfung`);
  return request.apiKey;
}
