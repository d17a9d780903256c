import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.js';
import { newUser, signIn } from './factories.js';
import { FORBIDDEN, call } from './helpers.js';

/**
 * The only /api routes that answer without a token (product §1.2, §4.2 and §4.6). Everything else must be
 * behind a module's guard; a new route that forgets it fails here.
 */
const ANONYMOUS = [
  'POST /api/login/',
  // The back office's sign-in (ADR 014): staff only, same throttle as the residents' login.
  'POST /api/staff/login/',
  'GET /api/tenant/',
  'POST /api/password_reset/',
  'POST /api/password_reset/confirm/',
  // The activation letter's code is the permission (issue 22); throttled like a password.
  'POST /api/activation/',
  'GET /api/health/',
  // Readiness for load balancers and Docker (ADR 027): names failing parts, nothing else.
  'GET /api/ready/',
  'GET /api/docs/openapi.json',
  // The unsubscribe link of notification mails: its signature is the permission (ADR 016).
  'GET /api/notifications/unsubscribe/',
  'POST /api/notifications/unsubscribe/',
  // Signed media: the signature in the URL is the permission.
  'GET /api/media/:folder/:file',
  // The craftsman's job (issue 21, ADR 020): the secret link is the permission; no account.
  'GET /api/auftrag/:token/',
  'POST /api/auftrag/:token/accept/',
  'POST /api/auftrag/:token/decline/',
  'POST /api/auftrag/:token/appointment/',
  'POST /api/auftrag/:token/notes/',
  'POST /api/auftrag/:token/photos/',
  'POST /api/auftrag/:token/done/',
  // A resident's calendar feed of bookings (issue 24, ADR 029): calendar apps send no token; the
  // secret, revocable token in the address is the permission (only its hash is stored).
  'GET /api/bookings/calendar/:token',
  // The pages German law asks for (issue 25): anyone reads them, and anyone may report a barrier
  // (throttled per address and for the whole install).
  'GET /api/legal/:page/',
  'POST /api/legal/barrierefreiheit/feedback/',
];

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
