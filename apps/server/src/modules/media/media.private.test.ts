import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newDocument, newLocation, newPost, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { randomUUID } from 'node:crypto';
import { multipart } from '../../../test/harness.js';
import { call, jpegWithExif, pdfFile, pngImage, uploadAttachment } from '../../../test/helpers.js';
import { PRIVATE_LINK_MS } from '../../lib/signing.js';
import { LINK_TEXTS } from './media.routes.js';

// links to a resident's apartment documents live minutes and are
// bound to the viewer's session; blackboard photos keep their hourly, shareable links.
const kinds = await dialects();

describe.each(kinds)('private file links (%s)', (kind) => {
  let t: TestApp;
  let annaUser: TestUser;
  let berndUser: TestUser;
  let managerUser: TestUser;
  let location: number;
  let lease: number;

  /** Signs Anna in on a new device and returns that session's token and her lease's link. */
  const annaLink = async () => {
    const auth = await signIn(t, annaUser);
    const res = await call(t.app, 'GET', `/api/documents/${lease}/`, { auth });
    expect(res.status).toBe(200);
    return { auth, url: res.body.document as string };
  };

  beforeAll(async () => {
    t = await startApp(kind);
    location = await newLocation(t);
    annaUser = await newUser(t, { locationId: location, apartmentNumber: 'A-0101' });
    berndUser = await newUser(t, { locationId: location, apartmentNumber: 'A-0102' });
    managerUser = await newUser(t, { role: 'manager', managerOf: [location] });
    lease = await newDocument(t, location, { apartmentNumber: 'A-0101', title: 'Mietvertrag' });
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => t.close());

  it('gives the viewer a link bound to her session that works for minutes, with and without her token', async () => {
    const { auth, url } = await annaLink();
    const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
    expect(exp - Date.now()).toBeGreaterThan(PRIVATE_LINK_MS - 2_000);
    expect(exp - Date.now()).toBeLessThanOrEqual(PRIVATE_LINK_MS + 1_000);
    expect(new URL(url, 'http://x').searchParams.get('sid')).toMatch(/^\d+$/);
    for (const opts of [{}, { auth }]) {
      const res = await call(t.app, 'GET', url, opts);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.raw.subarray(0, 5).toString()).toBe('%PDF-');
    }
    // The list and the home page hand out the same kind of link.
    const listed = (await call(t.app, 'GET', '/api/documents/', { auth })).body.results[0].document;
    expect((await call(t.app, 'GET', listed)).status).toBe(200);
    const home = (await call(t.app, 'GET', '/api/home/', { auth })).body.documents.latest[0].document;
    expect(new URL(home, 'http://x').searchParams.get('sid')).toBe(new URL(url, 'http://x').searchParams.get('sid'));
    expect((await call(t.app, 'GET', home)).status).toBe(200);
  });

  it('answers 410 once the lifetime has passed', async () => {
    const { auth, url } = await annaLink();
    vi.useFakeTimers({ now: Date.now() + PRIVATE_LINK_MS + 2_000, toFake: ['Date'] });
    for (const opts of [{}, { auth }]) {
      const res = await call(t.app, 'GET', url, opts);
      expect(res.status).toBe(410);
      expect(res.body).toEqual({ detail: LINK_TEXTS.expired });
    }
  });

  it("answers 403 when another resident's token comes with the link", async () => {
    const { url } = await annaLink();
    const bernd = await signIn(t, berndUser);
    const res = await call(t.app, 'GET', url, { auth: bernd });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: LINK_TEXTS.otherSession });
    // Anna's other device is another session too.
    const res2 = await call(t.app, 'GET', url, { auth: await signIn(t, annaUser) });
    expect(res2.status).toBe(403);
  });

  it('answers 401 after the viewer logged out, with or without a token', async () => {
    const { auth, url } = await annaLink();
    expect((await call(t.app, 'GET', url)).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/logout/', { auth })).status).toBe(200);
    for (const opts of [{}, { auth: await signIn(t, annaUser) }]) {
      const res = await call(t.app, 'GET', url, opts);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: LINK_TEXTS.sessionEnded });
    }
  });

  it('answers 401 once the session has reached its absolute end, though the token row is still there', async () => {
    const { url } = await annaLink();
    const sid = Number(new URL(url, 'http://x').searchParams.get('sid'));
    await t.app.ctx.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', sid)
      .execute();
    const res = await call(t.app, 'GET', url);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: LINK_TEXTS.sessionEnded });
  });

  it('refuses a document link stripped of its session or moved to another session', async () => {
    const { url } = await annaLink();
    const u = new URL(url, 'http://x');
    const sid = u.searchParams.get('sid')!;
    u.searchParams.set('sid', String(Number(sid) + 1));
    expect((await call(t.app, 'GET', u.pathname + u.search)).body).toEqual({ detail: LINK_TEXTS.invalid });
    u.searchParams.delete('sid');
    const stripped = await call(t.app, 'GET', u.pathname + u.search);
    expect(stripped.status).toBe(403);
    // Not even an hourly shared-file link, correctly signed, opens an apartment document.
    const hourly = t.app.ctx.signer.url(u.pathname.replace('/api/media/', ''))!;
    const res = await call(t.app, 'GET', hourly);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: LINK_TEXTS.invalid });
  });

  it("binds the back office's document links to the staff member's session as well", async () => {
    const manager = await signIn(t, managerUser);
    const res = await call(t.app, 'GET', `/api/admin/documents/${lease}/`, { auth: manager });
    expect(res.status).toBe(200);
    expect((await call(t.app, 'GET', res.body.document)).status).toBe(200);
    expect((await call(t.app, 'GET', res.body.document, { auth: await signIn(t, annaUser) })).status).toBe(403);
    await call(t.app, 'GET', '/api/logout/', { auth: manager });
    expect((await call(t.app, 'GET', res.body.document)).status).toBe(401);
  });

  it('keeps hourly links for blackboard photos: no session, any token, after logout, an hour on', async () => {
    const author = await signIn(t, annaUser);
    const post = await newPost(t, annaUser, { status: 'pending' });
    const up = await uploadAttachment(t.app, author, post, {
      filename: 'fest.jpg',
      type: 'image/jpeg',
      data: await jpegWithExif(),
    });
    expect(up.status).toBe(201);
    const { document: photo, thumbnail } = up.body;
    for (const url of [photo, thumbnail]) {
      const u = new URL(url, 'http://x');
      expect(u.searchParams.has('sid')).toBe(false);
      expect(Number(u.searchParams.get('exp')) - Date.now()).toBeGreaterThan(3_600_000 - 1_000);
    }
    await call(t.app, 'GET', '/api/logout/', { auth: author });
    vi.useFakeTimers({ now: Date.now() + 59 * 60_000, toFake: ['Date'] });
    for (const opts of [{}, { auth: await signIn(t, berndUser) }]) {
      const res = await call(t.app, 'GET', photo, opts);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
    }
  });

  it('still serves PDFs of blackboard posts through hourly links', async () => {
    const author = await signIn(t, annaUser);
    const post = await newPost(t, annaUser, { status: 'pending' });
    const up = await uploadAttachment(t.app, author, post, {
      filename: 'a.pdf',
      type: 'application/pdf',
      data: await pdfFile(),
    });
    expect(new URL(up.body.document, 'http://x').searchParams.has('sid')).toBe(false);
    expect((await call(t.app, 'GET', up.body.document)).status).toBe(200);
  });

  it("binds ticket photos to the viewer's session, with their hourly lifetime and cache", async () => {
    const anna = await signIn(t, annaUser);
    const categories = await call(t.app, 'GET', '/api/tickets/categories/', { auth: anna });
    const created = await call(t.app, 'POST', '/api/tickets/', {
      auth: anna,
      payload: { category_id: categories.body.results[0].id, scope: 'apartment', description: 'Im Bad tropft es.' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(created.status).toBe(201);
    const form = multipart({}, { field: 'photo', filename: 'bad.png', type: 'image/png', data: await pngImage() });
    const added = await call(t.app, 'POST', `/api/tickets/${created.body.id}/photos/`, { auth: anna, ...form });
    expect(added.status).toBe(201);
    const { url, thumbnail } = added.body.photos[0];
    for (const link of [url, thumbnail]) {
      const u = new URL(link, 'http://x');
      expect(u.searchParams.get('sid')).toMatch(/^\d+$/);
      expect(Number(u.searchParams.get('exp')) - Date.now()).toBeGreaterThan(3_600_000 - 1_000);
      const res = await call(t.app, 'GET', link);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
    }
    const bernd = await call(t.app, 'GET', url, { auth: await signIn(t, berndUser) });
    expect(bernd.status).toBe(403);
    expect(bernd.body).toEqual({ detail: LINK_TEXTS.otherSession });
    // The manager's view of the same ticket has links of the manager's session.
    const manager = await signIn(t, managerUser);
    const staffView = await call(t.app, 'GET', `/api/admin/tickets/${created.body.id}/`, { auth: manager });
    expect(staffView.status).toBe(200);
    const staffUrl = staffView.body.photos[0].url;
    expect(new URL(staffUrl, 'http://x').searchParams.get('sid')).not.toBe(
      new URL(url, 'http://x').searchParams.get('sid'),
    );
    expect((await call(t.app, 'GET', staffUrl)).status).toBe(200);
    await call(t.app, 'GET', '/api/logout/', { auth: anna });
    for (const link of [url, thumbnail]) {
      const res = await call(t.app, 'GET', link);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: LINK_TEXTS.sessionEnded });
    }
    expect((await call(t.app, 'GET', staffUrl)).status).toBe(200);
  });
});
