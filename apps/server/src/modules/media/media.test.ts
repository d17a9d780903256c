import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newDocument, newLocation, newPost, newProfilePicture, newUser, signIn } from '../../../test/factories.js';
import { NOT_FOUND, call, jpegWithExif, pdfFile, pngImage, uploadAttachment } from '../../../test/helpers.js';

const kinds = await dialects();
const INVALID_LINK = { detail: 'Der Link ist ungültig oder abgelaufen.' };

describe.each(kinds)('media (%s)', (kind) => {
  let t: TestApp;
  let anna: string;
  /** Signed URLs handed out in API responses, by what they point to. */
  const urls: Record<string, string> = {};
  beforeAll(async () => {
    t = await startApp(kind);
    const location = await newLocation(t, {
      logo: await t.app.ctx.storage.put('logos', 'png', await pngImage()),
    });
    const annaUser = await newUser(t, { locationId: location });
    const authorUser = await newUser(t, { locationId: location });
    await newProfilePicture(t, authorUser);
    const managerUser = await newUser(t, { role: 'manager', managerOf: [location] });
    const [author, bernd, manager] = await Promise.all([
      signIn(t, authorUser),
      newUser(t, { locationId: location }).then((u) => signIn(t, u)),
      signIn(t, managerUser),
    ]);
    anna = await signIn(t, annaUser);
    // A post with a photo and a PDF, written and approved as in use, then read by a neighbour.
    const fest = await newPost(t, authorUser, { status: 'pending' });
    await uploadAttachment(t.app, author, fest, {
      filename: 'fest.jpg',
      type: 'image/jpeg',
      data: await jpegWithExif(),
    });
    await uploadAttachment(t.app, author, fest, {
      filename: 'programm.pdf',
      type: 'application/pdf',
      data: await pdfFile('Programm'),
    });
    const approved = await call(t.app, 'PUT', `/api/admin/messages/${fest}/moderation/`, {
      auth: manager,
      payload: { status: 'approved' },
    });
    expect(approved.status).toBe(200);
    const seen = (await call(t.app, 'GET', `/api/messages/${fest}/`, { auth: bernd })).body;
    expect(seen.documents).toHaveLength(2);
    urls.photo = seen.documents[0].document;
    urls.thumbnail = seen.documents[0].thumbnail;
    urls.attachmentPdf = seen.documents[1].document;
    urls.avatar = seen.user_image;
    await newDocument(t, location, { apartmentNumber: annaUser.apartmentNumber });
    urls.document = (await call(t.app, 'GET', '/api/documents/', { auth: anna })).body.results[0].document;
    urls.logo = (await call(t.app, 'GET', '/api/location/', { auth: anna })).body.logo;
    const draft = (await call(t.app, 'POST', '/api/messages/', { auth: anna, payload: { text: 'Mit Anhang' } })).body
      .id;
    urls.uploadedPng = (
      await uploadAttachment(t.app, anna, draft, { filename: 'a.png', type: 'image/png', data: await pngImage() })
    ).body.document;
    urls.uploadedPdf = (
      await uploadAttachment(t.app, anna, draft, { filename: 'a.pdf', type: 'application/pdf', data: await pdfFile() })
    ).body.document;
  });
  afterAll(() => t.close());

  it.each([
    ['photo', 'image/jpeg'],
    ['thumbnail', 'image/webp'],
    ['attachmentPdf', 'application/pdf'],
    ['avatar', 'image/webp'],
    ['document', 'application/pdf'],
    ['logo', 'image/png'],
    ['uploadedPng', 'image/png'],
    ['uploadedPdf', 'application/pdf'],
  ])('serves the %s through its signed URL as %s with nosniff, without a token', async (what, type) => {
    const res = await call(t.app, 'GET', urls[what]!);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe('inline');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    // Apartment documents are never cached (ADR 026); shared files for the life of their link.
    if (what === 'document') expect(res.headers['cache-control']).toBe('private, no-store');
    else expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
    expect(Number(res.headers['content-length'])).toBe(res.raw.length);
    if (type === 'application/pdf') expect(res.raw.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers 403 for a tampered signature', async () => {
    const url = new URL(urls.document!, 'http://x');
    const sig = url.searchParams.get('sig')!;
    url.searchParams.set('sig', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1));
    const res = await call(t.app, 'GET', url.pathname + url.search);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(INVALID_LINK);
  });

  it('answers 403 when the expiry is moved, since the signature covers it', async () => {
    const url = new URL(urls.document!, 'http://x');
    url.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 3_600_000));
    const res = await call(t.app, 'GET', url.pathname + url.search);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(INVALID_LINK);
  });

  it('answers 403 for a correctly signed URL that has expired', async () => {
    const key = new URL(urls.document!, 'http://x').pathname.replace('/api/media/', '');
    const expired = t.app.ctx.signer.url(key, Date.now() - 3 * 3_600_000)!;
    expect(Number(new URL(expired, 'http://x').searchParams.get('exp'))).toBeLessThan(Date.now());
    const res = await call(t.app, 'GET', expired);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(INVALID_LINK);
  });

  it("answers 403 when one file's signature is used for another file", async () => {
    const a = new URL(urls.document!, 'http://x');
    const b = new URL(urls.attachmentPdf!, 'http://x');
    const res = await call(t.app, 'GET', `${b.pathname}${a.search}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(INVALID_LINK);
  });

  it('answers 400 without exp and sig', async () => {
    const res = await call(t.app, 'GET', new URL(urls.document!, 'http://x').pathname);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['exp', 'sig']);
  });

  it('answers 404 for a correctly signed key with no file behind it', async () => {
    const res = await call(t.app, 'GET', t.app.ctx.signer.url('posts/AAAAAAAAAAAAAAAAAAAAAAAA.pdf')!);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it('never serves a file outside the media folder, even with a valid signature', async () => {
    for (const key of ['..%2Fhausportal.sqlite', '%2E%2E/hausportal.sqlite', 'posts/..%2F..%2Fhausportal.sqlite']) {
      const decoded = decodeURIComponent(key);
      const signed = t.app.ctx.signer.url(decoded)!;
      const url = signed.replace(`/api/media/${decoded}`, `/api/media/${key}`);
      const res = await call(t.app, 'GET', url);
      expect(res.status, key).toBeGreaterThanOrEqual(400);
      expect(res.status, key).toBeLessThan(500);
      expect(res.raw.includes(Buffer.from('SQLite format'))).toBe(false);
    }
  });
});
