import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newApiKey, newLocation, newUser, signIn } from '../../../test/factories.js';
import { call } from '../../../test/helpers.js';
import { startReceiver, type Receiver } from '../../../test/webhook-receiver.js';
import { inTransaction } from '../../db/database.js';
import { queueWebhooks } from './webhooks.queue.js';

const kinds = await dialects();

// The security probe of 2026-12-07: 24 deliveries queued for one receiver that answers after
// 9 s held every sender, and another key's event arrived 61–108 s late. One lane per endpoint.
describe.each(kinds)('webhook lanes: one slow receiver delays nobody else (%s)', (kind) => {
  let t: TestApp;
  let slow: Receiver;
  let fast: Receiver;
  let slowLocation: number;
  let fastLocation: number;

  beforeAll(async () => {
    [slow, fast] = await Promise.all([startReceiver(), startReceiver()]);
    t = await startApp(kind, { WEBHOOK_ENDPOINT_ALLOWLIST: `${slow.origin},${fast.origin}` }, (c) => {
      c.webhooks.timeoutMs = 9_000;
      c.webhooks.pollMs = 3_600_000;
    });
    slowLocation = await newLocation(t);
    fastLocation = await newLocation(t);
    const admin = await signIn(t, await newUser(t, { role: 'admin' }));
    const register = async (locationId: number, rx: Receiver) => {
      const key = await newApiKey(t, { locationIds: [locationId], scopes: ['tickets:read'] });
      const res = await call(t.app, 'POST', `/api/admin/integration/keys/${key.id}/webhooks/`, {
        auth: admin,
        payload: { url: rx.url, events: ['parcel.logged', 'ticket.created'] },
      });
      expect(res.status).toBe(201);
      rx.setSecret(res.body.secret);
    };
    await register(slowLocation, slow);
    await register(fastLocation, fast);
  });
  afterAll(async () => {
    await Promise.all([slow.close(), fast.close()]);
    await t.close();
  });

  const emit = (locationId: number, event: 'parcel.logged' | 'ticket.created', n = 1) =>
    inTransaction(t.app.ctx.db, async (trx) => {
      for (let i = 0; i < n; i++)
        await queueWebhooks(trx, { locationId, event, data: { parcel_id: i, location_id: locationId } });
    });

  it('keeps one delivery in flight per endpoint, and another key’s event arrives within seconds', async () => {
    slow.answer({ hang: true });
    await emit(slowLocation, 'parcel.logged', 24);
    t.app.ctx.webhooks.kick();
    // The slow receiver has its one request by now and holds it.
    const deadline = Date.now() + 5_000;
    while (slow.received.length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const start = Date.now();
    await emit(fastLocation, 'ticket.created');
    t.app.ctx.webhooks.kick();
    while (fast.received.length < 1 && Date.now() - start < 8_000) await new Promise((r) => setTimeout(r, 20));
    const waited = Date.now() - start;
    expect(fast.received).toHaveLength(1);
    expect(waited).toBeLessThan(3_000);
    // However many senders there are, the slow receiver saw one request, still unanswered.
    expect(slow.received).toHaveLength(1);
    const lanes = await t.app.ctx.db
      .selectFrom('webhook_deliveries')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('location_id', '=', slowLocation)
      .where('locked_until', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(lanes.n)).toBe(1);
  });
});
