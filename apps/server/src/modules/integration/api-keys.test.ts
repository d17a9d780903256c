import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SCOPES } from '@hausportal/contract';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newApiKey, newLocation, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { FORBIDDEN, call, expectDrfError } from '../../../test/helpers.js';
import { hashToken } from '../../lib/tokens.js';

const ONLY_INTEGRATION = { detail: 'API-Schlüssel gelten nur für /api/integration/.', code: 'api_key_not_allowed' };

describe.each(await dialects())('API keys (%s)', (dialect) => {
  let t: TestApp;
  let loc1: number;
  let loc2: number;
  let admin: TestUser;
  let adminAuth: string;
  let managerAuth: string;
  beforeAll(async () => {
    t = await startApp(dialect);
    loc1 = await newLocation(t);
    loc2 = await newLocation(t);
    admin = await newUser(t, { role: 'admin', name: 'Petra Admin' });
    adminAuth = await signIn(t, admin);
    managerAuth = await signIn(t, await newUser(t, { role: 'manager', managerOf: [loc1, loc2] }));
  });
  afterAll(() => t.close());

  const create = (body: object, auth = adminAuth) =>
    call(t.app, 'POST', '/api/admin/integration/keys/', { auth, payload: body });

  describe('back office', () => {
    it('creates a key, shows it once and stores only its hash', async () => {
      const res = await create({ name: 'ERP Wodis', location_ids: [loc2], scopes: ['tickets:read', 'tickets:write'] });
      expect(res.status).toBe(201);
      const { key, ...shown } = res.body;
      expect(key).toMatch(/^hp_[0-9A-Za-z]{43}$/);
      expect(shown).toMatchObject({
        name: 'ERP Wodis',
        prefix: key.slice(0, 11),
        scopes: ['tickets:read', 'tickets:write'],
        location_ids: [loc2],
        created_by: 'Petra Admin',
        expires_at: null,
        revoked_at: null,
        last_used_at: null,
        state: 'active',
      });
      const row = await t.app.ctx.db
        .selectFrom('api_keys')
        .selectAll()
        .where('id', '=', shown.id)
        .executeTakeFirstOrThrow();
      expect(row.key_hash).toBe(hashToken(key));
      expect(JSON.stringify(row)).not.toContain(key);

      // Never again: the list and the single key show the prefix only.
      const list = await call(t.app, 'GET', '/api/admin/integration/keys/', { auth: adminAuth });
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.body)).not.toContain(key);
      expect(list.body.results.find((k: { id: number }) => k.id === shown.id)).toEqual(shown);

      // The first use shows in the back office.
      expect((await call(t.app, 'GET', '/api/integration/me/', { auth: `Bearer ${key}` })).status).toBe(200);
      const after = await call(t.app, 'GET', `/api/admin/integration/keys/${shown.id}/`, { auth: adminAuth });
      expect(Date.now() - Date.parse(after.body.last_used_at)).toBeLessThan(10_000);

      // The audit log has the creation, without the key or its hash.
      const audit = await call(t.app, 'GET', '/api/admin/audit/?entity=api_key', { auth: adminAuth });
      const entry = audit.body.results.find((e: { entity_id: number }) => e.entity_id === shown.id);
      expect(entry).toMatchObject({ action: 'api_key_created', user_name: 'Petra Admin' });
      expect(JSON.stringify(audit.body)).not.toContain(key);
      expect(JSON.stringify(audit.body)).not.toContain(row.key_hash);
    });

    it('refuses managers in German, and unknown locations, scopes and past expiries', async () => {
      const body = { name: 'X', location_ids: [loc1], scopes: ['tickets:read'] };
      const byManager = await create(body, managerAuth);
      expect(byManager.status).toBe(403);
      expect(byManager.body).toEqual(FORBIDDEN);
      expect((await call(t.app, 'GET', '/api/admin/integration/keys/', { auth: managerAuth })).status).toBe(403);

      const unknown = await create({ ...body, location_ids: [loc1, 999_999] });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ location_ids: ['Diese Standorte gibt es nicht: 999999.'] });
      const scope = await create({ ...body, scopes: ['everything'] });
      expect(scope.status).toBe(400);
      expect(scope.body.scopes[0]).toContain('Unbekannte Berechtigung.');
      const past = await create({ ...body, expires_at: '2020-01-01T00:00:00Z' });
      expect(past.status).toBe(400);
      expect(past.body).toEqual({ expires_at: ['Das Ablaufdatum muss in der Zukunft liegen.'] });
      for (const bad of [
        { ...body, name: 'a\u0000b' },
        { ...body, name: 'x'.repeat(10_000) },
        { ...body, location_ids: 'eins' },
        { ...body, location_ids: [] },
        { ...body, scopes: [] },
        { ...body, expires_at: 'morgen' },
      ]) {
        const res = await create(bad);
        expect(res.status, JSON.stringify(bad).slice(0, 80)).toBe(400);
        expectDrfError(res.body);
      }
    });

    it('revokes a key: the next request gets 401, and the audit log has it', async () => {
      const res = await create({ name: 'Skript', location_ids: [loc1], scopes: ['parcels:read'] });
      const auth = `Bearer ${res.body.key}`;
      expect((await call(t.app, 'GET', '/api/integration/me/', { auth })).status).toBe(200);
      const revoked = await call(t.app, 'POST', `/api/admin/integration/keys/${res.body.id}/revoke/`, {
        auth: adminAuth,
      });
      expect(revoked.status).toBe(200);
      expect(revoked.body).toMatchObject({ state: 'revoked', revoked_at: expect.any(String) });
      const next = await call(t.app, 'GET', '/api/integration/me/', { auth });
      expect(next.status).toBe(401);
      expect(next.body).toEqual({ detail: 'Dieser API-Schlüssel wurde widerrufen.' });
      const audit = await call(t.app, 'GET', '/api/admin/audit/?entity=api_key', { auth: adminAuth });
      expect(audit.body.results[0]).toMatchObject({ action: 'api_key_revoked', entity_id: res.body.id });
      expect(
        (await call(t.app, 'POST', '/api/admin/integration/keys/999999/revoke/', { auth: adminAuth })).status,
      ).toBe(404);
    });
  });

  describe('guard', () => {
    it('authenticates a key and tells it its name, scopes and locations, with RateLimit headers', async () => {
      const key = await newApiKey(t, { locationIds: [loc2], scopes: ['tickets:read'], name: 'ERP Wodis' });
      const res = await call(t.app, 'GET', '/api/integration/me/', { auth: key.auth });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ name: 'ERP Wodis', scopes: ['tickets:read'], location_ids: [loc2] });
      expect(res.headers['ratelimit-policy']).toBe('"default";q=600;w=60');
      expect(res.headers['ratelimit']).toMatch(/^"default";r=599;t=(60|59)$/);
    });

    it('answers 401 for no key, a person token, an unknown and an expired key', async () => {
      const none = await call(t.app, 'GET', '/api/integration/me/');
      expect(none.status).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="integration"');
      const person = await call(t.app, 'GET', '/api/integration/me/', {
        auth: await signIn(t, await newUser(t, { locationId: loc1 })),
      });
      expect(person.status).toBe(401);
      expect(person.body).toEqual({
        detail: 'Diese Schnittstelle erwartet einen API-Schlüssel (Authorization: Bearer hp_…).',
      });
      const unknown = await call(t.app, 'GET', '/api/integration/me/', { auth: `Bearer hp_${'a'.repeat(43)}` });
      expect(unknown.body).toEqual({ detail: 'Ungültiger API-Schlüssel.' });
      const expired = await newApiKey(t, {
        locationIds: [loc1],
        scopes: ['tickets:read'],
        expiresAt: new Date(Date.now() - 1000).toISOString(),
      });
      const res = await call(t.app, 'GET', '/api/integration/me/', { auth: expired.auth });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Dieser API-Schlüssel ist abgelaufen.' });
    });

    it('answers 403 to a key on person routes and the back office, never as a person', async () => {
      const key = await newApiKey(t, { locationIds: [loc1], scopes: [...API_SCOPES] });
      for (const [method, url] of [
        ['GET', '/api/profile/'],
        ['GET', '/api/messages/'],
        ['GET', '/api/tickets/'],
        ['GET', '/api/admin/residents/'],
        ['GET', '/api/admin/integration/keys/'],
        ['POST', '/api/admin/integration/keys/'],
      ] as const) {
        const res = await call(t.app, method, url, { auth: key.auth, payload: method === 'POST' ? {} : undefined });
        expect(res.status, url).toBe(403);
        expect(res.body, url).toEqual(ONLY_INTEGRATION);
      }
    });

    it('answers 403 naming the scope a key lacks', async () => {
      const key = await newApiKey(t, { locationIds: [loc1], scopes: ['parcels:read'] });
      const res = await call(t.app, 'GET', '/api/integration/tickets/', { auth: key.auth });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        detail: 'Diesem API-Schlüssel fehlt die Berechtigung „tickets:read“.',
        code: 'missing_scope',
      });
    });
  });
});

