import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../test/harness.js';
import { call } from '../../test/helpers.js';
import { newLocation, newService, newUser, signIn } from '../../test/factories.js';

const kinds = await dialects();

describe.each(kinds)('a new install without demo data (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { SEED_DEMO: 'false' });
  });
  afterAll(() => t.close());

  it('has the system services 1 (Verwaltung) and 3 (Rezeption) that the home screen points at', async () => {
    const location = await newLocation(t);
    const resident = await newUser(t, { locationId: location });
    const res = await call(t.app, 'GET', '/api/services/', { auth: await signIn(t, resident) });
    expect(res.status).toBe(200);
    expect(res.body.results.map((s: { id: number; title: string }) => [s.id, s.title])).toEqual([
      [3, 'Rezeption'],
      [1, 'Verwaltung'],
    ]);
    const home = await call(t.app, 'GET', '/api/location/', { auth: await signIn(t, resident) });
    expect(home.body).toMatchObject({ default_service_id: 3, default_service_name: 'Rezeption' });
  });

  it('numbers new services after the system ones', async () => {
    expect(await newService(t, null)).toBeGreaterThan(3);
  });
});
