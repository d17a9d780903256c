import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newComment, newLocation, newPost, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { FORBIDDEN, NO_CREDENTIALS, NOT_FOUND, call } from '../../../test/helpers.js';

const kinds = await dialects();
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

describe.each(kinds)('moderation (%s)', (kind) => {
  let t: TestApp;
  let anna: string; // author
  let bernd: string; // neighbour in the same location
  let clara: string; // receptionist
  let dora: string; // resident of the other location
  let manager: string; // manages both locations
  let seeManager: string; // manages the other location only
  let annaUser: TestUser;
  let claraUser: TestUser;
  let park: number; // the location of anna, bernd and clara
  let see: number; // dora's location
  /** An approved post of `park` with one approved comment, for the comment tests. */
  let reminderId: number;
  /** Anna's pending post. */
  let annaPendingId: number;
  /** The approved comment on `reminderId`. */
  let parkCommentId: number;
  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t);
    see = await newLocation(t);
    annaUser = await newUser(t, { locationId: park });
    const berndUser = await newUser(t, { locationId: park });
    claraUser = await newUser(t, { locationId: park, role: 'receptionist' });
    const doraUser = await newUser(t, { locationId: see });
    const managerUser = await newUser(t, { role: 'manager', managerOf: [park, see] });
    const seeManagerUser = await newUser(t, { role: 'manager', managerOf: [see] });
    [anna, bernd, clara, dora, manager, seeManager] = await Promise.all([
      signIn(t, annaUser),
      signIn(t, berndUser),
      signIn(t, claraUser),
      signIn(t, doraUser),
      signIn(t, managerUser),
      signIn(t, seeManagerUser),
    ]);
    for (let i = 1; i <= 3; i++) await newPost(t, berndUser, { createdAt: hoursAgo(10 * i) });
    reminderId = await newPost(t, claraUser, {
      text: 'Die Mülltonnen werden mittwochs geleert.',
      createdAt: hoursAgo(40),
    });
    parkCommentId = await newComment(t, reminderId, claraUser, { createdAt: hoursAgo(39) });
    annaPendingId = await newPost(t, annaUser, { status: 'pending', createdAt: hoursAgo(2) });
    await newPost(t, doraUser, { createdAt: hoursAgo(5) });
    await newPost(t, doraUser, { createdAt: hoursAgo(15) });
  });
  afterAll(() => t.close());

  const moderate = (auth: string, id: number, body: object, what = 'messages') =>
    call(t.app, 'PUT', `/api/admin/${what}/${id}/moderation/`, { auth, payload: body });
  const count = async (auth: string) => (await call(t.app, 'GET', '/api/messages/', { auth })).body.count as number;
  const ids = async (auth: string) => {
    const ids: number[] = [];
    for (let url: string | null = '/api/messages/'; url;) {
      const res: { body: { next: string | null; results: { id: number }[] } } = await call(t.app, 'GET', url, { auth });
      ids.push(...res.body.results.map((m) => m.id));
      url = res.body.next;
    }
    return ids;
  };

  describe('posts', () => {
    let postId: number;
    let countBefore: number;
    beforeAll(async () => {
      countBefore = await count(bernd);
      postId = (
        await call(t.app, 'POST', '/api/messages/', {
          auth: anna,
          payload: { text: 'Tauschbörse für Zimmerpflanzen am Sonntag' },
        })
      ).body.id;
    });

    it('creates a new post as pending', async () => {
      const row = await t.app.ctx.db
        .selectFrom('messages')
        .select('status')
        .where('id', '=', postId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('pending');
    });

    it('shows the pending post to its author, marked pending', async () => {
      const res = await call(t.app, 'GET', `/api/messages/${postId}/`, { auth: anna });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: postId, status: 'pending', rejection_reason: null });
      expect(await ids(anna)).toContain(postId);
    });

    it('hides the pending post from everyone else and leaves count unchanged', async () => {
      for (const auth of [bernd, clara]) {
        const res = await call(t.app, 'GET', `/api/messages/${postId}/`, { auth });
        expect(res.status).toBe(404);
        expect(res.body).toEqual(NOT_FOUND);
        expect(await ids(auth)).not.toContain(postId);
      }
      expect(await count(bernd)).toBe(countBefore);
      expect(await count(anna)).toBe(countBefore);
    });

    it('lists the pending post for the manager', async () => {
      const res = await call(t.app, 'GET', '/api/admin/messages/', { auth: manager });
      expect(res.status).toBe(200);
      const item = res.body.results.find((m: { id: number }) => m.id === postId);
      expect(item).toMatchObject({
        id: postId,
        status: 'pending',
        location_id: park,
        user_name: annaUser.name,
        apartment_number: annaUser.apartmentNumber,
        text: 'Tauschbörse für Zimmerpflanzen am Sonntag',
      });
      expect(res.body.results.every((m: { status: string }) => m.status === 'pending')).toBe(true);
      expect(res.body.count).toBe(res.body.results.length);
    });

    it('shows the post to everyone in the location once the manager approves it', async () => {
      const res = await moderate(manager, postId, { status: 'approved' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: postId, status: 'approved' });
      for (const auth of [anna, bernd, clara]) {
        const detail = await call(t.app, 'GET', `/api/messages/${postId}/`, { auth });
        expect(detail.status).toBe(200);
        expect(detail.body).toMatchObject({ status: 'approved', rejection_reason: null });
      }
      const first = (await call(t.app, 'GET', '/api/messages/', { auth: bernd })).body.results[0];
      expect(first.id).toBe(postId);
      expect(await count(bernd)).toBe(countBefore + 1);
      expect((await call(t.app, 'GET', `/api/messages/${postId}/`, { auth: dora })).status).toBe(404);
      const list = await call(t.app, 'GET', '/api/admin/messages/', { auth: manager });
      expect(list.body.results.map((m: { id: number }) => m.id)).not.toContain(postId);
    });

    it('shows a rejected post with its reason to the author only', async () => {
      const id = (
        await call(t.app, 'POST', '/api/messages/', {
          auth: anna,
          payload: { text: 'Verkaufe Feuerwerk aus dem Keller' },
        })
      ).body.id;
      const res = await moderate(manager, id, {
        status: 'rejected',
        rejection_reason: 'Gefährliche Gegenstände dürfen nicht angeboten werden.',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id, status: 'rejected' });
      const own = await call(t.app, 'GET', `/api/messages/${id}/`, { auth: anna });
      expect(own.body).toMatchObject({
        status: 'rejected',
        rejection_reason: 'Gefährliche Gegenstände dürfen nicht angeboten werden.',
      });
      for (const auth of [bernd, clara]) {
        const other = await call(t.app, 'GET', `/api/messages/${id}/`, { auth });
        expect(other.status).toBe(404);
        expect(other.body).toEqual(NOT_FOUND);
        expect(JSON.stringify((await call(t.app, 'GET', '/api/messages/', { auth })).body)).not.toContain(
          'Gefährliche',
        );
      }
      const rejected = await call(t.app, 'GET', '/api/admin/messages/?status=rejected', { auth: manager });
      expect(rejected.body.results.find((m: { id: number }) => m.id === id)).toMatchObject({
        rejection_reason: 'Gefährliche Gegenstände dürfen nicht angeboten werden.',
      });
    });

    it('refuses a rejection without a reason, because the author must learn why (DSA Art. 17)', async () => {
      const id = (await call(t.app, 'POST', '/api/messages/', { auth: anna, payload: { text: 'Noch ein Versuch' } }))
        .body.id;
      for (const rejection of [{ status: 'rejected' }, { status: 'rejected', rejection_reason: '   ' }]) {
        const res = await moderate(manager, id, rejection);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ rejection_reason: ['Bitte geben Sie eine Begründung an.'] });
      }
      expect((await call(t.app, 'GET', `/api/messages/${id}/`, { auth: anna })).body.status).toBe('pending');
    });

    it('clears the reason when a rejected post is approved after all', async () => {
      const id = (await call(t.app, 'POST', '/api/messages/', { auth: bernd, payload: { text: 'Zweite Chance' } })).body
        .id;
      await moderate(manager, id, { status: 'rejected', rejection_reason: 'Zu kurz' });
      await moderate(manager, id, { status: 'approved' });
      expect((await call(t.app, 'GET', `/api/messages/${id}/`, { auth: bernd })).body).toMatchObject({
        status: 'approved',
        rejection_reason: null,
      });
      expect((await call(t.app, 'GET', `/api/messages/${id}/`, { auth: anna })).status).toBe(200);
    });

    it('answers 400 for a decision other than approved or rejected', async () => {
      for (const status of ['pending', 'deleted', '']) {
        const res = await moderate(manager, postId, { status });
        expect(res.status, status).toBe(400);
        expect(Object.keys(res.body)).toEqual(['status']);
      }
    });

    it('answers 404 for a post that does not exist', async () => {
      const res = await moderate(manager, 999999, { status: 'approved' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    });
  });

  describe('comments', () => {
    let messageId: number;
    let commentId: number;
    let countBefore: number;
    beforeAll(async () => {
      messageId = reminderId;
      const target = await call(t.app, 'GET', `/api/messages/${messageId}/`, { auth: bernd });
      countBefore = target.body.comment_count;
      expect(countBefore).toBe(1);
      const res = await call(t.app, 'POST', `/api/messages/${messageId}/comments/`, {
        auth: clara,
        payload: { text: 'Danke für die Info!' },
      });
      expect(res.status).toBe(201);
      commentId = res.body.id;
    });
    const comments = async (auth: string) =>
      (await call(t.app, 'GET', `/api/messages/${messageId}/comments/`, { auth })).body;
    const commentCount = async (auth: string) =>
      (await call(t.app, 'GET', `/api/messages/${messageId}/`, { auth })).body.comment_count;

    it('creates a new comment as pending, visible to its author', async () => {
      const own = await comments(clara);
      expect(own.results.find((c: { id: number }) => c.id === commentId)).toMatchObject({
        status: 'pending',
        text: 'Danke für die Info!',
      });
      expect((await call(t.app, 'GET', `/api/messages/${messageId}/`, { auth: clara })).body.self_commented).toBe(true);
    });

    it('hides the pending comment from others and does not count it', async () => {
      for (const auth of [anna, bernd]) {
        const list = await comments(auth);
        expect(list.results.map((c: { id: number }) => c.id)).not.toContain(commentId);
        expect(list.count).toBe(countBefore);
        expect(await commentCount(auth)).toBe(countBefore);
      }
      expect(await commentCount(clara)).toBe(countBefore);
    });

    it('lists the pending comment for the manager', async () => {
      const res = await call(t.app, 'GET', '/api/admin/comments/', { auth: manager });
      expect(res.status).toBe(200);
      expect(res.body.results.find((c: { id: number }) => c.id === commentId)).toMatchObject({
        id: commentId,
        message: { id: messageId },
        status: 'pending',
        text: 'Danke für die Info!',
        user_name: claraUser.name,
      });
    });

    it('shows the comment to everyone and counts it once approved', async () => {
      const res = await moderate(manager, commentId, { status: 'approved' }, 'comments');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: commentId, status: 'approved' });
      for (const auth of [anna, bernd, clara]) {
        const list = await comments(auth);
        expect(list.results.find((c: { id: number }) => c.id === commentId)).toMatchObject({ status: 'approved' });
        expect(list.count).toBe(countBefore + 1);
        expect(await commentCount(auth)).toBe(countBefore + 1);
      }
    });

    it('does not count a rejected comment and shows it only to its author', async () => {
      const created = await call(t.app, 'POST', `/api/messages/${messageId}/comments/`, {
        auth: clara,
        payload: { text: 'Unpassend' },
      });
      const res = await moderate(
        manager,
        created.body.id,
        { status: 'rejected', rejection_reason: 'Off-Topic' },
        'comments',
      );
      expect(res.body).toEqual({ id: created.body.id, status: 'rejected' });
      expect(await commentCount(anna)).toBe(countBefore + 1);
      expect((await comments(anna)).results.map((c: { id: number }) => c.id)).not.toContain(created.body.id);
      expect((await comments(clara)).results.find((c: { id: number }) => c.id === created.body.id)).toMatchObject({
        status: 'rejected',
      });
    });

    it('takes the count back when an approved comment is rejected later', async () => {
      await moderate(manager, commentId, { status: 'rejected', rejection_reason: 'Off-Topic' }, 'comments');
      expect(await commentCount(bernd)).toBe(countBefore);
      await moderate(manager, commentId, { status: 'approved' }, 'comments');
      expect(await commentCount(bernd)).toBe(countBefore + 1);
    });

    it('answers 404 for a comment that does not exist', async () => {
      const res = await moderate(manager, 999999, { status: 'approved' }, 'comments');
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    });
  });

  describe('who may moderate', () => {
    const endpoints = [
      ['GET', '/api/admin/messages/'],
      ['GET', '/api/admin/comments/'],
      ['PUT', '/api/admin/messages/1/moderation/'],
      ['PUT', '/api/admin/comments/1/moderation/'],
    ] as const;

    it('answers 401 to anonymous callers on every /api/admin/ endpoint', async () => {
      for (const [method, url] of endpoints) {
        const res = await call(t.app, method, url, { payload: method === 'PUT' ? { status: 'approved' } : undefined });
        expect(res.status, url).toBe(401);
        expect(res.body).toEqual(NO_CREDENTIALS);
      }
    });

    it('answers 403 to residents and receptionists on every /api/admin/ endpoint and changes nothing', async () => {
      const pending = (
        await call(t.app, 'POST', '/api/messages/', { auth: bernd, payload: { text: 'Selbst freigeben?' } })
      ).body.id;
      for (const auth of [anna, bernd, clara, dora]) {
        for (const [method, url] of [...endpoints, ['PUT', `/api/admin/messages/${pending}/moderation/`] as const]) {
          const res = await call(t.app, method, url, {
            auth,
            payload: method === 'PUT' ? { status: 'approved' } : undefined,
          });
          expect(res.status, url).toBe(403);
          expect(res.body).toEqual(FORBIDDEN);
        }
      }
      expect((await call(t.app, 'GET', `/api/messages/${pending}/`, { auth: bernd })).body.status).toBe('pending');
    });

    it('confines a manager to the locations they run', async () => {
      const res = await moderate(seeManager, annaPendingId, { status: 'rejected', rejection_reason: 'Nein' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
      expect(
        (
          await t.app.ctx.db
            .selectFrom('messages')
            .select('status')
            .where('id', '=', annaPendingId)
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe('pending');

      const list = await call(t.app, 'GET', '/api/admin/messages/?status=approved', { auth: seeManager });
      expect(list.status).toBe(200);
      expect(list.body.results.length).toBeGreaterThan(0);
      expect(list.body.results.every((m: { location_id: number }) => m.location_id === see)).toBe(true);

      expect(
        (await moderate(seeManager, parkCommentId, { status: 'rejected', rejection_reason: 'Nein' }, 'comments'))
          .status,
      ).toBe(404);
      const comments = await call(t.app, 'GET', '/api/admin/comments/?status=approved', { auth: seeManager });
      expect(comments.body.results).toEqual([]);
    });
  });
});
