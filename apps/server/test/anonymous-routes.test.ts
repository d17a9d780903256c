import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.js';
import { newUser, signIn } from './factories.js';
import { FORBIDDEN, call } from './helpers.js';
import { ANONYMOUS } from './routes.js';

// Routing does not depend on the database, so SQLite alone covers it.
describe('guards on every route', () => {
  let t: TestApp;
  let resident: string;
  beforeAll(async () => {
    t = await startApp('sqlite');
    resident = await signIn(t, await newUser(t));
  });
  afterAll(() => t.close());

  const apiRoutes = () =>
    t.app.routeList
      .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .map((r) => ({ ...r, key: `${r.method} ${r.url}`, path: r.url.replace(/:\w+/g, '1') }));

  it('knows every anonymous route it allows, so the list cannot go stale', () => {
    const keys = apiRoutes().map((r) => r.key);
    for (const allowed of ANONYMOUS) expect(keys, allowed).toContain(allowed);
    expect(keys.length).toBeGreaterThan(25);
  });

  it('answers 401 without a token on every /api route outside the anonymous list', async () => {
    const open: string[] = [];
    for (const route of apiRoutes().filter((r) => !ANONYMOUS.includes(r.key))) {
      const res = await call(t.app, route.method as 'GET', route.path, { payload: {} });
      if (res.status !== 401) open.push(`${route.key} → ${res.status}`);
      else expect(res.body, route.key).toEqual({ detail: 'Anmeldedaten fehlen.' });
    }
    expect(open).toEqual([]);
  });

  it('answers 403 to a resident on every route of the back office', async () => {
    const admin = apiRoutes().filter((r) => r.url.startsWith('/api/admin/'));
    expect(admin.length).toBeGreaterThanOrEqual(4);
    for (const route of admin) {
      const res = await call(t.app, route.method as 'GET', route.path, { auth: resident, payload: {} });
      expect(res.status, route.key).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
  });
});
