import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_LOG_DAYS,
  WEBHOOK_OLD_SECRET_HOURS,
  type WebhookDeliveryStatus,
  type WebhookEndpointCreate,
  type WebhookEndpointUpdate,
} from '@hausportal/contract';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { PageWindow } from '../../db/paging.js';
import { changeEntity, type EntityKind } from '../audit/audit.js';
import { ApiError, fieldError, nonFieldError, notFound } from '../../lib/errors.js';
import { isoFromMs, nowIso } from '../../lib/time.js';
import { webhookUrlProblem } from '../../outbox/webhook-endpoint.js';
import { requireAdmin, type Caller } from '../auth/policies.js';
import { WEBHOOKS_ADMIN_ONLY, auditView } from './webhooks.presenter.js';
import { webhookSecretBox } from './webhooks.queue.js';
import * as repo from './webhooks.repository.js';
import type { DeliveryRow, EndpointRow } from './webhooks.repository.js';

/** A new signing secret in the Standard Webhooks form: 'whsec_' and 32 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const endpointKind: EntityKind<EndpointRow> = {
  type: 'webhook_endpoint',
  load: repo.findEndpoint,
  view: auditView,
  locationOf: () => null,
};

async function keyOrNotFound(ctx: AppContext, id: number) {
  const key = await repo.findKey(ctx.db, id);
  if (!key) throw notFound();
  return key;
}

async function endpointOrNotFound(ctx: AppContext, id: number): Promise<EndpointRow> {
  const row = await repo.findEndpoint(ctx.db, id);
  if (!row) throw notFound();
  return row;
}

function checkUrl(ctx: AppContext, url: string): void {
  const problem = webhookUrlProblem(url, ctx.config.webhooks.endpointAllowlist);
  if (problem) throw fieldError('url', problem);
}

export async function listEndpoints(ctx: AppContext, caller: AuthUser, keyId: number): Promise<EndpointRow[]> {
  requireAdmin(caller, WEBHOOKS_ADMIN_ONLY);
  await keyOrNotFound(ctx, keyId);
  return repo.listEndpoints(ctx.db, keyId);
}

/** Registers an endpoint; the secret is returned this once (the database keeps it sealed). */
export async function createEndpoint(
  ctx: AppContext,
  caller: Caller,
  keyId: number,
  input: WebhookEndpointCreate,
): Promise<{ row: EndpointRow; secret: string }> {
  requireAdmin(caller, WEBHOOKS_ADMIN_ONLY);
  const key = await keyOrNotFound(ctx, keyId);
  if (key.revoked_at)
    throw nonFieldError('Der API-Schlüssel ist widerrufen; für ihn lassen sich keine Webhooks mehr anlegen.');
  checkUrl(ctx, input.url);
  const secret = newSecret();
  const row = await changeEntity(
    ctx.db,
    endpointKind,
    { actor: { id: caller.id, ip: caller.ip }, action: 'webhook_endpoint.create', before: null },
    (trx) =>
      repo.insertEndpoint(trx, {
        api_key_id: keyId,
        url: input.url,
        description: input.description,
        events: JSON.stringify([...new Set(input.events)]),
        secret: webhookSecretBox(ctx.secret).seal(secret),
        enabled: 1,
        disabled_reason: null,
        failing_since: null,
        created_at: nowIso(),
        created_by: caller.id,
      }),
  );
  return { row: row!, secret };
}

/**
 * Changes events or description, or switches the endpoint off or on; switching it on again
 * clears the reason and `failing_since`, so it gets its full 3 days before the next switch-off.
 */
