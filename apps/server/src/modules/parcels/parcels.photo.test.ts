import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, multipart, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { call, jpegWithExif, pdfFile, pngImage } from '../../../test/helpers.js';

const kinds = await dialects();
const BOUND_LINK = /^\/api\/media\/(parcels|thumbs)\/[A-Za-z0-9_-]+\.(jpg|png|webp)\?exp=\d+&sid=\d+&sig=/;

/** The label photo: optional, checked, only for the reception and managers, exported and erased with the resident. */
describe.each(kinds)('parcel label photo (%s)', (kind) => {
  let t: TestApp;
  let park: number;
  let anna: TestUser;
  const auth: Record<string, string> = {};

  const logWithPhoto = (
    who: string,
    fields: Record<string, string>,
    photo: { filename: string; data: Buffer } | null,
    key: string = randomUUID(),
  ) => {
    const mp = multipart(fields, photo ? { field: 'photo', type: 'image/jpeg', ...photo } : undefined);
    return call(t.app, 'POST', '/api/reception/parcels/', {
      auth: auth[who],
      payload: mp.payload,
      headers: { ...mp.headers, 'idempotency-key': key },
    });
  };
  /** The label photos in the file store (each has a thumbnail in thumbs/ besides). */
  const storedLabels = async () => {
    const keys: string[] = [];
    for await (const k of (t.app.ctx.storage as unknown as { keys(): AsyncGenerator<string> }).keys())
      if (k.startsWith('parcels/')) keys.push(k);
    return keys;
  };
  const parcelCount = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('parcels')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t);
    const other = await newLocation(t);
    anna = await newUser(t, { locationId: park, apartmentNumber: 'P-0101', name: 'Anna Ahorn' });
    const users = {
      anna,
      bernd: await newUser(t, { locationId: park, apartmentNumber: 'P-0102' }),
      rezi: await newUser(t, { locationId: park, role: 'receptionist', apartmentNumber: 'P-REZ' }),
      seeRezi: await newUser(t, { locationId: other, role: 'receptionist', apartmentNumber: 'S-REZ' }),
      manager: await newUser(t, { role: 'manager', managerOf: [park] }),
      outsider: await newUser(t, { role: 'manager', managerOf: [other] }),
    };
    for (const [name, user] of Object.entries(users)) auth[name] = await signIn(t, user);
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs a parcel with a label photo, re-encoded without metadata, and without one as before', async () => {
    const res = await logWithPhoto(
      'rezi',
      { apartment: 'P-0101', carrier: 'DHL', pieces: '2' },
      { filename: 'etikett.jpg', data: await jpegWithExif(3000, 2000) },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ apartment_number: 'P-0101', carrier: 'DHL', pieces: 2 });
    expect(res.body.label_photo.url).toMatch(BOUND_LINK);
    expect(res.body.label_photo.thumbnail).toMatch(BOUND_LINK);
    const file = await call(t.app, 'GET', res.body.label_photo.url, { auth: auth.rezi });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.raw.includes(Buffer.from('geheim'))).toBe(false);
    expect(await sharp(file.raw).metadata()).toMatchObject({ width: 2048, height: 1365 });
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'parcel_logged')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details!)).toMatchObject({ label_photo: true });

    const plain = await logWithPhoto('rezi', { apartment: 'P-0101', carrier: 'Hermes' }, null);
    expect(plain.status).toBe(201);
    expect(plain.body.label_photo).toBeNull();
    const json = await call(t.app, 'POST', '/api/reception/parcels/', {
      auth: auth.rezi,
      payload: { apartment: 'P-0101', carrier: 'GLS' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(json.status).toBe(201);
    expect(json.body.label_photo).toBeNull();
  });

  it('logs one parcel and stores one photo when the same request is retried, also when the copies race', async () => {
    const photo = { filename: 'etikett.png', data: await pngImage(400, 300) };
    const fields = { apartment: 'P-0102', carrier: 'UPS', storage_place: 'Regal C' };
    const [parcelsBefore, filesBefore] = [await parcelCount(), (await storedLabels()).length];

    const key = randomUUID();
    const first = await logWithPhoto('rezi', fields, photo, key);
    const retry = await logWithPhoto('rezi', fields, photo, key);
    expect([first.status, retry.status]).toEqual([201, 200]);
    expect(retry.body.id).toBe(first.body.id);
    expect(await parcelCount()).toBe(parcelsBefore + 1);
    expect(await storedLabels()).toHaveLength(filesBefore + 1);

    // The key with another photo is another parcel: refused, and nothing stored.
    const other = await logWithPhoto('rezi', fields, { filename: 'b.png', data: await pngImage(401, 300) }, key);
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ detail: 'Dieser Idempotency-Key gehört zu einem anderen Paket.' });
    const withoutPhoto = await logWithPhoto('rezi', fields, null, key);
    expect(withoutPhoto.status).toBe(409);

    const raceKey = randomUUID();
    const copies = await Promise.all([1, 2, 3].map(() => logWithPhoto('rezi', fields, photo, raceKey)));
    expect(copies.map((c) => c.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(copies.map((c) => c.body.id)).size).toBe(1);
    expect(await parcelCount()).toBe(parcelsBefore + 2);
    expect(await storedLabels()).toHaveLength(filesBefore + 2);
  });

  it('refuses a file that is no image, or too large, in German, and logs nothing', async () => {
    const [parcelsBefore, filesBefore] = [await parcelCount(), (await storedLabels()).length];
    const fake = await logWithPhoto(
      'rezi',
      { apartment: 'P-0101', carrier: 'DHL' },
      { filename: 'etikett.jpg', data: await pdfFile() },
    );
    expect(fake.status).toBe(400);
    expect(fake.body).toEqual({
      photo: ['Die Datei etikett.jpg hat ein nicht unterstütztes Format. Erlaubt sind JPEG-, PNG- oder WebP-Bilder.'],
    });
    const big = await logWithPhoto(
      'rezi',
      { apartment: 'P-0101', carrier: 'DHL' },
      { filename: 'riesig.jpg', data: Buffer.concat([await pngImage(), Buffer.alloc(10_485_760)]) },
    );
    expect(big.status).toBe(400);
    expect(big.body).toEqual({ photo: ['Die Datei riesig.jpg ist zu gross'] });
    const badFields = await logWithPhoto(
      'rezi',
      { apartment: 'P-0101', carrier: 'FedEx' },
      { filename: 'etikett.png', data: await pngImage() },
    );
    expect(badFields.status).toBe(400);
    expect(badFields.body.carrier[0]).toMatch(/^Bitte wählen Sie einen Paketdienst/);
    expect(await parcelCount()).toBe(parcelsBefore);
    expect(await storedLabels()).toHaveLength(filesBefore);
    // Residents cannot log parcels, with or without a photo.
    const resident = await logWithPhoto(
      'anna',
      { apartment: 'P-0101', carrier: 'DHL' },
      { filename: 'x.png', data: await pngImage() },
    );
    expect(resident.status).toBe(403);
  });

  it('shows the photo to the reception and managers of the location only, never to residents', async () => {
    const logged = await logWithPhoto(
      'rezi',
      { apartment: 'P-0101', carrier: 'Amazon' },
      { filename: 'etikett.png', data: await pngImage() },
    );
    const id = logged.body.id;
    const desk = await call(t.app, 'GET', '/api/reception/parcels/?status=open&apartment=P-0101', { auth: auth.rezi });
    expect(desk.body.results.find((p: { id: number }) => p.id === id).label_photo.url).toMatch(BOUND_LINK);

    const admin = await call(t.app, 'GET', '/api/admin/parcels/?status=open', { auth: auth.manager });
    const seen = admin.body.results.find((p: { id: number }) => p.id === id);
    expect(seen.label_photo.thumbnail).toMatch(BOUND_LINK);
    expect((await call(t.app, 'GET', seen.label_photo.thumbnail, { auth: auth.manager })).status).toBe(200);
    const outsider = await call(t.app, 'GET', '/api/admin/parcels/?status=open', { auth: auth.outsider });
    expect(outsider.body.results.map((p: { id: number }) => p.id)).not.toContain(id);
    const otherDesk = await call(t.app, 'GET', '/api/reception/parcels/?status=open', { auth: auth.seeRezi });
    expect(otherDesk.body.results.map((p: { id: number }) => p.id)).not.toContain(id);

    // The apartment's own resident sees the parcel, but not the label.
    const mine = await call(t.app, 'GET', '/api/parcels/', { auth: auth.anna });
    const own = mine.body.open.find((p: { id: number }) => p.id === id);
    expect(own).toBeDefined();
    expect(JSON.stringify(mine.body)).not.toContain('/api/media/');
    // A link handed on stays bound to the receptionist's session: another account's token gets 403.
    const handedOn = await call(t.app, 'GET', logged.body.label_photo.url, { auth: auth.bernd });
    expect(handedOn.status).toBe(403);
    expect(handedOn.body).toEqual({ detail: 'Dieser Link gehört zu einer anderen Anmeldung.' });
  });

  it('puts the label photo into the data export, and erasing the resident deletes it and keeps the record', async () => {
    const logged = await logWithPhoto(
      'rezi',
      { apartment: 'P-0101', carrier: 'Post', note: 'Einschreiben' },
      { filename: 'etikett.png', data: await pngImage(120, 80) },
    );
    const exported = JSON.parse((await call(t.app, 'GET', '/api/profile/export/', { auth: auth.anna })).raw.toString());
    const entry = exported.parcels.find((p: { carrier: string; note: string }) => p.note === 'Einschreiben');
    expect(entry.label_photo).toMatch(/^\/api\/media\/parcels\/[A-Za-z0-9_-]+\.png\?exp=\d+&sig=/);
    const file = await call(t.app, 'GET', entry.label_photo);
    expect(file.status).toBe(200);
    expect(await sharp(file.raw).metadata()).toMatchObject({ width: 120, height: 80 });
    expect(exported.parcels.filter((p: { label_photo: string | null }) => p.label_photo).length).toBeGreaterThan(1);
    // Bernd's export holds his apartment's parcels only, none of Anna's labels.
    const bernds = JSON.parse((await call(t.app, 'GET', '/api/profile/export/', { auth: auth.bernd })).raw.toString());
    expect(bernds.parcels.map((p: { label_photo: string | null }) => p.label_photo)).not.toContain(entry.label_photo);

    const labelsOfAnna = await t.app.ctx.db
      .selectFrom('parcels')
      .select(['label_key', 'label_thumbnail_key'])
      .where('apartment_number', '=', 'P-0101')
      .where('label_key', 'is not', null)
      .execute();
    const erased = await call(t.app, 'POST', `/api/admin/residents/${anna.id}/erasure/`, {
      auth: auth.manager,
      payload: { content: 'anonymize' },
    });
    expect(erased.status).toBe(200);
    const stored = await storedLabels();
    for (const l of labelsOfAnna) expect(stored).not.toContain(l.label_key);
    expect((await t.app.ctx.storage.size(labelsOfAnna[0]!.label_thumbnail_key!)) ?? null).toBeNull();
    // The erased resident's apartment number is no longer found at the desk; the record is in the list.
    const desk = await call(t.app, 'GET', '/api/reception/parcels/?page_size=100', { auth: auth.rezi });
    const kept = desk.body.results.find((p: { id: number }) => p.id === logged.body.id);
    expect(kept).toMatchObject({ carrier: 'Post', note: '', label_photo: null });
    // Bernd's apartment keeps its label photos.
    const bernds2 = await call(t.app, 'GET', '/api/reception/parcels/?apartment=P-0102', { auth: auth.rezi });
    expect(bernds2.body.results.some((p: { label_photo: unknown }) => p.label_photo !== null)).toBe(true);
  });

  it('ends the label links when the receptionist signs out', async () => {
    const token = await signIn(t, await newUser(t, { locationId: park, role: 'receptionist' }));
    auth.temp = token;
    const logged = await logWithPhoto(
      'temp',
      { apartment: 'P-0102', carrier: 'DPD' },
      { filename: 'etikett.png', data: await pngImage() },
    );
    expect((await call(t.app, 'GET', logged.body.label_photo.url)).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/logout/', { auth: token })).status).toBe(200);
    const after = await call(t.app, 'GET', logged.body.label_photo.url);
    expect(after.status).toBe(401);
  });
});
