import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { call, expectDrfError } from '../../../test/helpers.js';
import { newLocation, newUser, signIn, type TestUser } from '../../../test/factories.js';

const kinds = await dialects();
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

/** Aushänge: published by managers without moderation, pinned for residents until they end. */
describe.each(kinds)('notices (%s)', (kind) => {
  let t: TestApp;
  let park: number;
  let see: number;
  let anna: TestUser;
  let auth: { anna: string; dora: string; manager: string; seeManager: string };

  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t);
    see = await newLocation(t);
    anna = await newUser(t, { locationId: park });
    auth = {
      anna: await signIn(t, anna),
      dora: await signIn(t, await newUser(t, { locationId: see })),
      manager: await signIn(t, await newUser(t, { role: 'manager', managerOf: [park, see], name: 'Frau Verwalterin' })),
      seeManager: await signIn(t, await newUser(t, { role: 'manager', managerOf: [see] })),
    };
  });
  afterAll(() => t.close());

  const publish = (who: string, payload: object) => call(t.app, 'POST', '/api/admin/notices/', { auth: who, payload });
  const residentNotices = async (who: string) => (await call(t.app, 'GET', '/api/notices/', { auth: who })).body;

  it('publishes to one or more locations at once, important ones first, and counts them toward the badge', async () => {
    const before = (await call(t.app, 'GET', `/api/blackboard_opened/${anna.id}/`, { auth: auth.anna })).body
      .unread_count;
    const water = await publish(auth.manager, {
      title: 'Wasser abgestellt',
      text: 'Am Dienstag von 9 bis 12 Uhr.\nBitte Wasser vorrätig halten.',
      important: true,
      ends_at: inDays(2),
      location_ids: [park, see],
    });
    expect(water.status).toBe(201);
    expect(water.body).toMatchObject({
      important: true,
      active: true,
      author_name: 'Frau Verwalterin',
      location_ids: [park, see],
    });
    await publish(auth.manager, { title: 'Sommerfest', text: 'Im Hof.', location_ids: [park] });

    const parkList = await residentNotices(auth.anna);
    expect(parkList.results.map((n: { title: string }) => n.title)).toEqual(['Wasser abgestellt', 'Sommerfest']);
    expect(parkList.results[0].text).toContain('\n');
    expect((await residentNotices(auth.dora)).results.map((n: { title: string }) => n.title)).toEqual([
      'Wasser abgestellt',
    ]);
    const after = (await call(t.app, 'GET', `/api/blackboard_opened/${anna.id}/`, { auth: auth.anna })).body
      .unread_count;
    expect(after).toBe(before + 2);
  });

  it('stops showing a notice once its end date has passed', async () => {
    const res = await publish(auth.manager, {
      title: 'Kurz',
      text: 'Bald vorbei',
      ends_at: inDays(1),
      location_ids: [see],
    });
    expect((await residentNotices(auth.dora)).results.map((n: { id: number }) => n.id)).toContain(res.body.id);
    await t.app.ctx.db
      .updateTable('notices')
      .set({ ends_at: inDays(-1) })
      .where('id', '=', res.body.id)
      .execute();
    expect((await residentNotices(auth.dora)).results.map((n: { id: number }) => n.id)).not.toContain(res.body.id);
    const admin = await call(t.app, 'GET', `/api/admin/notices/${res.body.id}/`, { auth: auth.manager });
    expect(admin.body.active).toBe(false);
  });

  it('refuses a past end date, missing fields and locations outside the manager’s reach', async () => {
    const past = await publish(auth.manager, { title: 'Alt', text: 'x', ends_at: inDays(-1), location_ids: [park] });
    expect(past.status).toBe(400);
    expect(past.body).toEqual({ ends_at: ['Das Enddatum muss in der Zukunft liegen.'] });
    const empty = await publish(auth.manager, { title: ' ', text: '', location_ids: [] });
    expect(empty.status).toBe(400);
    expectDrfError(empty.body);
    expect(Object.keys(empty.body).sort()).toEqual(['location_ids', 'text', 'title']);
    const foreign = await publish(auth.seeManager, { title: 'Fremd', text: 'x', location_ids: [park] });
    expect(foreign.status).toBe(404);
  });

  it('lets a manager see, change and delete only notices wholly within their locations, and audits it', async () => {
    const both = (await publish(auth.manager, { title: 'Beide', text: 'x', location_ids: [park, see] })).body.id;
    const seeOnly = (await publish(auth.manager, { title: 'See', text: 'x', location_ids: [see] })).body.id;
    const list = await call(t.app, 'GET', '/api/admin/notices/?page_size=100', { auth: auth.seeManager });
    const ids = list.body.results.map((n: { id: number }) => n.id);
    expect(ids).toContain(seeOnly);
    expect(ids).not.toContain(both);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { title: 'Gekapert', text: 'x', location_ids: [see] }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(t.app, method, `/api/admin/notices/${both}/`, { auth: auth.seeManager, payload });
      expect(res.status, method).toBe(404);
    }
    const changed = await call(t.app, 'PUT', `/api/admin/notices/${seeOnly}/`, {
      auth: auth.seeManager,
      payload: { title: 'See geändert', text: 'neu', important: true, location_ids: [see] },
    });
    expect(changed.body).toMatchObject({ title: 'See geändert', important: true });
    expect((await call(t.app, 'DELETE', `/api/admin/notices/${seeOnly}/`, { auth: auth.seeManager })).status).toBe(204);
    expect((await residentNotices(auth.dora)).results.map((n: { id: number }) => n.id)).not.toContain(seeOnly);
    const entries = await t.app.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'notice')
      .where('entity_id', '=', seeOnly)
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.action)).toEqual(['notice_created', 'notice_updated', 'notice_deleted']);
    expect((await call(t.app, 'GET', '/api/admin/notices/', { auth: auth.anna })).status).toBe(403);
  });

  it('filters the list by location, including notices that reach further locations of the manager', async () => {
    const both = (await publish(auth.manager, { title: 'Filter beide', text: 'x', location_ids: [park, see] })).body.id;
    const parkOnly = (await publish(auth.manager, { title: 'Filter Park', text: 'x', location_ids: [park] })).body.id;
    const listed = async (who: string, query: string) => {
      const res = await call(t.app, 'GET', `/api/admin/notices/?page_size=100${query}`, { auth: who });
      expect(res.status).toBe(200);
      return res.body.results.map((n: { id: number }) => n.id);
    };
    const atPark = await listed(auth.manager, `&location_id=${park}`);
    expect(atPark).toEqual(expect.arrayContaining([both, parkOnly]));
    const atSee = await listed(auth.manager, `&location_id=${see}`);
    expect(atSee).toContain(both);
    expect(atSee).not.toContain(parkOnly);
    const foreign = await call(t.app, 'GET', `/api/admin/notices/?location_id=${park}`, { auth: auth.seeManager });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: 'Nicht gefunden.' });
    expect(await listed(auth.seeManager, '')).not.toContain(parkOnly);
  });

  it('lets a manager correct an ended notice without moving its end, but not set a new past end', async () => {
    const created = await publish(auth.manager, { title: 'Ende', text: 'x', ends_at: inDays(1), location_ids: [see] });
    const ended = inDays(-1);
    await t.app.ctx.db.updateTable('notices').set({ ends_at: ended }).where('id', '=', created.body.id).execute();
    const fixed = await call(t.app, 'PUT', `/api/admin/notices/${created.body.id}/`, {
      auth: auth.manager,
      payload: { title: 'Ende (korrigiert)', text: 'x', ends_at: ended, location_ids: [see] },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ title: 'Ende (korrigiert)', active: false });
    const moved = await call(t.app, 'PUT', `/api/admin/notices/${created.body.id}/`, {
      auth: auth.manager,
      payload: { title: 'Ende', text: 'x', ends_at: inDays(-2), location_ids: [see] },
    });
    expect(moved.status).toBe(400);
    expect(moved.body).toEqual({ ends_at: ['Das Enddatum muss in der Zukunft liegen.'] });
    const reopened = await call(t.app, 'PUT', `/api/admin/notices/${created.body.id}/`, {
      auth: auth.manager,
      payload: { title: 'Ende', text: 'x', ends_at: null, location_ids: [see] },
    });
    expect(reopened.body).toMatchObject({ ends_at: null, active: true });
    expect((await residentNotices(auth.dora)).results.map((n: { id: number }) => n.id)).toContain(created.body.id);
  });

  it('answers hostile input with a 4xx DRF body, never a 500', async () => {
    const bodies: object[] = [
      { title: 'x'.repeat(201), text: 'x', location_ids: [park] },
      { title: 'x', text: 'ü'.repeat(10_001), location_ids: [park] },
      { title: 'x', text: 'x', important: 'ja', location_ids: [park] },
      { title: 'x', text: 'x', ends_at: 'morgen', location_ids: [park] },
      { title: 'x', text: 'x', ends_at: '2099-01-01T10:00:00', location_ids: [park] },
      { title: 'x', text: 'x', location_ids: ['1'] },
      { title: 'x', text: 'x', location_ids: [99_999_999_999] },
      { title: 123, text: null, location_ids: park },
      [],
    ];
    for (const payload of bodies) {
      const res = await publish(auth.manager, payload);
      expect(res.status, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expectDrfError(res.body);
    }
    const unknown = await publish(auth.manager, { title: 'x', text: 'x', location_ids: [999_999] });
    expect(unknown.status).toBe(404);
    for (const url of ['/api/admin/notices/abc/', '/api/admin/notices/0/', '/api/admin/notices/99999999999/']) {
      const res = await call(t.app, 'GET', url, { auth: auth.manager });
      expect(res.status, url).toBe(400);
      expectDrfError(res.body);
    }
    for (const query of ['?location_id=abc', '?page_size=1000', '?page=0']) {
      const res = await call(t.app, 'GET', `/api/admin/notices/${query}`, { auth: auth.manager });
      expect(res.status, query).toBe(400);
      expectDrfError(res.body);
    }
    const unicode = await publish(auth.manager, {
      title: 'Straßenfest 🎉 – Ärger vermeiden',
      text: 'Größe: 10 m² · 😀',
      location_ids: [see],
    });
    expect(unicode.status).toBe(201);
    const shown = (await residentNotices(auth.dora)).results.find((n: { id: number }) => n.id === unicode.body.id);
    expect(shown).toEqual({
      id: unicode.body.id,
      title: 'Straßenfest 🎉 – Ärger vermeiden',
      text: 'Größe: 10 m² · 😀',
      important: false,
      created_at: expect.any(String),
      ends_at: null,
      starts_at: null,
      attachments: [],
      opened: false,
      dismissed: false,
    });
  });
});
