import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newComment, newLocation, newPost, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { FORBIDDEN, NOT_FOUND, call, expectDrfError, rawJson } from '../../../test/helpers.js';

const kinds = await dialects();

/**
 * Who reaches what in moderation, reports and notices: residents and receptionists nothing, a
 * manager only their own locations (404 for everything else, whatever ids they send), an admin all.
 */
describe.each(kinds)('moderation, reports and notices by scope (%s)', (kind) => {
  let t: TestApp;
  let park: number;
  let see: number;
  let users: Record<'anna' | 'bernd' | 'clara' | 'dora' | 'erik', TestUser>;
  let auth: Record<'anna' | 'bernd' | 'clara' | 'dora' | 'erik' | 'parkManager' | 'seeManager' | 'admin', string>;
  /** Per location: a pending post, an approved post with a pending comment, a reported post, a notice. */
  const ids = {} as Record<
    'park' | 'see',
    { pending: number; host: number; comment: number; reported: number; notice: number }
  >;

  const status = async (table: 'messages' | 'comments', id: number) =>
    (await t.app.ctx.db.selectFrom(table).select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t);
    see = await newLocation(t);
    users = {
      anna: await newUser(t, { locationId: park }),
      bernd: await newUser(t, { locationId: park }),
      clara: await newUser(t, { locationId: park, role: 'receptionist' }),
      dora: await newUser(t, { locationId: see }),
      erik: await newUser(t, { locationId: see }),
    };
    auth = {
      anna: await signIn(t, users.anna),
      bernd: await signIn(t, users.bernd),
      clara: await signIn(t, users.clara),
      dora: await signIn(t, users.dora),
      erik: await signIn(t, users.erik),
      parkManager: await signIn(t, await newUser(t, { role: 'manager', managerOf: [park] })),
      seeManager: await signIn(t, await newUser(t, { role: 'manager', managerOf: [see] })),
      admin: await signIn(t, await newUser(t, { role: 'admin' })),
    };
    for (const [place, author, neighbour, manager, locationId] of [
      ['park', users.anna, auth.bernd, auth.parkManager, park],
      ['see', users.dora, auth.erik, auth.seeManager, see],
    ] as const) {
      const host = await newPost(t, author);
      const neighbourUser = place === 'park' ? users.bernd : users.erik;
      const reported = await newPost(t, author, { text: `Gemeldet ${place}` });
      const res = await call(t.app, 'POST', `/api/messages/${reported}/report/`, {
        auth: neighbour,
        payload: { reason: 'spam' },
      });
      expect(res.status).toBe(201);
      const notice = await call(t.app, 'POST', '/api/admin/notices/', {
        auth: manager,
        payload: { title: `Aushang ${place}`, text: 'x', location_ids: [locationId] },
      });
      expect(notice.status).toBe(201);
      ids[place] = {
        pending: await newPost(t, author, { status: 'pending' }),
        host,
        comment: await newComment(t, host, neighbourUser, { status: 'pending' }),
        reported,
        notice: notice.body.id,
      };
    }
  });
  afterAll(() => t.close());

  /** Every endpoint of these sections, aimed at the items of `place`. */
  const endpoints = (place: 'park' | 'see') => {
    const i = ids[place];
    const loc = place === 'park' ? park : see;
    return [
      ['GET', `/api/admin/moderation/summary/?location_id=${loc}`, undefined],
      ['GET', `/api/admin/messages/?location_id=${loc}`, undefined],
      ['GET', `/api/admin/comments/?location_id=${loc}`, undefined],
      ['GET', `/api/admin/reports/?location_id=${loc}`, undefined],
      ['GET', `/api/admin/notices/?location_id=${loc}`, undefined],
      ['PUT', `/api/admin/messages/${i.pending}/moderation/`, { status: 'approved' }],
      ['PUT', `/api/admin/messages/${i.pending}/moderation/`, { status: 'rejected', rejection_reason: 'Nein' }],
      ['PUT', `/api/admin/comments/${i.comment}/moderation/`, { status: 'approved' }],
      ['PUT', `/api/admin/comments/${i.comment}/moderation/`, { status: 'rejected', rejection_reason: 'Nein' }],
      [
        'POST',
        '/api/admin/moderation/bulk/',
        {
          status: 'approved',
          items: [
            { kind: 'message', id: i.pending },
            { kind: 'comment', id: i.comment },
          ],
        },
      ],
      ['POST', '/api/admin/reports/decision/', { kind: 'message', id: i.reported, decision: 'keep' }],
      ['POST', '/api/admin/reports/decision/', { kind: 'message', id: i.reported, decision: 'remove', reason: 'X' }],
      ['GET', `/api/admin/notices/${i.notice}/`, undefined],
      ['PUT', `/api/admin/notices/${i.notice}/`, { title: 'Gekapert', text: 'x', location_ids: [loc] }],
      ['DELETE', `/api/admin/notices/${i.notice}/`, undefined],
      ['POST', '/api/admin/notices/', { title: 'Fremd', text: 'x', location_ids: [loc] }],
    ] as const;
  };

  /** Nothing of `place` has changed: still pending, still reported, the notice unchanged. */
  async function expectUntouched(place: 'park' | 'see') {
    const i = ids[place];
    expect(await status('messages', i.pending)).toBe('pending');
    expect(await status('comments', i.comment)).toBe('pending');
    expect(await status('messages', i.reported)).toBe('approved');
    const open = await t.app.ctx.db
      .selectFrom('reports')
      .select('status')
      .where('target_id', '=', i.reported)
      .executeTakeFirstOrThrow();
    expect(open.status).toBe('open');
    const notices = await t.app.ctx.db.selectFrom('notices').select(['id', 'title']).execute();
    expect(notices.find((n) => n.id === i.notice)?.title).toBe(`Aushang ${place}`);
    expect(notices.some((n) => n.title === 'Fremd' || n.title === 'Gekapert')).toBe(false);
  }

  it('counts what waits in each manager’s own locations only', async () => {
    const summary = async (who: string, query = '') =>
      (await call(t.app, 'GET', `/api/admin/moderation/summary/${query}`, { auth: who })).body;
    const one = { pending_messages: 1, pending_comments: 1, open_reports: 1, total: 3 };
    expect(await summary(auth.parkManager)).toEqual(one);
    expect(await summary(auth.seeManager)).toEqual(one);
    expect(await summary(auth.admin)).toEqual({ pending_messages: 2, pending_comments: 2, open_reports: 2, total: 6 });
    expect(await summary(auth.admin, `?location_id=${see}`)).toEqual(one);
  });

  it('answers 403 to residents and receptionists on every endpoint, and changes nothing', async () => {
    for (const who of [auth.anna, auth.clara, auth.dora]) {
      for (const [method, url, payload] of [...endpoints('park'), ...endpoints('see')]) {
        const res = await call(t.app, method, url, { auth: who, payload });
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body).toEqual(FORBIDDEN);
      }
    }
    await expectUntouched('park');
    await expectUntouched('see');
  });

  it('answers 404 to a manager for every id and location of another manager, and changes nothing', async () => {
    for (const [manager, foreign] of [
      [auth.parkManager, 'see'],
      [auth.seeManager, 'park'],
    ] as const) {
      for (const [method, url, payload] of endpoints(foreign)) {
        const res = await call(t.app, method, url, { auth: manager, payload });
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
    }
    // One foreign item spoils a bulk approval of otherwise own items: nothing is approved.
    const mixed = await call(t.app, 'POST', '/api/admin/moderation/bulk/', {
      auth: auth.parkManager,
      payload: {
        status: 'approved',
        items: [
          { kind: 'message', id: ids.park.pending },
          { kind: 'comment', id: ids.park.comment },
          { kind: 'message', id: ids.see.pending },
        ],
      },
    });
    expect(mixed.status).toBe(404);
    // A notice of one's own may not be moved to, or extended to, a foreign location.
    for (const location_ids of [[see], [park, see]]) {
      const res = await call(t.app, 'PUT', `/api/admin/notices/${ids.park.notice}/`, {
        auth: auth.parkManager,
        payload: { title: 'Gekapert', text: 'x', location_ids },
      });
      expect(res.status).toBe(404);
    }
    // An id that does not exist answers exactly like a foreign one.
    for (const [method, url, payload] of [
      ['PUT', '/api/admin/messages/2147483647/moderation/', { status: 'approved' }],
      ['PUT', '/api/admin/comments/2147483647/moderation/', { status: 'approved' }],
      ['POST', '/api/admin/reports/decision/', { kind: 'comment', id: 2147483647, decision: 'keep' }],
      ['GET', '/api/admin/notices/2147483647/', undefined],
      ['GET', '/api/admin/messages/?location_id=2147483647', undefined],
    ] as const) {
      const res = await call(t.app, method, url, { auth: auth.parkManager, payload });
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    await expectUntouched('park');
    await expectUntouched('see');
  });

  it('never lists another location’s posts, comments, reports or notices', async () => {
    const all = async (who: string, path: string) => {
      const res = await call(t.app, 'GET', `${path}${path.includes('?') ? '&' : '?'}page_size=100`, { auth: who });
      expect(res.status, path).toBe(200);
      return res.body.results as { id: number; location_id?: number; location_ids?: number[]; kind?: string }[];
    };
    for (const [manager, own, foreign] of [
      [auth.parkManager, park, 'see'],
      [auth.seeManager, see, 'park'],
    ] as const) {
      for (const path of [
        '/api/admin/messages/',
        '/api/admin/messages/?status=approved',
        '/api/admin/messages/?status=rejected',
        '/api/admin/messages/?status=hidden',
        '/api/admin/comments/',
        '/api/admin/comments/?status=approved',
        '/api/admin/reports/',
      ]) {
        const rows = await all(manager, path);
        expect(
          rows.every((r) => r.location_id === own),
          path,
        ).toBe(true);
      }
      const messages = (await all(manager, '/api/admin/messages/')).map((m) => m.id);
      expect(messages).toEqual([ids[foreign === 'see' ? 'park' : 'see'].pending]);
      expect(messages).not.toContain(ids[foreign].pending);
      const notices = await all(manager, '/api/admin/notices/');
      expect(notices.map((n) => n.id)).toEqual([ids[foreign === 'see' ? 'park' : 'see'].notice]);
    }
    const everything = (await all(auth.admin, '/api/admin/messages/')).map((m) => m.id);
    expect(everything.sort()).toEqual([ids.park.pending, ids.see.pending].sort());
    expect((await all(auth.admin, '/api/admin/notices/')).length).toBe(2);
  });

  it('answers hostile queries, paths and bodies with a 4xx DRF body, never a 500', async () => {
    const queries = [
      '/api/admin/messages/?status=deleted',
      '/api/admin/messages/?location_id=abc',
      '/api/admin/messages/?location_id=99999999999',
      '/api/admin/messages/?location_id=-1',
      '/api/admin/comments/?page_size=1000',
      '/api/admin/comments/?page=0',
      '/api/admin/reports/?status=pending',
      '/api/admin/reports/?page_size=abc',
      '/api/admin/moderation/summary/?location_id=1.5',
    ];
    for (const url of queries) {
      const res = await call(t.app, 'GET', url, { auth: auth.parkManager });
      expect(res.status, url).toBe(400);
      expectDrfError(res.body);
    }
    const puts: [string, unknown][] = [
      ['/api/admin/messages/abc/moderation/', { status: 'approved' }],
      ['/api/admin/messages/99999999999/moderation/', { status: 'approved' }],
      [`/api/admin/messages/${ids.park.pending}/moderation/`, { status: 'rejected', rejection_reason: 42 }],
      [
        `/api/admin/messages/${ids.park.pending}/moderation/`,
        { status: 'rejected', rejection_reason: 'x'.repeat(1001) },
      ],
      [`/api/admin/comments/${ids.park.comment}/moderation/`, { status: 'rejected', rejection_reason: '\n\t ' }],
      [`/api/admin/comments/${ids.park.comment}/moderation/`, ['approved']],
      [`/api/admin/comments/${ids.park.comment}/moderation/`, {}],
    ];
    for (const [url, payload] of puts) {
      const res = await call(t.app, 'PUT', url, { auth: auth.parkManager, payload: payload as object });
      expect(res.status, `${url} ${JSON.stringify(payload).slice(0, 40)}`).toBe(400);
      expectDrfError(res.body);
    }
    const blankReason = await call(t.app, 'PUT', `/api/admin/comments/${ids.park.comment}/moderation/`, {
      auth: auth.parkManager,
      payload: { status: 'rejected', rejection_reason: '\n\t ' },
    });
    expect(blankReason.body).toEqual({ rejection_reason: ['Bitte geben Sie eine Begründung an.'] });
    const broken = await call(t.app, 'POST', '/api/admin/moderation/bulk/', {
      auth: auth.parkManager,
      ...rawJson('{"status":"approved","items":['),
    });
    expect(broken.status).toBe(400);
    expectDrfError(broken.body);
    for (const items of [
      [{ kind: 'message', id: 99_999_999_999 }],
      [{ kind: 'message', id: -1 }],
      [{ kind: 'message' }],
      'alle',
    ]) {
      const res = await call(t.app, 'POST', '/api/admin/moderation/bulk/', {
        auth: auth.parkManager,
        payload: { status: 'approved', items },
      });
      expect(res.status).toBe(400);
      expectDrfError(res.body);
    }
    await expectUntouched('park');
  });

  it('audits every decision with the location and the status before and after', async () => {
    const reason = 'Bitte sachlich bleiben 🙏 – „Hausordnung“ §3';
    const rejected = await call(t.app, 'PUT', `/api/admin/comments/${ids.see.comment}/moderation/`, {
      auth: auth.seeManager,
      payload: { status: 'rejected', rejection_reason: reason },
    });
    expect(rejected.body).toEqual({ id: ids.see.comment, status: 'rejected' });
    const comments = await call(t.app, 'GET', `/api/messages/${ids.see.host}/comments/`, { auth: auth.erik });
    expect(comments.body.results.find((c: { id: number }) => c.id === ids.see.comment)).toMatchObject({
      status: 'rejected',
      rejection_reason: reason,
    });
    const seenByDora = await call(t.app, 'GET', `/api/messages/${ids.see.host}/comments/`, { auth: auth.dora });
    expect(JSON.stringify(seenByDora.body)).not.toContain('sachlich');

    const bulk = await call(t.app, 'POST', '/api/admin/moderation/bulk/', {
      auth: auth.admin,
      payload: {
        status: 'approved',
        items: [
          { kind: 'message', id: ids.park.pending },
          { kind: 'comment', id: ids.park.comment },
          { kind: 'message', id: ids.see.pending },
        ],
      },
    });
    expect(bulk.body).toEqual({ approved: 3 });
    const host = await call(t.app, 'GET', `/api/messages/${ids.park.host}/`, { auth: auth.clara });
    expect(host.body.comment_count).toBe(1);
    for (const who of [auth.bernd, auth.clara]) {
      const feed = await call(t.app, 'GET', '/api/messages/', { auth: who });
      expect(feed.body.results.map((m: { id: number }) => m.id)).toContain(ids.park.pending);
    }

    const log = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'entity', 'entity_id', 'location_id', 'before', 'after'])
      .where('action', 'in', ['comment_rejected', 'message_approved', 'comment_approved'])
      .orderBy('id')
      .execute();
    expect(log.map((e) => ({ ...e, before: JSON.parse(e.before!), after: JSON.parse(e.after!) }))).toEqual([
      {
        action: 'comment_rejected',
        entity: 'comment',
        entity_id: ids.see.comment,
        location_id: see,
        before: { status: 'pending' },
        after: { status: 'rejected', rejection_reason: reason },
      },
      {
        action: 'message_approved',
        entity: 'message',
        entity_id: ids.park.pending,
        location_id: park,
        before: { status: 'pending' },
        after: { status: 'approved', rejection_reason: null },
      },
      {
        action: 'comment_approved',
        entity: 'comment',
        entity_id: ids.park.comment,
        location_id: park,
        before: { status: 'pending' },
        after: { status: 'approved', rejection_reason: null },
      },
      {
        action: 'message_approved',
        entity: 'message',
        entity_id: ids.see.pending,
        location_id: see,
        before: { status: 'pending' },
        after: { status: 'approved', rejection_reason: null },
      },
    ]);
  });
});
