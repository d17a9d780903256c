import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { call, expectDrfError } from '../../../test/helpers.js';
import {
  newAttachment,
  newComment,
  newLocation,
  newPost,
  newUser,
  signIn,
  type TestUser,
} from '../../../test/factories.js';

const kinds = await dialects();
const NOT_FOUND = { detail: 'Nicht gefunden.' };

/** The back office's queue, decisions and bulk approval, seen through the resident API as well. */
describe.each(kinds)('the moderation loop (%s)', (kind) => {
  let t: TestApp;
  let park: number;
  let see: number;
  let anna: TestUser;
  let clara: TestUser;
  let dora: TestUser;
  let auth: Record<'anna' | 'clara' | 'dora' | 'manager' | 'seeManager', string>;

  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t);
    see = await newLocation(t);
    anna = await newUser(t, { locationId: park, name: 'Anna Älteste' });
    clara = await newUser(t, { locationId: park, role: 'receptionist' });
    dora = await newUser(t, { locationId: see });
    const manager = await newUser(t, { role: 'manager', managerOf: [park, see] });
    const seeManager = await newUser(t, { role: 'manager', managerOf: [see] });
    auth = {
      anna: await signIn(t, anna),
      clara: await signIn(t, clara),
      dora: await signIn(t, dora),
      manager: await signIn(t, manager),
      seeManager: await signIn(t, seeManager),
    };
  });
  afterAll(() => t.close());

  const feedIds = async (who: string) =>
    (await call(t.app, 'GET', '/api/messages/', { auth: who })).body.results.map((m: { id: number }) => m.id);

  it('queues pending posts oldest first, with location, apartment and attachment previews, paged', async () => {
    const older = await newPost(t, anna, { status: 'pending', createdAt: '2026-01-01T08:00:00.000Z', text: 'Alt' });
    await newAttachment(t, older, anna);
    const newer = await newPost(t, anna, { status: 'pending', createdAt: '2026-01-02T08:00:00.000Z', text: 'Neu' });
    const res = await call(t.app, 'GET', `/api/admin/messages/?location_id=${park}&page_size=1`, {
      auth: auth.manager,
    });
    expect(res.status).toBe(200);
    expect(res.body.count).toBeGreaterThanOrEqual(2);
    expect(res.body.next).toBe(`/api/admin/messages/?page=2&status=pending&location_id=${park}&page_size=1`);
    const [first] = res.body.results;
    expect(first).toMatchObject({ id: older, text: 'Alt', location_id: park, user_name: 'Anna Älteste' });
    expect(first.location_title).toMatch(/^Haus /);
    expect(first.apartment_number).toBe(anna.apartmentNumber);
    expect(first.documents).toHaveLength(1);
    expect(first.documents[0].thumbnail).toMatch(/^\/api\/media\//);
    const second = await call(t.app, 'GET', res.body.next, { auth: auth.manager });
    expect(second.body.results[0].id).toBe(newer);
  });

  it('counts what waits for the navigation, per location', async () => {
    const all = await call(t.app, 'GET', '/api/admin/moderation/summary/', { auth: auth.manager });
    expect(all.status).toBe(200);
    expect(all.body.pending_messages).toBeGreaterThanOrEqual(2);
    expect(all.body.total).toBe(all.body.pending_messages + all.body.pending_comments + all.body.open_reports);
    const seeOnly = await call(t.app, 'GET', '/api/admin/moderation/summary/', { auth: auth.seeManager });
    expect(seeOnly.body).toEqual({ pending_messages: 0, pending_comments: 0, open_reports: 0, total: 0 });
    const foreign = await call(t.app, 'GET', `/api/admin/moderation/summary/?location_id=${park}`, {
      auth: auth.seeManager,
    });
    expect(foreign.status).toBe(404);
  });

  it('shows a post approved by the manager to the receptionist on the next request', async () => {
    const id = (await call(t.app, 'POST', '/api/messages/', { auth: auth.anna, payload: { text: 'Flohmarkt' } })).body
      .id;
    expect(await feedIds(auth.clara)).not.toContain(id);
    const res = await call(t.app, 'PUT', `/api/admin/messages/${id}/moderation/`, {
      auth: auth.manager,
      payload: { status: 'approved' },
    });
    expect(res.body).toEqual({ id, status: 'approved' });
    expect(await feedIds(auth.clara)).toContain(id);
  });

  it('lets the author edit a rejected post and submit it again, and nobody else', async () => {
    const id = (await call(t.app, 'POST', '/api/messages/', { auth: auth.anna, payload: { text: 'Tel. 0171…' } })).body
      .id;
    await call(t.app, 'PUT', `/api/admin/messages/${id}/moderation/`, {
      auth: auth.manager,
      payload: { status: 'rejected', rejection_reason: 'Bitte keine Telefonnummern.' },
    });
    const seen = await call(t.app, 'GET', `/api/messages/${id}/`, { auth: auth.anna });
    expect(seen.body).toMatchObject({ status: 'rejected', rejection_reason: 'Bitte keine Telefonnummern.' });
    expect((await call(t.app, 'GET', `/api/messages/${id}/`, { auth: auth.clara })).status).toBe(404);

    const byOther = await call(t.app, 'PUT', `/api/messages/${id}/`, { auth: auth.clara, payload: { text: 'X' } });
    expect(byOther.status).toBe(404);
    const blank = await call(t.app, 'PUT', `/api/messages/${id}/`, { auth: auth.anna, payload: { text: '  ' } });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ text: ['Eingabe ist zwingend'] });

    const again = await call(t.app, 'PUT', `/api/messages/${id}/`, {
      auth: auth.anna,
      payload: { text: 'Ohne Nummer' },
    });
    expect(again.body).toEqual({ id, status: 'pending' });
    expect((await call(t.app, 'GET', `/api/messages/${id}/`, { auth: auth.anna })).body).toMatchObject({
      text: 'Ohne Nummer',
      status: 'pending',
      rejection_reason: null,
    });
    const twice = await call(t.app, 'PUT', `/api/messages/${id}/`, { auth: auth.anna, payload: { text: 'Nochmal' } });
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({
      non_field_errors: ['Nur abgelehnte Beiträge können bearbeitet und erneut eingereicht werden.'],
    });
    const queued = await call(t.app, 'GET', `/api/admin/messages/?location_id=${park}&page_size=100`, {
      auth: auth.manager,
    });
    expect(queued.body.results.map((m: { id: number }) => m.id)).toContain(id);
  });

  it('approves several posts and comments together, and none when one is out of reach', async () => {
    const post = await newPost(t, anna, { status: 'pending' });
    const host = await newPost(t, anna);
    const comment = await newComment(t, host, clara, { status: 'pending' });
    const foreign = await newPost(t, dora, { status: 'pending' });

    const refused = await call(t.app, 'POST', '/api/admin/moderation/bulk/', {
      auth: auth.seeManager,
      payload: {
        status: 'approved',
        items: [
          { kind: 'message', id: foreign },
          { kind: 'message', id: post },
        ],
      },
    });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual(NOT_FOUND);
    const still = await t.app.ctx.db
      .selectFrom('messages')
      .select('status')
      .where('id', '=', foreign)
      .executeTakeFirstOrThrow();
    expect(still.status).toBe('pending');

    const res = await call(t.app, 'POST', '/api/admin/moderation/bulk/', {
      auth: auth.manager,
      payload: {
        status: 'approved',
        items: [
          { kind: 'message', id: post },
          { kind: 'comment', id: comment },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ approved: 2 });
    expect(await feedIds(auth.clara)).toContain(post);
    const comments = await call(t.app, 'GET', `/api/messages/${host}/comments/`, { auth: auth.anna });
    expect(comments.body.results.map((c: { id: number }) => c.id)).toContain(comment);

    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'location_id', 'before', 'after'])
      .where('entity', '=', 'comment')
      .where('entity_id', '=', comment)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'comment_approved', location_id: park });
    expect(JSON.parse(audit.before!)).toEqual({ status: 'pending' });
  });

  it('refuses an empty, oversized or malformed bulk request with a field error', async () => {
    for (const payload of [
      { status: 'approved', items: [] },
      { status: 'approved', items: Array.from({ length: 101 }, (_, i) => ({ kind: 'message', id: i + 1 })) },
      { status: 'rejected', items: [{ kind: 'message', id: 1 }] },
      { status: 'approved', items: [{ kind: 'like', id: 'x' }] },
    ]) {
      const res = await call(t.app, 'POST', '/api/admin/moderation/bulk/', { auth: auth.manager, payload });
      expect(res.status).toBe(400);
      expectDrfError(res.body);
    }
  });

  it('queues pending comments with their post, and lets nobody but staff in', async () => {
    const host = await newPost(t, anna, { text: 'Frage zum Müll' });
    const comment = await newComment(t, host, clara, { status: 'pending', text: 'Dienstags!' });
    const res = await call(t.app, 'GET', `/api/admin/comments/?location_id=${park}&page_size=100`, {
      auth: auth.manager,
    });
    expect(res.body.results.find((c: { id: number }) => c.id === comment)).toMatchObject({
      text: 'Dienstags!',
      message: { id: host, text: 'Frage zum Müll', user_name: 'Anna Älteste' },
    });
    for (const who of [auth.anna, auth.clara]) {
      for (const url of ['/api/admin/comments/', '/api/admin/moderation/summary/', '/api/admin/reports/']) {
        expect((await call(t.app, 'GET', url, { auth: who })).status).toBe(403);
      }
    }
    const seeView = await call(t.app, 'GET', '/api/admin/comments/?page_size=100', { auth: auth.seeManager });
    expect(seeView.body.results.some((c: { id: number }) => c.id === comment)).toBe(false);
  });
});
