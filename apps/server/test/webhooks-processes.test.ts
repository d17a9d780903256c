import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from './harness.js';
import { call } from './helpers.js';
import { newApiKey, newLocation, newUser, signIn } from './factories.js';
import { request, startServerProcess, type ServerProcess } from './server-process.js';
import { startReceiver, type Receiver } from './webhook-receiver.js';

const kinds = await dialects();

const until = async (what: () => boolean | Promise<boolean>, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > deadline) throw new Error('Zeit abgelaufen');
    await new Promise((r) => setTimeout(r, 50));
  }
};

/**
 * At least once across crashes: the delivery is written in the event's transaction, so
 * a server killed with SIGKILL after the commit, even with the request in flight, sends it after
 * the restart, with the same webhook-id; a SIGTERM hands the lease back at once.
 */
describe.each(kinds)('webhooks through real server processes (%s)', (kind) => {
  let t: TestApp;
  let rx: Receiver;
  let desk: string;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    rx = await startReceiver();
    t = await startApp(kind, { WEBHOOK_ENDPOINT_ALLOWLIST: rx.origin });
    const park = await newLocation(t);
    await newUser(t, { locationId: park, apartmentNumber: 'P-0101' });
    desk = (await signIn(t, await newUser(t, { locationId: park, role: 'receptionist' }))).replace(/^Token /, '');
    const admin = await signIn(t, await newUser(t, { role: 'admin' }));
    const key = await newApiKey(t, { locationIds: [park], scopes: ['parcels:read'] });
    const ep = await call(t.app, 'POST', `/api/admin/integration/keys/${key.id}/webhooks/`, {
      auth: admin,
      payload: { url: rx.url, events: ['parcel.logged'] },
    });
    expect(ep.status).toBe(201);
    rx.setSecret(ep.body.secret);
    // The secret that seals the endpoint's secret is kept in the database, so the processes share it.
    await t.app.close();
    env = {
      DATA_DIR: t.db.dataDir,
      DATABASE_URL: t.db.databaseUrl ?? '',
      WEBHOOK_ENDPOINT_ALLOWLIST: rx.origin,
    };
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await t?.db.drop();
    await rx?.close();
  });

  const db = () => t.db.handle.db;
  /** The reception logs a parcel (its own idempotency key): parcel.logged is queued in that transaction. */
  const logParcel = (carrier: string) =>
    request(server!.port, 'POST', '/api/reception/parcels/', {
      token: desk,
      body: {
        payload: Buffer.from(JSON.stringify({ apartment: 'P-0101', carrier })),
        headers: { 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
      },
    });
  const delivery = () =>
    db()
      .selectFrom('webhook_deliveries')
      .select(['id', 'message_id', 'status', 'attempts', 'locked_until'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  it('sends after a kill -9 that came with the request in flight: the same webhook-id, delivered once', async () => {
    rx.received.length = 0;
    rx.answer({ hang: true });
    server = await startServerProcess(env);
    const logged = await logParcel('DHL');
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);
    await until(() => rx.received.length === 1);
    await server.kill('SIGKILL');
    const held = await delivery();
    expect(held).toMatchObject({ status: 'pending', attempts: 1 });
    expect(held.locked_until! > new Date().toISOString()).toBe(true);
    // The crashed sender's leases (60 s) on the delivery and on its endpoint's lane run out; the
    // test does not wait them out.
    const past = new Date(Date.now() - 1000).toISOString();
    await db().updateTable('webhook_deliveries').set({ locked_until: past }).execute();
    await db().updateTable('webhook_endpoints').set({ lane_until: past }).execute();

    rx.answer({ status: 204 });
    server = await startServerProcess(env);
    await until(async () => (await delivery()).status === 'delivered');
    expect(rx.received).toHaveLength(2);
    expect(rx.received.map((r) => r.id)).toEqual([held.message_id, held.message_id]);
    expect(rx.received.every((r) => r.verified)).toBe(true);
    expect(rx.received[1]!.verified).toMatchObject({ type: 'parcel.logged', data: { apartment_number: 'P-0101' } });
    expect(await delivery()).toMatchObject({ status: 'delivered', attempts: 2, locked_until: null });
    await server.stop();
    server = undefined;
  }, 90_000);

  it('hands the lease back on SIGTERM, so the next start sends at once', async () => {
    rx.received.length = 0;
    rx.answer({ hang: true });
    server = await startServerProcess(env);
    const logged = await logParcel('UPS');
    expect(logged.status).toBe(201);
    await until(() => rx.received.length === 1);
    await server.stop();
    server = undefined;
    expect(await delivery()).toMatchObject({ status: 'pending', attempts: 1, locked_until: null });
    const lanes = await db().selectFrom('webhook_endpoints').select('lane_until').execute();
    expect(lanes).toEqual([{ lane_until: null }]);
    rx.answer({ status: 200 });
    server = await startServerProcess(env);
    await until(async () => (await delivery()).status === 'delivered');
    expect(new Set(rx.received.map((r) => r.id)).size).toBe(1);
  }, 90_000);
});
