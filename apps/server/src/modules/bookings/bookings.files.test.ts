import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, multipart, startApp, type TestApp } from '../../../test/harness.js';
import { NOT_FOUND, call, jpegWithExif, pdfFile, pngImage } from '../../../test/helpers.js';
import { newLocation, newUser, signIn } from '../../../test/factories.js';

const kinds = await dialects();
const MEDIA_LINK = /^\/api\/media\/(bookings|thumbs)\/[A-Za-z0-9_-]+\.(jpg|png|webp|pdf)\?exp=\d+&sig=[A-Za-z0-9_-]+$/;

/** A resource's photo and house-rules PDF: upload, checks, scope, who sees them, replacing and removing. */
describe.each(kinds)('booking resource files (%s)', (kind) => {
  let t: TestApp;
  let park: number;
  let wash: number;
  let auth: { anna: string; rezi: string; dora: string; manager: string; outsider: string };

  const upload = (who: string, id: number, path: 'photo' | 'house-rules', file: { filename: string; data: Buffer }) => {
    const type = file.filename.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg';
    const mp = multipart({}, { field: 'file', type, ...file });
    return call(t.app, 'PUT', `/api/admin/booking-resources/${id}/${path}/`, {
      auth: who,
      payload: mp.payload,
      headers: mp.headers,
    });
  };
  const resident = (who: string, id: number) => call(t.app, 'GET', `/api/bookings/resources/${id}/`, { auth: who });
  const audit = () =>
    t.app.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'booking_resource')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t);
    const see = await newLocation(t);
    auth = {
      anna: await signIn(t, await newUser(t, { locationId: park })),
      rezi: await signIn(t, await newUser(t, { locationId: park, role: 'receptionist' })),
      dora: await signIn(t, await newUser(t, { locationId: see })),
      manager: await signIn(t, await newUser(t, { role: 'manager', managerOf: [park] })),
      outsider: await signIn(t, await newUser(t, { role: 'manager', managerOf: [see] })),
    };
    const created = await call(t.app, 'POST', '/api/admin/booking-resources/', {
      auth: auth.manager,
      payload: { location_id: park, name: 'Partyraum', mode: 'slots', house_rules: 'Ab 22 Uhr leise.' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ photo: null, house_rules_pdf: null });
    wash = created.body.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores a photo without its metadata, with a thumbnail, and shows both to residents of the location', async () => {
    const res = await upload(auth.manager, wash, 'photo', {
      filename: 'raum.jpg',
      data: await jpegWithExif(3000, 2000),
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(wash);
    expect(res.body.photo).toMatchObject({ width: 2048, height: 1365 });
    expect(res.body.photo.url).toMatch(MEDIA_LINK);
    expect(res.body.photo.thumbnail).toMatch(MEDIA_LINK);
    expect(res.body.house_rules).toBe('Ab 22 Uhr leise.');

    const file = await call(t.app, 'GET', res.body.photo.url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.raw.includes(Buffer.from('geheim'))).toBe(false);
    expect((await sharp(file.raw).metadata()).exif).toBeUndefined();
    const thumb = await call(t.app, 'GET', res.body.photo.thumbnail);
    expect(await sharp(thumb.raw).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });

    // Residents and the reception of the location see it, in the list and on the resource.
    for (const who of [auth.anna, auth.rezi]) {
      const one = await resident(who, wash);
      expect(one.status).toBe(200);
      expect(one.body.photo).toEqual(res.body.photo);
      const list = await call(t.app, 'GET', '/api/bookings/resources/', { auth: who });
      expect(list.body.results.find((x: { id: number }) => x.id === wash).photo).toEqual(res.body.photo);
    }
    expect(await audit()).toMatchObject({ action: 'booking_resource_photo_updated', location_id: park });
  });

  it('stores the house rules as a PDF with the name it was uploaded as and its size', async () => {
    const pdf = await pdfFile('Hausordnung Partyraum');
    const res = await upload(auth.manager, wash, 'house-rules', { filename: 'C:\\Daten\\Hausordnung.pdf', data: pdf });
    expect(res.status).toBe(200);
    expect(res.body.house_rules_pdf).toEqual({
      url: expect.stringMatching(MEDIA_LINK),
      name: 'Hausordnung.pdf',
      size: pdf.length,
    });
    const file = await call(t.app, 'GET', res.body.house_rules_pdf.url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.raw.equals(pdf)).toBe(true);
    expect((await resident(auth.anna, wash)).body.house_rules_pdf).toEqual(res.body.house_rules_pdf);
    const entry = await audit();
    expect(entry.action).toBe('booking_resource_house_rules_updated');
    expect(JSON.parse(entry.after!)).toEqual({ name: 'Hausordnung.pdf', size: pdf.length });
  });

  it('refuses a file that lies about its type, in German, and keeps what was there', async () => {
    const before = (await resident(auth.anna, wash)).body;
    const fake = await upload(auth.manager, wash, 'photo', { filename: 'raum.jpg', data: await pdfFile() });
    expect(fake.status).toBe(400);
    expect(fake.body).toEqual({
      file: ['Die Datei raum.jpg hat ein nicht unterstütztes Format. Erlaubt sind JPEG-, PNG- oder WebP-Bilder.'],
    });
    const notPdf = await upload(auth.manager, wash, 'house-rules', { filename: 'regeln.pdf', data: await pngImage() });
    expect(notPdf.status).toBe(400);
    expect(notPdf.body).toEqual({
      file: ['Die Datei regeln.pdf hat ein nicht unterstütztes Format. Erlaubt sind PDF-Dokumente.'],
    });
    const script = await upload(auth.manager, wash, 'house-rules', {
      filename: 'regeln.pdf',
      data: Buffer.from('<script>alert(1)</script>'),
    });
    expect(script.status).toBe(400);
    expect((await resident(auth.anna, wash)).body).toEqual(before);
  });

  it('refuses a file over 10 MB, an empty request and JSON in German', async () => {
    const big = Buffer.concat([await pdfFile(), Buffer.alloc(10_485_760)]);
    const res = await upload(auth.manager, wash, 'house-rules', { filename: 'riesig.pdf', data: big });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ file: ['Die Datei riesig.pdf ist zu gross'] });
    const mp = multipart({});
    const empty = await call(t.app, 'PUT', `/api/admin/booking-resources/${wash}/photo/`, {
      auth: auth.manager,
      payload: mp.payload,
      headers: mp.headers,
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ file: ['Eingabe ist zwingend'] });
    const json = await call(t.app, 'PUT', `/api/admin/booking-resources/${wash}/photo/`, {
      auth: auth.manager,
      payload: {},
    });
    expect(json.status).toBe(415);
    expect(json.body).toEqual({ detail: 'Bitte als multipart/form-data senden.' });
  });

  it('answers 404 to a manager of another location and to residents of another location, 403 to residents', async () => {
    const png = { filename: 'x.png', data: await pngImage() };
    const outsider = await upload(auth.outsider, wash, 'photo', png);
    expect(outsider.status).toBe(404);
    expect(outsider.body).toEqual(NOT_FOUND);
    const del = await call(t.app, 'DELETE', `/api/admin/booking-resources/${wash}/house-rules/`, {
      auth: auth.outsider,
    });
    expect(del.status).toBe(404);
    expect((await upload(auth.anna, wash, 'photo', png)).status).toBe(403);
    expect((await upload(auth.rezi, wash, 'house-rules', png)).status).toBe(403);
    expect((await resident(auth.dora, wash)).status).toBe(404);
    expect((await upload(auth.manager, 999_999, 'photo', png)).status).toBe(404);
  });

  it('removes the old files when a photo is replaced, and both files on removal', async () => {
    const first = (await resident(auth.anna, wash)).body.photo;
    const second = await upload(auth.manager, wash, 'photo', { filename: 'neu.png', data: await pngImage(300, 200) });
    expect(second.status).toBe(200);
    expect(second.body.photo).toMatchObject({ width: 300, height: 200 });
    expect((await call(t.app, 'GET', first.url)).status).toBe(404);
    expect((await call(t.app, 'GET', first.thumbnail)).status).toBe(404);

    const gone = await call(t.app, 'DELETE', `/api/admin/booking-resources/${wash}/photo/`, { auth: auth.manager });
    expect(gone.status).toBe(200);
    expect(gone.body.photo).toBeNull();
    expect((await call(t.app, 'GET', second.body.photo.url)).status).toBe(404);
    expect((await audit()).action).toBe('booking_resource_photo_removed');
    const pdf = (await resident(auth.anna, wash)).body.house_rules_pdf;
    const rules = await call(t.app, 'DELETE', `/api/admin/booking-resources/${wash}/house-rules/`, {
      auth: auth.manager,
    });
    expect(rules.body.house_rules_pdf).toBeNull();
    expect(rules.body.house_rules).toBe('Ab 22 Uhr leise.');
    expect((await call(t.app, 'GET', pdf.url)).status).toBe(404);
    // Nothing left to remove: the same answer, no second audit entry.
    const auditBefore = (await audit()).id;
    const again = await call(t.app, 'DELETE', `/api/admin/booking-resources/${wash}/house-rules/`, {
      auth: auth.manager,
    });
    expect(again.status).toBe(200);
    expect((await audit()).id).toBe(auditBefore);
    expect((await resident(auth.anna, wash)).body).toMatchObject({ photo: null, house_rules_pdf: null });
  });

  it('keeps the files when the resource is edited', async () => {
    await upload(auth.manager, wash, 'photo', { filename: 'a.png', data: await pngImage() });
    const edited = await call(t.app, 'PUT', `/api/admin/booking-resources/${wash}/`, {
      auth: auth.manager,
      payload: { location_id: park, name: 'Partyraum (EG)', mode: 'slots' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.name).toBe('Partyraum (EG)');
    expect(edited.body.photo).toMatchObject({ width: 64, height: 48 });
  });
});
