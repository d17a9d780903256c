import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newUser, signIn } from '../../../test/factories.js';
import { FORBIDDEN, NO_CREDENTIALS, call, pngImage } from '../../../test/helpers.js';

const kinds = await dialects();

describe.each(kinds)('location (%s)', (kind) => {
  let t: TestApp;
  let park: number;
  let see: number;
  let anna: string; // resident of park
  let dora: string; // resident of see
  let manager: string; // runs both
  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t, {
      title: 'Wohnanlage Lindenhof',
      logo: await t.app.ctx.storage.put('logos', 'png', await pngImage()),
      directCall: false,
      directNumber: '+49 40 1111 2222',
      text: 'Die Rezeption hilft bei Paketen und Schlüsseln.',
      hours: 'Mo–Fr 8:00–18:00 Uhr\nSa 10:00–12:00 Uhr',
      phone: '+49 40 1111 2200',
      email: 'rezeption@lindenhof.example.org',
      freeText: 'Nachts erreichen Sie den Notdienst über die Startseite.',
    });
    see = await newLocation(t, { title: 'Uferhaus', directCall: true, directNumber: '+49 40 3333 4444' });
    [anna, dora, manager] = await Promise.all([
      newUser(t, { locationId: park }).then((u) => signIn(t, u)),
      newUser(t, { locationId: see }).then((u) => signIn(t, u)),
      newUser(t, { role: 'manager', managerOf: [park, see] }).then((u) => signIn(t, u)),
    ]);
  });
  afterAll(() => t.close());

  it("returns the resident's location as one object with the name of its default service", async () => {
    const res = await call(t.app, 'GET', '/api/location/', { auth: anna });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: park,
      title: 'Wohnanlage Lindenhof',
      name: 'Wohnanlage Lindenhof',
      logo: expect.stringMatching(/^\/api\/media\/logos\/[A-Za-z0-9_-]+\.png\?exp=\d+&sig=[A-Za-z0-9_-]+$/),
      direct_call: false,
      direct_number: '+49 40 1111 2222',
      default_service_id: 3,
      default_service_name: 'Rezeption',
      default_service_always: false,
      text: 'Die Rezeption hilft bei Paketen und Schlüsseln.',
      hours: 'Mo–Fr 8:00–18:00 Uhr\nSa 10:00–12:00 Uhr',
      phone: '+49 40 1111 2200',
      email: 'rezeption@lindenhof.example.org',
      free_text: 'Nachts erreichen Sie den Notdienst über die Startseite.',
      residents_can_post: false,
    });
  });

  it('serves the location logo as a PNG through its signed URL', async () => {
    const { body } = await call(t.app, 'GET', '/api/location/', { auth: anna });
    const logo = await call(t.app, 'GET', body.logo);
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.raw.subarray(1, 4).toString()).toBe('PNG');
  });

  it('gives a resident of another location their own location with direct_call', async () => {
    const res = await call(t.app, 'GET', '/api/location/', { auth: dora });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: see,
      title: 'Uferhaus',
      direct_call: true,
      direct_number: '+49 40 3333 4444',
      default_service_id: 3,
    });
  });

  it('answers 403 to the property manager, who has no location of their own', async () => {
    const res = await call(t.app, 'GET', '/api/location/', { auth: manager });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
  });

  it('answers 401 to anonymous callers', async () => {
    const res = await call(t.app, 'GET', '/api/location/');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NO_CREDENTIALS);
  });
});
