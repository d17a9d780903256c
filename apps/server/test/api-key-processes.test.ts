import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from './harness.js';
import { call } from './helpers.js';
import { newLocation, newUser, signIn } from './factories.js';
import { request, startServerProcess, type ServerProcess } from './server-process.js';

const kinds = await dialects();

/**
 * A revoked API key stops working on the next request on every process: two server
 * processes on one database, the key revoked through process A, the next request on process B
 * refused. Nothing caches a key: each request reads its row.
 */
describe.each(kinds)('API key revocation across processes (%s)', (kind) => {
  let t: TestApp;
  let a: ServerProcess;
  let b: ServerProcess;
  let adminToken: string;
  let key: { id: number; key: string };

  beforeAll(async () => {
    t = await startApp(kind);
    const location = await newLocation(t);
    const admin = await signIn(t, await newUser(t, { role: 'admin' }));
    const created = await call(t.app, 'POST', '/api/admin/integration/keys/', {
      auth: admin,
      payload: { name: 'ERP', location_ids: [location], scopes: ['tickets:read'] },
    });
    expect(created.status).toBe(201);
    key = created.body;
    adminToken = admin.replace(/^Token /, '');
    await t.app.close();
    const env = { DATA_DIR: t.db.dataDir, DATABASE_URL: t.db.databaseUrl ?? '' };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await t?.db.drop();
  });

  const withKey = (server: ServerProcess) =>
    request(server.port, 'GET', '/api/integration/tickets/', {
      body: { payload: Buffer.alloc(0), headers: { authorization: `Bearer ${key.key}` } },
    });

  it('refuses the key on process B at once after process A revoked it', async () => {
    expect((await withKey(a)).status).toBe(200);
    expect((await withKey(b)).status).toBe(200);
    const revoked = await request(a.port, 'POST', `/api/admin/integration/keys/${key.id}/revoke/`, {
      token: adminToken,
      json: {},
    });
    expect(revoked.status).toBe(200);
    const next = await withKey(b);
    expect(next.status).toBe(401);
    expect(next.body).toEqual({ detail: 'Dieser API-Schlüssel wurde widerrufen.' });
    expect((await withKey(a)).status).toBe(401);
  });
});
