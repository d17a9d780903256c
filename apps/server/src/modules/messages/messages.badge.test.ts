import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newPost, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { FORBIDDEN, NO_CREDENTIALS, NOT_FOUND, call } from '../../../test/helpers.js';

const kinds = await dialects();
const DAY = 24 * 3600 * 1000;
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

describe.each(kinds)('blackboard_opened (%s)', (kind) => {
  let t: TestApp;
  let anna: string;
  let annaId: number;
  let berndUser: TestUser;
  let berndId: number;
  let managerUser: TestUser;
  let park: number;
  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t);
    const annaUser = await newUser(t, { locationId: park });
    berndUser = await newUser(t, { locationId: park });
    managerUser = await newUser(t, { role: 'manager', managerOf: [park] });
    const neighbour = await newUser(t, { locationId: await newLocation(t) });
    [annaId, berndId] = [annaUser.id, berndUser.id];
    anna = await signIn(t, annaUser);
    // Approved 5, 20, 30 and 60 hours ago fall into the last three days; 80 and 110 do not.
    for (const h of [5, 20, 30, 60, 80, 110]) await newPost(t, berndUser, { createdAt: hoursAgo(h) });
    // Neither Anna's pending post, nor a rejected one, nor one of another location counts.
    await newPost(t, annaUser, { status: 'pending', createdAt: hoursAgo(2) });
    await newPost(t, berndUser, { status: 'rejected', createdAt: hoursAgo(3) });
    await newPost(t, neighbour, { createdAt: hoursAgo(4) });
  });
  afterAll(() => t.close());

  /** Approved posts of Anna's location newer than `since`: what the badge must count. */
  const approvedSince = async (since: number) => {
    const rows = await t.app.ctx.db
      .selectFrom('messages')
      .select('id')
      .where('location_id', '=', park)
      .where('status', '=', 'approved')
      .where('created_at', '>', new Date(since).toISOString())
      .execute();
    return rows.length;
  };

  it('counts the approved posts of the last three days before the first visit', async () => {
    const res = await call(t.app, 'GET', `/api/blackboard_opened/${annaId}/`, { auth: anna });
    expect(res.status).toBe(200);
    const expected = await approvedSince(Date.now() - 3 * DAY);
    expect(expected).toBe(4);
    expect(res.body).toEqual({ date_blackboard_opened: null, unread_count: expected });
  });

  it('stores the visit and counts only posts newer than it', async () => {
    const visit = new Date(Date.now() - DAY).toISOString();
    const res = await call(t.app, 'PUT', `/api/blackboard_opened/${annaId}/`, {
      auth: anna,
      payload: { date_blackboard_opened: visit },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ date_blackboard_opened: visit, unread_count: await approvedSince(Date.parse(visit)) });
    expect(res.body.unread_count).toBe(2);
    const get = await call(t.app, 'GET', `/api/blackboard_opened/${annaId}/`, { auth: anna });
    expect(get.body).toEqual(res.body);
  });

  it('never counts posts older than three days, however old the last visit', async () => {
    const res = await call(t.app, 'PUT', `/api/blackboard_opened/${annaId}/`, {
      auth: anna,
      payload: { date_blackboard_opened: '2020-01-01T00:00:00+01:00' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ date_blackboard_opened: '2019-12-31T23:00:00.000Z', unread_count: 4 });
  });

  it('counts nothing right after a visit now, and a newly approved post afterwards', async () => {
    const now = await call(t.app, 'PUT', `/api/blackboard_opened/${annaId}/`, {
      auth: anna,
      payload: { date_blackboard_opened: new Date().toISOString() },
    });
    expect(now.body.unread_count).toBe(0);
    const bernd = await signIn(t, berndUser);
    const post = await call(t.app, 'POST', '/api/messages/', {
      auth: bernd,
      payload: { text: 'Neu auf der Pinnwand' },
    });
    expect((await call(t.app, 'GET', `/api/blackboard_opened/${annaId}/`, { auth: anna })).body.unread_count).toBe(0);
    const manager = await signIn(t, managerUser);
    await call(t.app, 'PUT', `/api/admin/messages/${post.body.id}/moderation/`, {
      auth: manager,
      payload: { status: 'approved' },
    });
    expect((await call(t.app, 'GET', `/api/blackboard_opened/${annaId}/`, { auth: anna })).body.unread_count).toBe(1);
  });

  it('stores a visit dated in the future as now, so new posts still show', async () => {
    const before = Date.now();
    const res = await call(t.app, 'PUT', `/api/blackboard_opened/${annaId}/`, {
      auth: anna,
      payload: { date_blackboard_opened: '2999-01-01T00:00:00Z' },
    });
    expect(res.status).toBe(200);
    const stored = Date.parse(res.body.date_blackboard_opened);
    expect(stored).toBeGreaterThanOrEqual(before);
    expect(stored).toBeLessThanOrEqual(Date.now());
  });

  it('answers 400 for a date that is not ISO 8601 with an offset', async () => {
    for (const date_blackboard_opened of ['gestern', '2024-02-30T10:00:00Z', '2024-01-01', 1700000000000]) {
      const res = await call(t.app, 'PUT', `/api/blackboard_opened/${annaId}/`, {
        auth: anna,
        payload: { date_blackboard_opened },
      });
      expect(res.status, String(date_blackboard_opened)).toBe(400);
      expect(Object.keys(res.body)).toEqual(['date_blackboard_opened']);
    }
  });

  it("answers 404 for another user's id and for an unknown one", async () => {
    for (const id of [berndId, 999999]) {
      const get = await call(t.app, 'GET', `/api/blackboard_opened/${id}/`, { auth: anna });
      expect(get.status).toBe(404);
      expect(get.body).toEqual(NOT_FOUND);
      const put = await call(t.app, 'PUT', `/api/blackboard_opened/${id}/`, {
        auth: anna,
        payload: { date_blackboard_opened: new Date().toISOString() },
      });
      expect(put.status).toBe(404);
      expect(put.body).toEqual(NOT_FOUND);
    }
    const row = await t.app.ctx.db
      .selectFrom('blackboard_opened')
      .select('user_id')
      .where('user_id', '=', berndId)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('answers 403 to the property manager and 401 to anonymous callers', async () => {
    const manager = await signIn(t, managerUser);
    const managerId = managerUser.id;
    const m = await call(t.app, 'GET', `/api/blackboard_opened/${managerId}/`, { auth: manager });
    expect(m.status).toBe(403);
    expect(m.body).toEqual(FORBIDDEN);
    for (const method of ['GET', 'PUT'] as const) {
      const a = await call(t.app, method, `/api/blackboard_opened/${annaId}/`, {
        payload: method === 'PUT' ? { date_blackboard_opened: new Date().toISOString() } : undefined,
      });
      expect(a.status).toBe(401);
      expect(a.body).toEqual(NO_CREDENTIALS);
    }
  });
});
