import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Message } from '@hausportal/contract';
import type { KyselyPlugin } from 'kysely';
import { buildApp } from '../../app.js';
import { newPost, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { checkResponses, dialects, multipart, startApp, testConfig, type TestApp } from '../../../test/harness.js';
import { call, pdfFile, pngImage } from '../../../test/helpers.js';
import { FeedCache, feedPage, type FeedResult } from './messages.feed.js';
import { refreshApprovedCount } from './messages.repository.js';

// The feed cache (ADR 018) lives in each process. These tests run two apps on one database, as
// two workers or two machines do, warm both caches, write through one and read through the
// other: every change must show on the other's next response.

type Post = { id: number; like_count: number; comment_count: number; self_liked: boolean; status: string };

describe.each(await dialects())('feed cache across processes (%s)', (dialect) => {
  let a: TestApp;
  let b: FastifyInstance;
  let location: number;
  let resident: TestUser;
  let reception: TestUser;
  let manager: TestUser;
  let auth: { resident: string; reception: string; manager: string };

  beforeAll(async () => {
    a = await startApp(dialect);
    b = await buildApp({
      config: testConfig(a.db),
      database: a.db.handle,
      logger: false,
      prepared: true,
      checkResponses,
    });
    resident = await newUser(a);
    location = resident.locationId!;
    reception = await newUser(a, { locationId: location, role: 'receptionist' });
    manager = await newUser(a, { role: 'manager', managerOf: [location] });
    auth = {
      resident: await signIn(a, resident),
      reception: await signIn(a, reception),
      manager: await signIn(a, manager),
    };
    for (let i = 0; i < 15; i++) await newPost(a, reception, { text: `Aushang ${i}` });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const feed = async (app: FastifyInstance, who: string, page = 1) => {
    const res = await call(app, 'GET', `/api/messages/?page=${page}`, { auth: who });
    expect(res.status).toBe(200);
    return res.body as { count: number; results: (Post & Record<string, unknown>)[] };
  };
  /** Reads the page through both apps, so both hold it in their caches. */
  const warm = async (who: string, page = 1) => {
    await feed(a.app, who, page);
    await feed(b, who, page);
  };
  const post = (page: { results: Post[] }, id: number) => page.results.find((p) => p.id === id);

  it('serves the same page as before the cache: count, order, paging', async () => {
    const one = await feed(b, auth.resident);
    const two = await feed(b, auth.resident, 2);
    expect(one.count).toBe(15);
    expect(one.results).toHaveLength(10);
    expect(two.results).toHaveLength(5);
    expect(one.results[0]!.text).toBe('Aushang 14');
    expect(two.results.at(-1)!.text).toBe('Aushang 0');
    expect((await feed(b, auth.resident)).results).toEqual(one.results);
  });

  it('shows a like through A in the like count and the liker’s flag on B', async () => {
    await warm(auth.reception);
    const top = (await feed(b, auth.reception)).results[0]!;
    expect(top.self_liked).toBe(false);
    expect((await call(a.app, 'PUT', `/api/messages/${top.id}/like/`, { auth: auth.reception })).status).toBe(200);
    const after = post(await feed(b, auth.reception), top.id)!;
    expect(after.like_count).toBe(top.like_count + 1);
    expect(after.self_liked).toBe(true);
    // Another viewer sees the count but not the flag.
    expect(post(await feed(b, auth.resident), top.id)).toMatchObject({
      like_count: top.like_count + 1,
      self_liked: false,
    });
    await call(a.app, 'PUT', `/api/messages/${top.id}/unlike/`, { auth: auth.reception });
    expect(post(await feed(b, auth.reception), top.id)).toMatchObject({
      like_count: top.like_count,
      self_liked: false,
    });
  });

  it('shows a comment approved through A in the comment count on B, and the author’s flag', async () => {
    await warm(auth.reception);
    const top = (await feed(b, auth.reception)).results[1]!;
    const created = await call(a.app, 'POST', `/api/messages/${top.id}/comments/`, {
      auth: auth.reception,
      payload: { text: 'Danke für den Hinweis!' },
    });
    expect(created.status).toBe(201);
    expect(post(await feed(b, auth.reception), top.id)).toMatchObject({
      comment_count: top.comment_count,
      self_commented: true,
    });
    const decided = await call(a.app, 'PUT', `/api/admin/comments/${created.body.id}/moderation/`, {
      auth: auth.manager,
      payload: { status: 'approved' },
    });
    expect(decided.status).toBe(200);
    expect(post(await feed(b, auth.resident), top.id)!.comment_count).toBe(top.comment_count + 1);
  });

  it('shows a post approved through A at the top of B’s page 1, moving the paging', async () => {
    const own = await call(b, 'POST', '/api/messages/', {
      auth: auth.resident,
      payload: { text: 'Flohmarkt am Samstag' },
    });
    expect(own.status).toBe(201);
    await warm(auth.resident);
    await warm(auth.resident, 2);
    // The author sees it pending on page 1; nobody else does.
    expect((await feed(b, auth.resident)).results[0]).toMatchObject({ id: own.body.id, status: 'pending' });
    expect(post(await feed(b, auth.reception), own.body.id)).toBeUndefined();

    await call(a.app, 'PUT', `/api/admin/messages/${own.body.id}/moderation/`, {
      auth: auth.manager,
      payload: { status: 'approved' },
    });
    const page1 = await feed(b, auth.reception);
    expect(page1.count).toBe(16);
    expect(page1.results[0]).toMatchObject({ id: own.body.id, status: 'approved' });
    expect((await feed(b, auth.reception, 2)).results).toHaveLength(6);
  });

  it('shows a rejection through A to the author on B, with the reason, and an attachment added on A', async () => {
    const own = await call(b, 'POST', '/api/messages/', {
      auth: auth.resident,
      payload: { text: 'Wer hat Werkzeug?' },
    });
    await warm(auth.resident);
    const pdf = multipart(
      { name: 'Liste' },
      { field: 'document', filename: 'liste.pdf', type: 'application/pdf', data: await pdfFile() },
    );
    const uploaded = await call(a.app, 'POST', `/api/messages/${own.body.id}/documents/`, {
      auth: auth.resident,
      payload: pdf.payload,
      headers: pdf.headers,
    });
    expect(uploaded.status).toBe(201);
    expect((await feed(b, auth.resident)).results[0]).toMatchObject({
      id: own.body.id,
      documents: [{ name: 'Liste' }],
    });

    await call(a.app, 'PUT', `/api/admin/messages/${own.body.id}/moderation/`, {
      auth: auth.manager,
      payload: { status: 'rejected', rejection_reason: 'Bitte ohne Telefonnummer.' },
    });
    expect((await feed(b, auth.resident)).results[0]).toMatchObject({
      id: own.body.id,
      status: 'rejected',
      rejection_reason: 'Bitte ohne Telefonnummer.',
    });
  });

  it('shows an author’s new picture and a name changed in the back office on B', async () => {
    await warm(auth.resident);
    const mine = (await feed(b, auth.resident)).results.find((p) => p.user_name === reception.name)!;
    const picture = multipart(
      {},
      { field: 'profile_picture', filename: 'ich.png', type: 'image/png', data: await pngImage() },
    );
    expect(
      (
        await call(a.app, 'PUT', '/api/profile/', {
          auth: auth.reception,
          payload: picture.payload,
          headers: picture.headers,
        })
      ).status,
    ).toBe(200);
    const withPicture = post(await feed(b, auth.resident), mine.id) as Post & { user_image: string | null };
    expect(withPicture.user_image).toMatch(/^\/api\/media\/avatars\//);
    expect((await call(b, 'GET', withPicture.user_image!)).status).toBe(200);

    const renamed = await call(a.app, 'PUT', `/api/admin/residents/${reception.id}/`, {
      auth: auth.manager,
      payload: {
        location_id: location,
        name: 'Empfang Haus Nord',
        apartment_number: reception.apartmentNumber,
        is_receptionist: true,
      },
    });
    expect(renamed.status).toBe(200);
    expect(post(await feed(b, auth.resident), mine.id)).toMatchObject({ user_name: 'Empfang Haus Nord' });
  });

  it('drops a post deleted in the database from B at once', async () => {
    await warm(auth.resident);
    const before = await feed(b, auth.resident);
    const top = before.results.find((p) => p.status === 'approved')!;
    // Straight in the database, past every route: the trigger still raises the version.
    await a.app.ctx.db.deleteFrom('messages').where('id', '=', top.id).execute();
    await refreshApprovedCount(a.app.ctx.db, location);
    const after = await feed(b, auth.resident);
    expect(post(after, top.id)).toBeUndefined();
    expect(after.count).toBe(before.count - 1);
  });

  it('signs the cached page’s URLs anew when their hour runs out', async () => {
    const withPicture = async () =>
      (await feed(b, auth.resident)).results.find((p) => p.user_name === 'Empfang Haus Nord') as Post & {
        user_image: string;
      };
    const before = (await withPicture()).user_image;
    vi.useFakeTimers({ now: Date.now() + 3 * 3_600_000, toFake: ['Date'] });
    try {
      const later = (await withPicture()).user_image;
      expect(later).not.toBe(before);
      expect((await call(b, 'GET', later)).status).toBe(200);
      expect((await call(b, 'GET', before)).status).toBe(403);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rebuilds a stale page once for all requests in flight, and each still gets its own flags', async () => {
    // Counts the statements that read a page's rows (only they read the location's count).
    let pageReads = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        if (JSON.stringify(args.node).includes('approved_message_count')) pageReads++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const db = a.app.ctx.db.withPlugin(counter);
    const cache = new FeedCache();
    const read = (who: TestUser) =>
      feedPage(db, cache, a.app.ctx.signer, { userId: who.id, locationId: location }, 1, 10);
    const results = (page: FeedResult | null) =>
      (JSON.parse(page!.body('{"results":[').toString()) as { results: Message[] }).results;
    const top = results(await read(reception))[0]!;
    expect(pageReads).toBe(1);
    expect((await call(a.app, 'PUT', `/api/messages/${top.id}/like/`, { auth: auth.reception })).status).toBe(200);

    const pages = await Promise.all(Array.from({ length: 10 }, (_, i) => read(i % 2 ? reception : resident)));
    expect(pageReads).toBe(2);
    for (const [i, page] of pages.entries())
      expect(results(page).find((p) => p.id === top.id)).toMatchObject({
        like_count: top.like_count + 1,
        self_liked: i % 2 === 1,
      });
    await call(a.app, 'PUT', `/api/messages/${top.id}/unlike/`, { auth: auth.reception });
  });

  it('refuses a token on B at the next request after its logout on A', async () => {
    const user = await newUser(a, { locationId: location });
    const token = await signIn(a, user);
    expect((await call(b, 'GET', '/api/messages/', { auth: token })).status).toBe(200);
    expect((await call(a.app, 'GET', '/api/logout/', { auth: token })).status).toBe(200);
    expect((await call(b, 'GET', '/api/messages/', { auth: token })).status).toBe(401);
  });

  it('refuses a deactivated resident on B at the next request, although B knows the token', async () => {
    const user = await newUser(a, { locationId: location });
    const token = await signIn(a, user);
    expect((await call(b, 'GET', '/api/messages/', { auth: token })).status).toBe(200);
    const off = await call(a.app, 'POST', `/api/admin/residents/${user.id}/deactivate/`, { auth: auth.manager });
    expect(off.status).toBe(200);
    const res = await call(b, 'GET', '/api/messages/', { auth: token });
    expect(res.status).toBe(401);
    // Deactivating also revokes the tokens, so the token itself is gone.
    expect(res.body).toEqual({ detail: 'Ungültiges Token.' });
  });

  it('shows a resident moved to another building that building’s board on B at once', async () => {
    const other = await newUser(a);
    await newPost(a, other, { text: 'Neues aus dem Nachbarhaus' });
    const user = await newUser(a, { locationId: location });
    const token = await signIn(a, user);
    expect((await feed(b, token)).results.map((p) => p.text)).not.toContain('Neues aus dem Nachbarhaus');
    // An admin moves people between buildings; a manager runs only their own.
    const admin = await newUser(a, { role: 'admin' });
    const moved = await call(a.app, 'PUT', `/api/admin/residents/${user.id}/`, {
      auth: await signIn(a, admin),
      payload: { location_id: other.locationId, name: user.name, apartment_number: user.apartmentNumber },
    });
    expect(moved.status).toBe(200);
    const after = await feed(b, token);
    expect(after.results.map((p) => p.text)).toEqual(['Neues aus dem Nachbarhaus']);
  });
});