describe('API key throttle', () => {
  let t: TestApp;
  let location: number;
  beforeAll(async () => {
    t = await startApp('sqlite', { API_KEY_RATE_LIMIT: '3' });
    location = await newLocation(t);
  });
  afterAll(() => t.close());

  it('counts per key with RateLimit headers, then answers 429 with Retry-After', async () => {
    const key = await newApiKey(t, { locationIds: [location], scopes: ['tickets:read'] });
    const other = await newApiKey(t, { locationIds: [location], scopes: ['tickets:read'] });
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(t.app, 'GET', '/api/integration/tickets/', { auth: key.auth });
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-policy']).toBe('"default";q=3;w=60');
      remaining.push(String(res.headers['ratelimit']).replace(/;t=\d+$/, ''));
    }
    expect(remaining).toEqual(['"default";r=2', '"default";r=1', '"default";r=0']);
    const over = await call(t.app, 'GET', '/api/integration/tickets/', { auth: key.auth });
    expect(over.status).toBe(429);
    const wait = Number(over.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(over.headers['ratelimit']).toBe(`"default";r=0;t=${wait}`);
    expect(over.body.detail).toMatch(
      /^Zu viele Anfragen mit diesem API-Schlüssel\. Bitte versuchen Sie es in (\d+ Sekunden?|1 Minute) erneut\.$/,
    );
    // Another key (of the same ERP, from the same address) has its own budget.
    expect((await call(t.app, 'GET', '/api/integration/tickets/', { auth: other.auth })).status).toBe(200);
  });

  it('describes every integration operation with the key scheme and an example', async () => {
    const doc = (await call(t.app, 'GET', '/api/docs/openapi.json')).body;
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const ops = Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>)
      .filter(([path]) => path.startsWith('/api/integration/'))
      .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ key: `${method} ${path}`, op })));
    expect(ops.length).toBeGreaterThanOrEqual(9);
    for (const { key, op } of ops) {
      expect(op.security, key).toEqual([{ apiKey: [] }]);
      expect(op.responses, key).toHaveProperty('429');
    }
    expect(ops.filter(({ op }) => !JSON.stringify(op).includes('"example"')).map((o) => o.key)).toEqual([]);
  });
});
