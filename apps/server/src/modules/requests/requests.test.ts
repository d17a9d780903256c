import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newProvider, newService, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { FORBIDDEN, NO_CREDENTIALS, NOT_FOUND, call, expectDrfError, expectPage } from '../../../test/helpers.js';

const kinds = await dialects();

describe.each(kinds)('provider requests as tracked cases (%s)', (kind) => {
  let t: TestApp;
  let park: number; // run by `manager`
  let see: number; // run by `other`
  let annaUser: TestUser;
  let anna: string; // resident of park
  let bernd: string; // her neighbour
  let rita: string; // receptionist of park
  let dora: string; // resident of see
  let managerUser: TestUser;
  let manager: string;
  let other: string;
  let krause: number; // provider at park
  let hansen: number; // provider at see
  /** Request ids by text. */
  const ids: Record<string, number> = {};

  const ask = async (auth: string, provider: number, text: string) => {
    const res = await call(t.app, 'POST', `/api/providers/${provider}/request/`, { auth, payload: { text } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids[text] = res.body.id;
    return res.body.id as number;
  };
  const texts = (body: { results: { text: string }[] }) => body.results.map((r) => r.text);
  const lastAudit = () =>
    t.app.ctx.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  const stored = (id: number) =>
    t.app.ctx.db.selectFrom('provider_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t, { title: 'Lindenhof' });
    see = await newLocation(t, { title: 'Uferhaus' });
    annaUser = await newUser(t, { locationId: park, name: 'Anna Beispiel', apartmentNumber: 'A-0101' });
    managerUser = await newUser(t, { role: 'manager', managerOf: [park] });
    [anna, bernd, rita, dora, manager, other] = await Promise.all([
      signIn(t, annaUser),
      newUser(t, { locationId: park }).then((u) => signIn(t, u)),
      newUser(t, { locationId: park, role: 'receptionist' }).then((u) => signIn(t, u)),
      newUser(t, { locationId: see }).then((u) => signIn(t, u)),
      signIn(t, managerUser),
      newUser(t, { role: 'manager', managerOf: [see] }).then((u) => signIn(t, u)),
    ]);
    const hausmeister = await newService(t, park, { title: 'Hausmeister' });
    krause = await newProvider(t, hausmeister, park, { name: 'Hausmeisterei Krause', allowFormContact: true });
    hansen = await newProvider(t, 3, see, { name: 'Rezeption am See', allowFormContact: true });
    // In this order, so "newest first" is the reverse.
    await ask(anna, krause, 'Heizung tropft');
    await ask(bernd, krause, 'Klingel defekt');
    await ask(anna, krause, 'Fenster klemmt');
    await ask(dora, hansen, 'Paket abholen');
    await ask(anna, krause, 'Licht im Keller');
  });
  afterAll(() => t.close());

  describe('GET /api/requests/ (Meine Anfragen)', () => {
    it("returns only the resident's own requests, newest first, as new cases", async () => {
      const res = await call(t.app, 'GET', '/api/requests/', { auth: anna });
      expect(res.status).toBe(200);
      expectPage(res.body, 3, 3);
      expect(texts(res.body)).toEqual(['Licht im Keller', 'Fenster klemmt', 'Heizung tropft']);
      const hausmeister = (
        await t.app.ctx.db
          .selectFrom('providers')
          .select('service_id')
          .where('id', '=', krause)
          .executeTakeFirstOrThrow()
      ).service_id;
      expect(res.body.results[2]).toEqual({
        id: ids['Heizung tropft'],
        text: 'Heizung tropft',
        status: 'new',
        note: '',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/),
        updated_at: null,
        provider_name: 'Hausmeisterei Krause',
        service_id: hausmeister,
        service_title: 'Hausmeister',
      });
    });

    it("never shows another resident's requests", async () => {
      const neighbour = await call(t.app, 'GET', '/api/requests/', { auth: bernd });
      expect(texts(neighbour.body)).toEqual(['Klingel defekt']);
      const elsewhere = await call(t.app, 'GET', '/api/requests/', { auth: dora });
      expect(texts(elsewhere.body)).toEqual(['Paket abholen']);
      const none = await call(t.app, 'GET', '/api/requests/', { auth: rita });
      expect(none.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    });

    it('pages with page and page_size', async () => {
      const first = await call(t.app, 'GET', '/api/requests/?page_size=2', { auth: anna });
      expect(first.body).toMatchObject({ count: 3, next: '/api/requests/?page=2&page_size=2', previous: null });
      expect(texts(first.body)).toEqual(['Licht im Keller', 'Fenster klemmt']);
      const second = await call(t.app, 'GET', first.body.next, { auth: anna });
      expect(texts(second.body)).toEqual(['Heizung tropft']);
      const bad = await call(t.app, 'GET', '/api/requests/?page_size=1000', { auth: anna });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body)).toEqual(['page_size']);
    });

    it('answers 403 to staff and 401 to anonymous callers', async () => {
      const staff = await call(t.app, 'GET', '/api/requests/', { auth: manager });
      expect(staff.status).toBe(403);
      expect(staff.body).toEqual(FORBIDDEN);
      const anonymous = await call(t.app, 'GET', '/api/requests/');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual(NO_CREDENTIALS);
    });
  });

  describe('back office', () => {
    it("lists the requests of the manager's locations, newest first, with who asked whom", async () => {
      const res = await call(t.app, 'GET', '/api/admin/requests/', { auth: manager });
      expect(res.status).toBe(200);
      expectPage(res.body, 4, 4);
      expect(texts(res.body)).toEqual(['Licht im Keller', 'Fenster klemmt', 'Klingel defekt', 'Heizung tropft']);
      expect(res.body.results[3]).toEqual({
        id: ids['Heizung tropft'],
        text: 'Heizung tropft',
        status: 'new',
        note: '',
        created_at: expect.any(String),
        updated_at: null,
        provider_id: krause,
        provider_name: 'Hausmeisterei Krause',
        service_title: 'Hausmeister',
        location_id: park,
        location_title: 'Lindenhof',
        user_name: 'Anna Beispiel',
        apartment_number: 'A-0101',
      });
      const theirs = await call(t.app, 'GET', '/api/admin/requests/', { auth: other });
      expect(texts(theirs.body)).toEqual(['Paket abholen']);
    });

    it('moves a case on with a note, which the resident then sees, and audits it', async () => {
      const id = ids['Heizung tropft']!;
      const res = await call(t.app, 'PUT', `/api/admin/requests/${id}/`, {
        auth: manager,
        payload: { status: 'in_progress', note: '  Der Hausmeister kommt am Dienstag.  ' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id,
        status: 'in_progress',
        note: 'Der Hausmeister kommt am Dienstag.',
        updated_at: expect.any(String),
        user_name: 'Anna Beispiel',
      });
      const mine = await call(t.app, 'GET', '/api/requests/', { auth: anna });
      expect(mine.body.results.find((r: { id: number }) => r.id === id)).toMatchObject({
        status: 'in_progress',
        note: 'Der Hausmeister kommt am Dienstag.',
        updated_at: res.body.updated_at,
      });
      const entry = await lastAudit();
      expect(entry).toMatchObject({
        user_id: managerUser.id,
        action: 'provider_request_updated',
        entity: 'provider_request',
        entity_id: id,
        location_id: park,
      });
      expect(JSON.parse(entry.before!)).toEqual({ id, status: 'new', note: '' });
      expect(JSON.parse(entry.after!)).toEqual({
        id,
        status: 'in_progress',
        note: 'Der Hausmeister kommt am Dienstag.',
      });

      // Without a note the note stays.
      const done = await call(t.app, 'PUT', `/api/admin/requests/${id}/`, {
        auth: manager,
        payload: { status: 'done' },
      });
      expect(done.body).toMatchObject({ status: 'done', note: 'Der Hausmeister kommt am Dienstag.' });
      expect((await call(t.app, 'GET', `/api/admin/requests/${id}/`, { auth: manager })).body.status).toBe('done');
    });

    it('filters by status and location, and keeps the filters in the page links', async () => {
      const done = await call(t.app, 'GET', '/api/admin/requests/?status=done', { auth: manager });
      expect(texts(done.body)).toEqual(['Heizung tropft']);
      const fresh = await call(t.app, 'GET', `/api/admin/requests/?status=new&location_id=${park}&page_size=1`, {
        auth: manager,
      });
      expect(fresh.body).toMatchObject({
        count: 3,
        next: `/api/admin/requests/?page=2&location_id=${park}&status=new&page_size=1`,
      });
      const foreign = await call(t.app, 'GET', `/api/admin/requests/?location_id=${see}`, { auth: manager });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(NOT_FOUND);
      const badStatus = await call(t.app, 'GET', '/api/admin/requests/?status=erledigt', { auth: manager });
      expect(badStatus.status).toBe(400);
      expect(Object.keys(badStatus.body)).toEqual(['status']);
    });

    it('answers hostile input with field errors and changes nothing', async () => {
      const id = ids['Klingel defekt']!;
      const before = await stored(id);
      for (const [payload, field] of [
        [{ status: 'closed' }, 'status'],
        [{}, 'status'],
        [{ status: 'done', note: 'x'.repeat(5001) }, 'note'],
        [{ status: 'done', note: 7 }, 'note'],
        [{ status: ['done'] }, 'status'],
      ] as const) {
        const res = await call(t.app, 'PUT', `/api/admin/requests/${id}/`, { auth: manager, payload });
        expect(res.status, JSON.stringify(payload)).toBe(400);
        expectDrfError(res.body);
        expect(Object.keys(res.body)).toEqual([field]);
      }
      expect(await stored(id)).toEqual(before);
    });

    it("answers 404 to a manager for another location's requests and changes nothing", async () => {
      const id = ids['Paket abholen']!;
      const before = await stored(id);
      const replies = [
        await call(t.app, 'GET', `/api/admin/requests/${id}/`, { auth: manager }),
        await call(t.app, 'PUT', `/api/admin/requests/${id}/`, { auth: manager, payload: { status: 'done' } }),
        await call(t.app, 'PUT', `/api/admin/requests/${ids['Fenster klemmt']}/`, {
          auth: other,
          payload: { status: 'done', note: 'Fremd' },
        }),
        await call(t.app, 'GET', '/api/admin/requests/999999/', { auth: manager }),
      ];
      for (const res of replies) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
      expect(await stored(id)).toEqual(before);
      expect(await stored(ids['Fenster klemmt']!)).toMatchObject({ status: 'new', note: '' });
    });

    it('answers 400 with an id field error to malformed ids', async () => {
      for (const [method, template] of [
        ['GET', '/api/admin/requests/:id/'],
        ['PUT', '/api/admin/requests/:id/'],
      ] as const) {
        for (const id of ['-1', '0', '1.5', '2147483648', 'abc', "1'%20OR%20'1'='1"]) {
          const url = template.replace(':id', id);
          const res = await call(t.app, method, url, { auth: manager, payload: method === 'PUT' ? {} : undefined });
          expect(res.status, `${method} ${url}`).toBe(400);
          expect(Object.keys(res.body), url).toEqual(['id']);
        }
      }
    });

    it('answers 403 to residents and receptionists on every request route', async () => {
      for (const auth of [anna, rita]) {
        for (const [method, url] of [
          ['GET', '/api/admin/requests/'],
          ['GET', `/api/admin/requests/${ids['Heizung tropft']}/`],
          ['PUT', `/api/admin/requests/${ids['Heizung tropft']}/`],
        ] as const) {
          const res = await call(t.app, method, url, {
            auth,
            payload: method === 'PUT' ? { status: 'done' } : undefined,
          });
          expect(res.status, `${method} ${url}`).toBe(403);
          expect(res.body).toEqual(FORBIDDEN);
        }
      }
    });
  });
});
