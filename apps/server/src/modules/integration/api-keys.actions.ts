import type { ApiKeyCreate } from '@hausportal/contract';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/database.js';
import { recordChange } from '../audit/audit.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { API_KEY_SHOWN, hashToken, newApiKey } from '../../lib/tokens.js';
import { requireAdmin, type Caller } from '../auth/policies.js';
import { keyView } from './api-keys.presenter.js';
import * as repo from './api-keys.repository.js';

async function loadKey(ctx: AppContext, id: number) {
  const row = await repo.findKey(ctx.db, id);
  if (!row) throw notFound();
  const [withLocations] = await repo.withLocations(ctx.db, [row]);
  return withLocations!;
}

/** One key for the back office, or 404. */
export async function keyForAdmin(ctx: AppContext, caller: Caller, id: number) {
  requireAdmin(caller);
  return loadKey(ctx, id);
}

/**
 * Creates a key: the key itself is returned once (the reply shows it), only its SHA-256 is stored.
 * Audited with the key's name, prefix, scopes and locations, never the key or its hash.
 */
export async function createApiKey(ctx: AppContext, caller: Caller, b: ApiKeyCreate) {
  requireAdmin(caller);
  const { db } = ctx;
  const wanted = [...new Set(b.location_ids)];
  const existing = new Set(await repo.existingLocationIds(db, wanted));
  const unknown = wanted.filter((id) => !existing.has(id));
  if (unknown.length) throw fieldError('location_ids', `Diese Standorte gibt es nicht: ${unknown.join(', ')}.`);
  if (b.expires_at && !(Date.parse(b.expires_at) > Date.now()))
    throw fieldError('expires_at', 'Das Ablaufdatum muss in der Zukunft liegen.');
  const key = newApiKey();
  const id = await inTransaction(db, async (trx) => {
    const keyId = await repo.insertKey(trx, {
      name: b.name,
      prefix: key.slice(0, API_KEY_SHOWN),
      keyHash: hashToken(key),
      scopes: b.scopes,
      locationIds: wanted,
      createdBy: caller.id,
      createdAt: nowIso(),
      expiresAt: b.expires_at ? new Date(b.expires_at).toISOString() : null,
    });
    const row = (await repo.withLocations(trx, [(await repo.findKey(trx, keyId))!]))[0]!;
    await recordChange(trx, {
      actor: caller,
      action: 'api_key_created',
      entity: { type: 'api_key', id: keyId },
      after: keyView(row),
    });
    return keyId;
  });
  return { row: await loadKey(ctx, id), key };
}

/** Revokes a key: the next request with it, on any process, gets 401. Revoking twice changes nothing. */
export async function revokeApiKey(ctx: AppContext, caller: Caller, id: number) {
  requireAdmin(caller);
  const before = await loadKey(ctx, id);
  if (before.revoked_at) return before;
  await inTransaction(ctx.db, async (trx) => {
    await repo.revokeKey(trx, id, caller.id, nowIso());
    const after = (await repo.withLocations(trx, [(await repo.findKey(trx, id))!]))[0]!;
    await recordChange(trx, {
      actor: caller,
      action: 'api_key_revoked',
      entity: { type: 'api_key', id },
      before: keyView(before),
      after: keyView(after),
    });
  });
  return loadKey(ctx, id);
}
