import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.js';
import { newLocation, newUser, signIn } from './factories.js';
import { call } from './helpers.js';

// A wrong type in a body got 'Ungültige Eingabe: erwartet array, erhalten string',
// half English. The type names are German now; messages a schema sets itself stay as they are.
describe('validation messages in German', () => {
  let t: TestApp;
  let manager: string;
  let anna: string;
  let location: number;
  beforeAll(async () => {
    t = await startApp('sqlite');
    location = await newLocation(t);
    manager = await signIn(t, await newUser(t, { role: 'manager', managerOf: [location] }));
    anna = await signIn(t, await newUser(t, { locationId: location }));
  });
  afterAll(() => t.close());

  it('names the expected and the received type in German', async () => {
    const rows = await call(t.app, 'POST', '/api/admin/residents/import/', {
      auth: manager,
      payload: { location_id: location, rows: 'A-01;Anna' },
    });
    expect(rows.status).toBe(400);
    expect(rows.body).toEqual({ rows: ['Ungültige Eingabe: erwartet Liste, erhalten Text.'] });

    const settings = (await call(t.app, 'GET', '/api/profile/notifications/', { auth: anna })).body;
    const flag = await call(t.app, 'PUT', '/api/profile/notifications/', {
      auth: anna,
      payload: { ...settings, quiet_hours: 'ja' },
    });
    expect(flag.status).toBe(400);
    expect(flag.body).toEqual({
      quiet_hours: ['Ungültige Eingabe: erwartet Ja/Nein-Wert (true oder false), erhalten Text.'],
    });
  });

  it('never says array, string, number, object or boolean', async () => {
    const res = await call(t.app, 'POST', '/api/admin/residents/import/', {
      auth: manager,
      payload: { location_id: location, rows: { a: 1 }, send_invitations: 3 },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(/\b(array|string|number|object|boolean)\b/);
  });
});
