import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { dialects, multipart, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newProfilePicture, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { NO_CREDENTIALS, NOT_FOUND, call, jpegWithExif, pdfFile, pngImage } from '../../../test/helpers.js';

const kinds = await dialects();

describe.each(kinds)('profile (%s)', (kind) => {
  let t: TestApp;
  let location: number;
  let annaUser: TestUser;
  let anna: string;
  beforeAll(async () => {
    t = await startApp(kind);
    location = await newLocation(t);
    annaUser = await newUser(t, {
      locationId: location,
      apartmentNumber: 'W-0712',
      name: 'Anna Adler',
      email: 'anna.adler@example.org',
    });
    anna = await signIn(t, annaUser);
  });
  afterAll(() => t.close());

  const putMultipart = (auth: string, fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) => {
    const mp = multipart(fields, file);
    return call(t.app, 'PUT', '/api/profile/', { auth, payload: mp.payload, headers: mp.headers });
  };
  /** A resident of the location, signed in. */
  const resident = async () => signIn(t, await newUser(t, { locationId: location }));

  it("returns the caller's own profile with every field of product §4.3", async () => {
    const res = await call(t.app, 'GET', '/api/profile/', { auth: anna });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: annaUser.id,
      name: 'Anna Adler',
      email: 'anna.adler@example.org',
      profile_picture: null,
      apartment_number: 'W-0712',
      emergency_services_deactivated: false,
      is_receptionist: false,
      language: 'de',
      location_id: location,
    });
  });

  it('flags the resident with emergency services deactivated and the receptionist', async () => {
    const berndUser = await newUser(t, { locationId: location, emergencyServicesDeactivated: true });
    const bernd = await call(t.app, 'GET', '/api/profile/', { auth: await signIn(t, berndUser) });
    expect(bernd.body).toMatchObject({
      apartment_number: berndUser.apartmentNumber,
      emergency_services_deactivated: true,
      is_receptionist: false,
    });
    const claraUser = await newUser(t, { locationId: location, role: 'receptionist' });
    await newProfilePicture(t, claraUser);
    const clara = await call(t.app, 'GET', '/api/profile/', { auth: await signIn(t, claraUser) });
    expect(clara.body).toMatchObject({
      apartment_number: claraUser.apartmentNumber,
      emergency_services_deactivated: false,
      is_receptionist: true,
    });
    expect(clara.body.profile_picture).toMatch(
      /^\/api\/media\/avatars\/[A-Za-z0-9_-]+\.webp\?exp=\d+&sig=[A-Za-z0-9_-]+$/,
    );
  });

  it('gives the property manager a profile without a location', async () => {
    const manager = await newUser(t, { role: 'manager', email: 'buero@verwaltung.example.org', managerOf: [location] });
    const res = await call(t.app, 'GET', '/api/profile/', { auth: await signIn(t, manager) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: 'buero@verwaltung.example.org',
      location_id: null,
      is_receptionist: false,
    });
  });

  it('answers 401 to anonymous callers for GET and PUT', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const res = await call(t.app, method, '/api/profile/', {
        payload: method === 'PUT' ? { language: 'en' } : undefined,
      });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(NO_CREDENTIALS);
    }
  });

  it('changes the language with a JSON body', async () => {
    const auth = await resident();
    const res = await call(t.app, 'PUT', '/api/profile/', { auth, payload: { language: 'en' } });
    expect(res.status).toBe(200);
    expect(res.body.language).toBe('en');
    expect((await call(t.app, 'GET', '/api/profile/', { auth })).body.language).toBe('en');
  });

  it('changes the language with a multipart field', async () => {
    const auth = await resident();
    expect((await call(t.app, 'PUT', '/api/profile/', { auth, payload: { language: 'en' } })).body.language).toBe('en');
    const res = await putMultipart(auth, { language: 'de' });
    expect(res.status).toBe(200);
    expect(res.body.language).toBe('de');
  });

  it('stores each of the seven languages', async () => {
    const auth = await resident();
    for (const language of ['tr', 'pl', 'uk', 'ru', 'ar', 'de']) {
      const res = await call(t.app, 'PUT', '/api/profile/', { auth, payload: { language } });
      expect(res.status, language).toBe(200);
      expect((await call(t.app, 'GET', '/api/profile/', { auth })).body.language).toBe(language);
    }
  });

  it('answers 400 for a language it does not offer', async () => {
    for (const language of ['fr', 'AR', 'tr-TR', 5, null]) {
      const res = await call(t.app, 'PUT', '/api/profile/', { auth: anna, payload: { language } });
      expect(res.status, String(language)).toBe(400);
      expect(res.body).toEqual({ language: ['Ungültige Sprache. Erlaubt: de, en, tr, pl, uk, ru, ar.'] });
    }
  });

  it('stores an uploaded picture as a 512 px WebP without metadata and serves it via a signed URL', async () => {
    const auth = await resident();
    const res = await putMultipart(
      auth,
      {},
      { field: 'profile_picture', filename: 'ich.jpg', type: 'image/jpeg', data: await jpegWithExif(900, 600) },
    );
    expect(res.status).toBe(200);
    expect(res.body.profile_picture).toMatch(/^\/api\/media\/avatars\/[A-Za-z0-9_-]+\.webp\?exp=\d+&sig=/);
    const file = await call(t.app, 'GET', res.body.profile_picture);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(file.raw).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect((await call(t.app, 'GET', '/api/profile/', { auth })).body.profile_picture).toBe(res.body.profile_picture);
  });

  it('deletes the previous picture when a new one is uploaded', async () => {
    const auth = await resident();
    const first = await putMultipart(
      auth,
      {},
      { field: 'profile_picture', filename: 'a.png', type: 'image/png', data: await pngImage() },
    );
    const second = await putMultipart(
      auth,
      {},
      { field: 'profile_picture', filename: 'b.png', type: 'image/png', data: await pngImage(30, 30) },
    );
    expect(second.status).toBe(200);
    expect(second.body.profile_picture).not.toBe(first.body.profile_picture);
    const old = await call(t.app, 'GET', first.body.profile_picture);
    expect(old.status).toBe(404);
    expect(old.body).toEqual(NOT_FOUND);
  });

  it('rejects a PDF uploaded as a photo, whatever its name and declared type', async () => {
    const user = await newUser(t, { locationId: location });
    await newProfilePicture(t, user);
    const auth = await signIn(t, user);
    const before = (await call(t.app, 'GET', '/api/profile/', { auth })).body.profile_picture;
    expect(before).toMatch(/^\/api\/media\/avatars\//);
    const res = await putMultipart(
      auth,
      {},
      { field: 'profile_picture', filename: 'foto.jpg', type: 'image/jpeg', data: await pdfFile() },
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      profile_picture: [
        'Die Datei foto.jpg hat ein nicht unterstütztes Format. Erlaubt sind JPEG-, PNG- oder WebP-Bilder.',
      ],
    });
    expect((await call(t.app, 'GET', '/api/profile/', { auth })).body.profile_picture).toBe(before);
  });

  it('rejects a picture over 10 MB with Die Datei <name> ist zu gross', async () => {
    const big = Buffer.concat([await pngImage(), Buffer.alloc(10_485_760)]);
    const res = await putMultipart(
      anna,
      {},
      { field: 'profile_picture', filename: 'riesig.png', type: 'image/png', data: big },
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ profile_picture: ['Die Datei riesig.png ist zu gross'] });
  });

  it('rejects a file sent under another field name', async () => {
    const res = await putMultipart(
      anna,
      {},
      { field: 'avatar', filename: 'a.png', type: 'image/png', data: await pngImage() },
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ avatar: ['Pro Anfrage ist genau eine Datei im Feld "profile_picture" erlaubt.'] });
  });

  it('rejects an empty picture file', async () => {
    const res = await putMultipart(
      anna,
      {},
      { field: 'profile_picture', filename: 'leer.png', type: 'image/png', data: Buffer.alloc(0) },
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ profile_picture: ['Die übermittelte Datei ist leer.'] });
  });
});
