import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newApiKey, newLocation, newUser, signIn } from '../../../test/factories.js';
import { call } from '../../../test/helpers.js';

describe.each(await dialects())('API key guard (%s)', (dialect) => {
  let t: TestApp;
  let loc1: number;
  let loc2: number;
  beforeAll(async () => {
    t = await startApp(dialect);
    loc1 = await newLocation(t);
    loc2 = await newLocation(t);
  });
  afterAll(() => t.close());

  it('authenticates a key and tells it its name, scopes and locations', async () => {
    const key = await newApiKey(t, { locationIds: [loc2], scopes: ['tickets:read'], name: 'ERP Wodis' });
    const res = await call(t.app, 'GET', '/api/integration/me/', { auth: key.auth });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: 'ERP Wodis', scopes: ['tickets:read'], location_ids: [loc2] });
    expect(res.headers['ratelimit-policy']).toBe('"default";q=600;w=60');
    expect(res.headers['ratelimit']).toMatch(/^"default";r=599;t=(60|59)$/);
  });

  it('answers 401 without a key, and 403 to a key on a person route', async () => {
    expect((await call(t.app, 'GET', '/api/integration/me/')).status).toBe(401);
    const key = await newApiKey(t, { locationIds: [loc1], scopes: ['tickets:read'] });
    const res = await call(t.app, 'GET', '/api/profile/', { auth: key.auth });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      detail: 'API-Schlüssel gelten nur für /api/integration/.',
      code: 'api_key_not_allowed',
    });
    const user = await newUser(t, { locationId: loc1 });
    const person = await call(t.app, 'GET', '/api/integration/me/', { auth: await signIn(t, user) });
    expect(person.status).toBe(401);
  });
});
