import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, login, startDemoApp, type TestApp } from '../../../test/harness.js';
import { FORBIDDEN, NO_CREDENTIALS, NOT_FOUND, call, userId } from '../../../test/helpers.js';

const kinds = await dialects();
const DAY = 24 * 3600 * 1000;

describe.each(kinds)('blackboard_opened (%s)', (kind) => {
  let t: TestApp;
  let anna: string;
  let annaId: number;
  let berndId: number;
  beforeAll(async () => {
    t = await startDemoApp(kind);
    anna = await login(t.app, 'A-0101');
    [annaId, berndId] = await Promise.all([userId(t, 'A-0101'), userId(t, 'A-0102')]);
  });
  afterAll(() => t.close());

  /** Approved posts of location 1 newer than `since`: what the badge must count. */
  const approvedSince = async (since: number) => {
    const rows = await t.app.ctx.db
      .selectFrom('messages')
      .select('id')
      .where('location_id', '=', 1)
      .where('status', '=', 'approved')
      .where('created_at', '>', new Date(since).toISOString())
      .execute();
    return rows.length;
  };

  it('counts the approved posts of the last three days before the first visit', async () => {
    const res = await call(t.app, 'GET', `/api/blackboard_opened/${annaId}/`, { auth: anna });
    expect(res.status).toBe(200);
    const expected = await approvedSince(Date.now() - 3 * DAY);
    // The demo data has four approved posts in that window; A-0101's pending post is not one of them.
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
    const bernd = await login(t.app, 'A-0102');
    const post = await call(t.app, 'POST', '/api/messages/', {
      auth: bernd,
      payload: { text: 'Neu auf der Pinnwand' },
    });
    expect((await call(t.app, 'GET', `/api/blackboard_opened/${annaId}/`, { auth: anna })).body.unread_count).toBe(0);
    const manager = await login(t.app, 'verwaltung@example.org');
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
    const manager = await login(t.app, 'verwaltung@example.org');
    const managerId = await userId(t, 'verwaltung@example.org');
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