export async function updateEndpoint(
  ctx: AppContext,
  caller: Caller,
  id: number,
  patch: WebhookEndpointUpdate,
): Promise<EndpointRow> {
  requireAdmin(caller, WEBHOOKS_ADMIN_ONLY);
  const before = await endpointOrNotFound(ctx, id);
  const set: Parameters<typeof repo.updateEndpoint>[2] = {};
  if (patch.events) set.events = JSON.stringify([...new Set(patch.events)]);
  if (patch.description !== undefined) set.description = patch.description;
  if (patch.enabled === true && before.enabled !== 1)
    Object.assign(set, { enabled: 1, disabled_reason: null, failing_since: null });
  if (patch.enabled === false && before.enabled === 1) Object.assign(set, { enabled: 0, disabled_reason: null });
  if (!Object.keys(set).length) return before;
  const row = await changeEntity(
    ctx.db,
    endpointKind,
    { actor: { id: caller.id, ip: caller.ip }, action: 'webhook_endpoint.update', before },
    (trx) => repo.updateEndpoint(trx, id, set),
  );
  return row!;
}

export async function deleteEndpoint(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  requireAdmin(caller, WEBHOOKS_ADMIN_ONLY);
  const before = await endpointOrNotFound(ctx, id);
  await changeEntity(
    ctx.db,
    endpointKind,
    { actor: { id: caller.id, ip: caller.ip }, action: 'webhook_endpoint.delete', before },
    (trx) => repo.deleteEndpoint(trx, id),
  );
}

/**
 * A new secret for the endpoint, returned this once; from now on every attempt (also of
 * deliveries queued before) is signed with it. The old one keeps signing next to it for
 * WEBHOOK_OLD_SECRET_HOURS (zero-downtime rotation: the receiver can switch meanwhile); a second
 * rotation within that time replaces it with the one it rotates away, so at most two sign.
 */
export async function rotateSecret(
  ctx: AppContext,
  caller: Caller,
  id: number,
): Promise<{ row: EndpointRow; secret: string }> {
  requireAdmin(caller, WEBHOOKS_ADMIN_ONLY);
  const before = await endpointOrNotFound(ctx, id);
  const secret = newSecret();
  const row = await changeEntity(
    ctx.db,
    endpointKind,
    { actor: { id: caller.id, ip: caller.ip }, action: 'webhook_endpoint.rotate_secret', before },
    (trx) =>
      repo.updateEndpoint(trx, id, {
        secret: webhookSecretBox(ctx.secret).seal(secret),
        previous_secret: before.secret,
        previous_secret_expires_at: isoFromMs(Date.now() + WEBHOOK_OLD_SECRET_HOURS * 3_600_000),
      }),
  );
  return { row: row!, secret };
}

export async function listDeliveries(
  ctx: AppContext,
  caller: AuthUser,
  endpointId: number,
  status: WebhookDeliveryStatus | undefined,
  window: PageWindow,
) {
  requireAdmin(caller, WEBHOOKS_ADMIN_ONLY);
  await endpointOrNotFound(ctx, endpointId);
  return repo.listDeliveries(ctx.db, endpointId, status, window);
}

/**
 * 'Erneut senden': the delivery goes out again now, with its `webhook-id`, so a receiver that
 * already has it can tell. 409 while it is pending (it is on its way already).
 */
export async function resendDelivery(ctx: AppContext, caller: Caller, id: number): Promise<DeliveryRow> {
  requireAdmin(caller, WEBHOOKS_ADMIN_ONLY);
  const row = await repo.findDelivery(ctx.db, id);
  if (!row) throw notFound();
  const endpoint = await endpointOrNotFound(ctx, row.endpoint_id);
  if (!endpoint.enabled)
    throw new ApiError(409, { detail: 'Der Endpunkt ist ausgeschaltet. Bitte schalten Sie ihn zuerst wieder ein.' });
  if (!(await repo.requeueDelivery(ctx.db, id, nowIso())))
    throw new ApiError(409, { detail: 'Diese Zustellung steht schon zum Senden an.' });
  const queued = (await repo.findDelivery(ctx.db, id))!;
  ctx.webhooks.kick();
  return queued;
}

/** The daily clean-up: deliveries older than WEBHOOK_LOG_DAYS go. */
export function purgeOldDeliveries(ctx: AppContext): Promise<number> {
  return repo.deleteDeliveriesBefore(ctx.db, isoFromMs(Date.now() - WEBHOOK_LOG_DAYS * 24 * 3_600_000));
}
