import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, multipart, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newService, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { FORBIDDEN, NOT_FOUND, call, expectDrfError, jpegWithExif, pdfFile, pngImage } from '../../../test/helpers.js';

const kinds = await dialects();

/** Every field a manager sets, as the back office's form sends it. */
const SETTINGS = {
  title: 'Wohnanlage Lindenhof – Haus B',
  name: 'Lindenhof B',
  direct_call: true,
  direct_number: '+49 40 1111 9999',
  default_service_id: 1,
  default_service_always: true,
  text: 'Die Rezeption ist für Sie da.',
  hours: 'Mo–Fr 8:00–18:00 Uhr',
  phone: '+49 40 1111 2200',
  email: 'rezeption@lindenhof.example.org',
  free_text: 'Notfälle bitte über die Startseite melden.',
  residents_can_post: true,
  reception_publishes_directly: true,
};

describe.each(kinds)('back office: location settings (%s)', (kind) => {
  let t: TestApp;
  let park: number; // run by `manager`
  let see: number; // run by `other`
  let parkService: number;
  let seeService: number;
  let anna: string; // resident of park
  let rita: string; // receptionist of park
  let managerUser: TestUser;
  let manager: string;
  let other: string;
  let admin: string;

  const lastAudit = () =>
    t.app.ctx.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  const putLogo = (auth: string, locationId: number, file: { filename: string; type: string; data: Buffer }) => {
    const mp = multipart({}, { field: 'logo', ...file });
    return call(t.app, 'PUT', `/api/admin/locations/${locationId}/logo/`, {
      auth,
      payload: mp.payload,
      headers: mp.headers,
    });
  };
  const locationOf = async (id: number) =>
    t.app.ctx.db.selectFrom('locations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t, { title: 'Wohnanlage Lindenhof' });
    see = await newLocation(t, { title: 'Uferhaus', directNumber: '+49 40 3333 4444' });
    parkService = await newService(t, park, { title: 'Hausmeister' });
    seeService = await newService(t, see, { title: 'Bootsverleih' });
    managerUser = await newUser(t, { role: 'manager', managerOf: [park] });
    [anna, rita, manager, other, admin] = await Promise.all([
      newUser(t, { locationId: park }).then((u) => signIn(t, u)),
      newUser(t, { locationId: park, role: 'receptionist' }).then((u) => signIn(t, u)),
      signIn(t, managerUser),
      newUser(t, { role: 'manager', managerOf: [see] }).then((u) => signIn(t, u)),
      newUser(t, { role: 'admin' }).then((u) => signIn(t, u)),
    ]);
  });
  afterAll(() => t.close());

  it("lists only the manager's own locations, and every location to an admin", async () => {
    const mine = await call(t.app, 'GET', '/api/admin/locations/', { auth: manager });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ count: 1, next: null, previous: null });
    expect(mine.body.results.map((l: { id: number }) => l.id)).toEqual([park]);
    expect(mine.body.results[0]).toMatchObject({ title: 'Wohnanlage Lindenhof', default_service_id: 3 });
    const all = await call(t.app, 'GET', '/api/admin/locations/', { auth: admin });
    expect(all.body.results.map((l: { id: number }) => l.id).sort()).toEqual([park, see].sort());
  });

  it('changes every setting, and the residents see the change at once', async () => {
    const res = await call(t.app, 'PUT', `/api/admin/locations/${park}/`, { auth: manager, payload: SETTINGS });
    expect(res.status).toBe(200);
    const { reception_publishes_directly, ...forResidents } = SETTINGS;
    const expected = { id: park, ...forResidents, logo: null, default_service_name: 'Verwaltung' };
    // The back office also shows the apartment-number prefix (ADR 028) and the address, the
    // automatic acceptance and the buildings; residents' shape has none of them.
    const inBackOffice = {
      ...expected,
      apartment_prefix: null,
      reception_publishes_directly,
      street: '',
      postal_code: '',
      city: '',
      access_note: '',
      auto_accept_days: null,
      buildings: [],
    };
    expect(res.body).toEqual(inBackOffice);
    expect((await call(t.app, 'GET', `/api/admin/locations/${park}/`, { auth: manager })).body).toEqual(inBackOffice);
    const resident = await call(t.app, 'GET', '/api/location/', { auth: anna });
    expect(resident.body).toEqual(expected);
  });

  it('records the change in the audit log with the location and the state before and after', async () => {
    await call(t.app, 'PUT', `/api/admin/locations/${park}/`, {
      auth: manager,
      payload: { title: 'Vorher' },
    });
    await call(t.app, 'PUT', `/api/admin/locations/${park}/`, {
      auth: manager,
      payload: { title: 'Nachher', residents_can_post: false },
    });
    const entry = await lastAudit();
    expect(entry).toMatchObject({
      user_id: managerUser.id,
      action: 'location_updated',
      entity: 'location',
      entity_id: park,
      location_id: park,
    });
    expect(JSON.parse(entry.before!)).toMatchObject({ title: 'Vorher', residents_can_post: true });
    expect(JSON.parse(entry.after!)).toMatchObject({ title: 'Nachher', residents_can_post: false });
  });

  it('keeps the fields a PUT leaves out', async () => {
    await call(t.app, 'PUT', `/api/admin/locations/${park}/`, { auth: manager, payload: SETTINGS });
    const res = await call(t.app, 'PUT', `/api/admin/locations/${park}/`, {
      auth: manager,
      payload: { title: 'Nur der Titel' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...SETTINGS, title: 'Nur der Titel' });
  });

  it("accepts the location's own service and the global ones as default service", async () => {
    for (const [id, name] of [
      [parkService, 'Hausmeister'],
      [3, 'Rezeption'],
    ] as const) {
      const res = await call(t.app, 'PUT', `/api/admin/locations/${park}/`, {
        auth: manager,
        payload: { title: 'Lindenhof', default_service_id: id },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ default_service_id: id, default_service_name: name });
    }
  });

  it("refuses another location's service or an unknown one as default service", async () => {
    for (const id of [seeService, 999_999]) {
      const res = await call(t.app, 'PUT', `/api/admin/locations/${park}/`, {
        auth: manager,
        payload: { title: 'Lindenhof', default_service_id: id },
      });
      expect(res.status, String(id)).toBe(400);
      expect(res.body).toEqual({ default_service_id: ['Dieser Dienst ist an diesem Standort nicht verfügbar.'] });
    }
    expect((await locationOf(park)).default_service_id).toBe(3);
  });

  it('refuses direct calls without a number to call', async () => {
    const res = await call(t.app, 'PUT', `/api/admin/locations/${park}/`, {
      auth: manager,
      payload: { title: 'Lindenhof', direct_call: true, direct_number: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ direct_number: ['Für den Direktanruf wird eine Telefonnummer benötigt.'] });
  });

  it('answers hostile input with German field errors, never 500', async () => {
    const cases: [unknown, string][] = [
      [{ title: '' }, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{}, 'title'],
      [{ title: 'A', email: 'keine-adresse' }, 'email'],
      [{ title: 'A', direct_call: 'ja' }, 'direct_call'],
      [{ title: 'A', direct_number: 'eins-eins-zwei' }, 'direct_number'],
      [{ title: 'A', default_service_id: -1 }, 'default_service_id'],
      [{ title: 'A', default_service_id: 1e20 }, 'default_service_id'],
      [{ title: 'A', free_text: 'x'.repeat(10_001) }, 'free_text'],
      [{ title: ['A'] }, 'title'],
    ];
    for (const [payload, field] of cases) {
      const res = await call(t.app, 'PUT', `/api/admin/locations/${park}/`, {
        auth: manager,
        payload: payload as object,
      });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expectDrfError(res.body);
      expect(Object.keys(res.body), JSON.stringify(payload)).toEqual([field]);
    }
    const title = await call(t.app, 'PUT', `/api/admin/locations/${park}/`, { auth: manager, payload: { title: '' } });
    expect(title.body).toEqual({ title: ['Eingabe ist zwingend'] });
    const email = await call(t.app, 'PUT', `/api/admin/locations/${park}/`, {
      auth: manager,
      payload: { title: 'A', email: 'x@' },
    });
    expect(email.body).toEqual({ email: ['Bitte geben Sie eine gültige E-Mail-Adresse ein.'] });
  });

  it('stores unicode as sent, trimmed', async () => {
    const res = await call(t.app, 'PUT', `/api/admin/locations/${park}/`, {
      auth: manager,
      payload: { title: '  Straße am Hügel 🏠 – Ærø  ', hours: 'Täglich\n8–20 Uhr' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Straße am Hügel 🏠 – Ærø', hours: 'Täglich\n8–20 Uhr' });
  });

  describe('logo', () => {
    it('re-encodes an uploaded logo without its metadata and shows it to residents', async () => {
      const res = await putLogo(manager, park, {
        filename: 'logo.jpg',
        type: 'image/jpeg',
        data: await jpegWithExif(2400, 1200),
      });
      expect(res.status).toBe(200);
      expect(res.body.logo).toMatch(/^\/api\/media\/logos\/[A-Za-z0-9_-]+\.webp\?exp=\d+&sig=/);
      const file = await call(t.app, 'GET', res.body.logo);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      const meta = await sharp(file.raw).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 1024, height: 512 });
      expect(meta.exif).toBeUndefined();
      expect(file.raw.includes(Buffer.from('geheim'))).toBe(false);
      const resident = await call(t.app, 'GET', '/api/location/', { auth: anna });
      expect(resident.body.logo).toBe(res.body.logo);
      expect((await lastAudit()).action).toBe('location_logo_updated');
    });

    it('deletes the previous logo file when a new one is uploaded', async () => {
      const first = await putLogo(manager, park, { filename: 'a.png', type: 'image/png', data: await pngImage() });
      const second = await putLogo(manager, park, { filename: 'b.png', type: 'image/png', data: await pngImage(20) });
      expect(second.status).toBe(200);
      expect((await call(t.app, 'GET', first.body.logo)).status).toBe(404);
      expect((await call(t.app, 'GET', second.body.logo)).status).toBe(200);
    });

    it('refuses a file that only claims to be an image, and keeps the logo', async () => {
      const before = (await locationOf(park)).logo;
      for (const [filename, data] of [
        ['logo.png', await pdfFile()],
        ['logo.jpg', Buffer.from('<svg onload="alert(1)"></svg>')],
      ] as const) {
        const res = await putLogo(manager, park, { filename, type: 'image/png', data });
        expect(res.status, filename).toBe(400);
        expect(res.body).toEqual({
          logo: [
            `Die Datei ${filename} hat ein nicht unterstütztes Format. Erlaubt sind JPEG-, PNG- oder WebP-Bilder.`,
          ],
        });
      }
      expect((await locationOf(park)).logo).toBe(before);
    });

    it('refuses a logo over 10 MB', async () => {
      const big = Buffer.concat([await pngImage(), Buffer.alloc(10_485_760)]);
      const res = await putLogo(manager, park, { filename: 'riesig.png', type: 'image/png', data: big });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ logo: ['Die Datei riesig.png ist zu gross'] });
    });

    it('answers 400 without a file and 415 for JSON', async () => {
      const mp = multipart({ title: 'x' });
      const empty = await call(t.app, 'PUT', `/api/admin/locations/${park}/logo/`, {
        auth: manager,
        payload: mp.payload,
        headers: mp.headers,
      });
      expect(empty.status).toBe(400);
      expect(empty.body).toEqual({ logo: ['Eingabe ist zwingend'] });
      const json = await call(t.app, 'PUT', `/api/admin/locations/${park}/logo/`, { auth: manager, payload: {} });
      expect(json.status).toBe(415);
      expectDrfError(json.body);
    });

    it('removes the logo, and residents get none', async () => {
      const up = await putLogo(manager, park, { filename: 'a.png', type: 'image/png', data: await pngImage() });
      const res = await call(t.app, 'DELETE', `/api/admin/locations/${park}/logo/`, { auth: manager });
      expect(res.status).toBe(200);
      expect(res.body.logo).toBeNull();
      expect((await call(t.app, 'GET', '/api/location/', { auth: anna })).body.logo).toBeNull();
      expect((await call(t.app, 'GET', up.body.logo)).status).toBe(404);
      expect((await lastAudit()).action).toBe('location_logo_removed');
    });
  });

  it('answers 404 to a manager for every route of a location that is not theirs, and changes nothing', async () => {
    const before = await locationOf(see);
    const png = await pngImage();
    const replies = [
      await call(t.app, 'GET', `/api/admin/locations/${see}/`, { auth: manager }),
      await call(t.app, 'PUT', `/api/admin/locations/${see}/`, { auth: manager, payload: { title: 'Gekapert' } }),
      await putLogo(manager, see, { filename: 'a.png', type: 'image/png', data: png }),
      await call(t.app, 'DELETE', `/api/admin/locations/${see}/logo/`, { auth: manager }),
      await call(t.app, 'GET', `/api/admin/locations/999999/`, { auth: manager }),
      await call(t.app, 'GET', `/api/admin/locations/${park}/`, { auth: other }),
    ];
    for (const res of replies) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    expect(await locationOf(see)).toEqual(before);
    const list = await call(t.app, 'GET', '/api/admin/locations/', { auth: other });
    expect(list.body.results.map((l: { id: number }) => l.id)).toEqual([see]);
  });

  it('answers 400 with an id field error to malformed ids', async () => {
    for (const [method, template] of [
      ['GET', '/api/admin/locations/:id/'],
      ['PUT', '/api/admin/locations/:id/'],
      ['PUT', '/api/admin/locations/:id/logo/'],
      ['DELETE', '/api/admin/locations/:id/logo/'],
    ] as const) {
      for (const id of ['-1', '0', '1.5', '2147483648', 'abc', "1'%20OR%20'1'='1"]) {
        const url = template.replace(':id', id);
        const res = await call(t.app, method, url, { auth: manager, payload: method === 'PUT' ? {} : undefined });
        expect(res.status, `${method} ${url}`).toBe(400);
        expect(Object.keys(res.body), url).toEqual(['id']);
      }
    }
  });

  it('answers 403 to residents and receptionists on every location route', async () => {
    for (const auth of [anna, rita]) {
      for (const [method, url] of [
        ['GET', '/api/admin/locations/'],
        ['GET', `/api/admin/locations/${park}/`],
        ['PUT', `/api/admin/locations/${park}/`],
        ['PUT', `/api/admin/locations/${park}/logo/`],
        ['DELETE', `/api/admin/locations/${park}/logo/`],
      ] as const) {
        const res = await call(t.app, method, url, { auth, payload: method === 'PUT' ? { title: 'x' } : undefined });
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body).toEqual(FORBIDDEN);
      }
    }
  });
});
