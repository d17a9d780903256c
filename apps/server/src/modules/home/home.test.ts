import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newDocument, newLocation, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { FORBIDDEN, NO_CREDENTIALS, call } from '../../../test/helpers.js';

const kinds = await dialects();

/**
 * `GET /api/home/` gathers what is new for the resident: 'Wichtig' notices until
 * dismissed, open tickets with their latest status, documents not opened yet. Each part only
 * ever holds what the caller may see.
 */
describe.each(kinds)('home summary (%s)', (kind) => {
  let t: TestApp;
  let park: number;
  let see: number;
  let anna: TestUser;
  let bernd: TestUser; // Anna's neighbour
  const auth: Record<string, string> = {};
  const home = async (who: string) => {
    const res = await call(t.app, 'GET', '/api/home/', { auth: auth[who] });
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t, { title: 'Residenz am Park' });
    see = await newLocation(t, { title: 'Haus am See' });
    anna = await newUser(t, { locationId: park, apartmentNumber: 'P-01' });
    bernd = await newUser(t, { locationId: park, apartmentNumber: 'P-02' });
    auth.anna = await signIn(t, anna);
    auth.bernd = await signIn(t, bernd);
    auth.dora = await signIn(t, await newUser(t, { locationId: see }));
    auth.manager = await signIn(t, await newUser(t, { role: 'manager', managerOf: [park, see] }));
  });
  afterAll(() => t.close());

  it('is empty for a new resident', async () => {
    expect(await home('anna')).toEqual({
      notices: [],
      tickets: { count: 0, latest: [] },
      documents: { count: 0, latest: [] },
    });
  });

  it("keeps a 'Wichtig' notice at the top until the resident dismisses it; ordinary ones stay on the blackboard", async () => {
    const publish = (payload: object) =>
      call(t.app, 'POST', '/api/admin/notices/', { auth: auth.manager, payload: { location_ids: [park], ...payload } });
    expect((await publish({ title: 'Wasser abgestellt', text: 'Dienstag 9–12 Uhr.', important: true })).status).toBe(
      201,
    );
    expect((await publish({ title: 'Sommerfest', text: 'Im Hof.' })).status).toBe(201);
    const ended = await publish({ title: 'Alt', text: 'Vorbei.', important: true });
    await t.app.ctx.db
      .updateTable('notices')
      .set({ ends_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', ended.body.id)
      .execute();

    const mine = await home('anna');
    expect(mine.notices.map((n: { title: string }) => n.title)).toEqual(['Wasser abgestellt']);
    expect(mine.notices[0]).toMatchObject({ important: true, dismissed: false });
    expect((await home('dora')).notices).toEqual([]);

    const id = mine.notices[0].id;
    const dismissed = await call(t.app, 'POST', `/api/notices/${id}/dismissed/`, { auth: auth.anna });
    expect(dismissed.status).toBe(200);
    expect((await home('anna')).notices).toEqual([]);
    // Only for her: the neighbour still has it on top.
    expect((await home('bernd')).notices.map((n: { title: string }) => n.title)).toEqual(['Wasser abgestellt']);
  });

  it('lists the open tickets she reported or follows, newest activity first, with their status and the total', async () => {
    const categories = (await call(t.app, 'GET', '/api/tickets/categories/', { auth: auth.anna })).body.results;
    const category = (name: string) => categories.find((c: { name: string }) => c.name === name).id;
    const report = (who: string, body: object) =>
      call(t.app, 'POST', '/api/tickets/', {
        auth: auth[who],
        payload: body,
        headers: { 'idempotency-key': randomUUID() },
      });
    const radiator = await report('anna', {
      category_id: category('Heizung'),
      scope: 'apartment',
      description: 'Der Heizkörper im Bad tropft.',
    });
    expect(radiator.status).toBe(201);
    const lift = await report('bernd', {
      category_id: category('Aufzug'),
      scope: 'building',
      place: 'Aufzug Haus A',
      description: 'Der Aufzug bleibt stehen.',
    });
    expect(lift.status).toBe(201);
    expect((await call(t.app, 'POST', `/api/tickets/${lift.body.id}/affected/`, { auth: auth.anna })).status).toBe(200);
    const window = await report('anna', {
      category_id: category('Fenster & Türen'),
      scope: 'apartment',
      description: 'Das Fenster schließt nicht.',
    });
    // A closed one is not news any more.
    const closed = await call(t.app, 'POST', `/api/admin/tickets/${window.body.id}/status/`, {
      auth: auth.manager,
      payload: { status: 'rejected', message: 'Bitte wenden Sie sich an Ihren Vermieter.' },
    });
    expect(closed.status).toBe(200);

    const { tickets } = await home('anna');
    expect(tickets.count).toBe(2);
    expect(
      tickets.latest.map((x: { number: string; status: string; relation: string }) => [x.number, x.status, x.relation]),
    ).toEqual([
      [lift.body.number, 'received', 'follower'],
      [radiator.body.number, 'received', 'reporter'],
    ]);
    // The neighbour sees his own lift ticket, never Anna's radiator.
    expect((await home('bernd')).tickets.latest.map((x: { id: number }) => x.id)).toEqual([lift.body.id]);
  });

  it('counts the documents she has not opened, and only those she may read', async () => {
    await newDocument(t, park, { title: 'Hausordnung', createdAt: new Date(Date.now() - 86_400_000).toISOString() });
    await newDocument(t, park, { apartmentNumber: 'P-01', title: 'Nebenkostenabrechnung 2025' });
    await newDocument(t, park, { apartmentNumber: 'P-02', title: 'Mietvertrag Bernd' });
    await newDocument(t, see, { title: 'Hausordnung am See' });

    const { documents } = await home('anna');
    expect(documents.count).toBe(2);
    expect(documents.latest.map((d: { title: string; is_new: boolean }) => [d.title, d.is_new])).toEqual([
      ['Nebenkostenabrechnung 2025', true],
      ['Hausordnung', true],
    ]);
    const opened = await call(t.app, 'POST', `/api/documents/${documents.latest[0].id}/opened/`, { auth: auth.anna });
    expect(opened.status).toBe(204);
    const after = (await home('anna')).documents;
    expect(after.count).toBe(1);
    expect(after.latest.map((d: { title: string }) => d.title)).toEqual(['Hausordnung']);
    expect((await home('bernd')).documents.latest.map((d: { title: string }) => d.title)).toEqual([
      'Mietvertrag Bernd',
      'Hausordnung',
    ]);
  });

  it('answers 403 to staff and 401 without a token', async () => {
    const staff = await call(t.app, 'GET', '/api/home/', { auth: auth.manager });
    expect(staff.status).toBe(403);
    expect(staff.body).toEqual(FORBIDDEN);
    const anonymous = await call(t.app, 'GET', '/api/home/');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(NO_CREDENTIALS);
  });
});
