import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, login, startDemoApp, type TestApp } from '../../../test/harness.js';
import { FORBIDDEN, NO_CREDENTIALS, call } from '../../../test/helpers.js';

const kinds = await dialects();

describe.each(kinds)('location (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startDemoApp(kind);
  });
  afterAll(() => t.close());

  it('returns location 1 as one object with the name of its default service', async () => {
    const res = await call(t.app, 'GET', '/api/location/', { auth: await login(t.app, 'A-0101') });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: 1,
      title: 'Residenz am Stadtpark',
      name: 'Residenz am Stadtpark',
      logo: expect.stringMatching(/^\/api\/media\/logos\/[A-Za-z0-9_-]+\.png\?exp=\d+&sig=[A-Za-z0-9_-]+$/),
      direct_call: false,
      direct_number: '+49 30 9876 5432',
      default_service_id: 3,
      default_service_name: 'Rezeption',
      text: 'Unsere Rezeption ist Ihre erste Anlaufstelle für Pakete, Schlüssel, Besucher und alle Anliegen rund ums Haus.',
      hours: 'Mo–Fr 7:00–20:00 Uhr\nSa 9:00–14:00 Uhr',
      phone: '+49 30 9876 5400',
      email: 'rezeption@stadtpark.example.org',
      free_text: 'Außerhalb der Öffnungszeiten erreichen Sie den Notdienst über die Notruftaste auf der Startseite.',
      residents_can_post: false,
    });
  });

  it('serves the location logo as a PNG through its signed URL', async () => {
    const { body } = await call(t.app, 'GET', '/api/location/', { auth: await login(t.app, 'A-0101') });
    const logo = await call(t.app, 'GET', body.logo);
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.raw.subarray(1, 4).toString()).toBe('PNG');
  });

  it('gives a resident of location 2 their own location with direct_call', async () => {
    const res = await call(t.app, 'GET', '/api/location/', { auth: await login(t.app, 'B-0101') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: 2,
      title: 'Haus am See',
      direct_call: true,
      direct_number: '+49 30 5555 0110',
      default_service_id: 3,
    });
  });

  it('answers 403 to the property manager, who has no location of their own', async () => {
    const res = await call(t.app, 'GET', '/api/location/', { auth: await login(t.app, 'verwaltung@example.org') });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
  });

  it('answers 401 to anonymous callers', async () => {
    const res = await call(t.app, 'GET', '/api/location/');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NO_CREDENTIALS);
  });
});
