import { randomBytes } from 'node:crypto';
import type { WebhookEvent } from '@hausportal/contract';
import type { DB } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';
import type { Config } from '../../config/config.js';
import { SecretBox } from '../../lib/secret-box.js';
import type { Outbox } from '../../outbox/mail-outbox.js';
import type { DisabledEndpoint } from '../../outbox/webhook-outbox.js';
import { endpointDisabledMail } from './webhooks.presenter.js';
import { administratorEmails, insertDeliveries, subscribedEndpoints } from './webhooks.repository.js';

/** The `webhook-id` of a message: 'msg_' and 16 random bytes (base64url has no '.', as the spec asks). */
export const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

/** The body every endpoint receives, per Standard Webhooks: type, the event's time, data. */
export interface WebhookPayload<D = Record<string, unknown>> {
  type: WebhookEvent;
  timestamp: string;
  data: D;
}

/**
 * Queues `event` for every endpoint that should get it (switched on, subscribed, of a valid key
 * covering `locationId`), inside the transaction of the change: the deliveries exist exactly when
 * the change does. The action calls `ctx.webhooks.kick()` after the commit. Each endpoint gets its
 * own message id, so its log and its receiver's de-duplication stand alone.
 */
export async function queueWebhooks(
  trx: DB,
  e: {
    locationId: number;
    event: WebhookEvent;
    /** The resident the data names, if any (the data export lists the delivery, the erasure deletes it). */
    userId?: number | null;
    /** The payload's data, or a function that reads it: called only when some endpoint wants the event. */
    data: Record<string, unknown> | (() => Promise<Record<string, unknown> | null>);
  },
): Promise<number> {
  const now = nowIso();
  const endpoints = await subscribedEndpoints(trx, e.locationId, e.event, now);
  if (!endpoints.length) return 0;
  const data = typeof e.data === 'function' ? await e.data() : e.data;
  if (!data) return 0;
  const payload: WebhookPayload = { type: e.event, timestamp: now, data };
  const body = JSON.stringify(payload);
  await insertDeliveries(
    trx,
    endpoints.map((ep) => ({
      endpoint_id: ep.id,
      location_id: e.locationId,
      user_id: e.userId ?? null,
      message_id: newMessageId(),
      event: e.event,
      payload: body,
      status: 'pending' as const,
      attempts: 0,
      next_attempt_at: now,
      locked_until: null,
      response_code: null,
      last_error: null,
      created_at: now,
      last_attempt_at: null,
      delivered_at: null,
    })),
  );
  return endpoints.length;
}

/** A resident as the payloads name them; null once erased (DSGVO Art. 17): the ERP keeps its own copy. */
export function webhookResident(r: {
  id: number | null;
  external_id: string | null;
  apartment_number: string | null;
  name: string | null;
  email: string | null;
  erased_at: string | null;
}) {
  if (r.id === null || r.erased_at) return null;
  return { id: r.id, external_id: r.external_id, apartment_number: r.apartment_number, name: r.name, email: r.email };
}

/** The purpose the endpoint secrets are sealed under (lib/secret-box.ts). */
export const WEBHOOK_SECRET_PURPOSE = 'webhook-secret';
export const webhookSecretBox = (installSecret: string) => new SecretBox(installSecret, WEBHOOK_SECRET_PURPOSE);

/**
 * The mail to every administrator when the sender switched an endpoint off (in the sender's
 * transaction); the caller kicks the mail outbox after the commit.
 */
export function notifyEndpointDisabled(ctx: {
  config: Pick<Config, 'appName' | 'publicUrl'>;
  outbox: Outbox;
}): (trx: DB, endpoint: DisabledEndpoint) => Promise<void> {
  return async (trx, endpoint) => {
    const { appName, publicUrl } = ctx.config;
    for (const to of await administratorEmails(trx)) {
      await ctx.outbox.enqueue(endpointDisabledMail({ appName, publicUrl }, to, endpoint), {
        kind: 'webhook_disabled',
        locationId: null,
        trx,
      });
    }
  };
}
