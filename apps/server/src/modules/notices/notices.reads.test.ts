import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { call, expectDrfError } from '../../../test/helpers.js';
import { newLocation, newUser, signIn, type TestUser } from '../../../test/factories.js';

const kinds = await dialects();
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

/**
 * Who read a notice: residents mark it opened (shown on screen) and dismissed (put away); managers
 * see only 'gelesen von n von m Haushalten', counted per apartment.
 */
describe.each(kinds)('notice reads (%s)', (kind) => {
  let t: TestApp;
  let park: number;
  let see: number;
  let anna: TestUser;
  let ben: TestUser;
  let auth: Record<'anna' | 'ben' | 'carla' | 'dora' | 'desk' | 'gone' | 'manager', string>;

  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t);
    see = await newLocation(t);
    // Park: A-1 holds Anna and Ben, A-2 Carla, A-3 only a deactivated resident; the receptionist
    // and the manager are no household. See: Dora. The login is the apartment number and unique,
    // so Ben's account (as from an import of two tenants) gets another login and then A-1.
    anna = await newUser(t, { locationId: park, apartmentNumber: 'A-1' });
    ben = await newUser(t, { locationId: park, apartmentNumber: 'A-1-Ben' });
    await t.app.ctx.db.updateTable('users').set({ apartment_number: 'A-1' }).where('id', '=', ben.id).execute();
    const carla = await newUser(t, { locationId: park, apartmentNumber: 'A-2' });
    const gone = await newUser(t, { locationId: park, apartmentNumber: 'A-3' });
    const desk = await newUser(t, { locationId: park, role: 'receptionist', apartmentNumber: 'Empfang' });
    auth = {
      anna: await signIn(t, anna),
      ben: await signIn(t, ben),
      carla: await signIn(t, carla),
      gone: await signIn(t, gone),
      desk: await signIn(t, desk),
      dora: await signIn(t, await newUser(t, { locationId: see, apartmentNumber: 'S-1' })),
      manager: await signIn(t, await newUser(t, { role: 'manager', managerOf: [park, see] })),
    };
  });
  afterAll(() => t.close());

  const publish = async (payload: object) => {
    const res = await call(t.app, 'POST', '/api/admin/notices/', { auth: auth.manager, payload });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const mark = (who: string, id: number | string, what: 'opened' | 'dismissed') =>
    call(t.app, 'POST', `/api/notices/${id}/${what}/`, { auth: who });
  const mine = async (who: string, id: number) =>
    (await call(t.app, 'GET', '/api/notices/', { auth: who })).body.results.find((n: { id: number }) => n.id === id);
  const reads = async (id: number) =>
    (await call(t.app, 'GET', `/api/admin/notices/${id}/`, { auth: auth.manager })).body.reads;

  it('records the first opening once, however often the phone sends it', async () => {
    const id = await publish({ title: 'Treppenhaus', text: 'Wird gestrichen.', location_ids: [park] });
    expect(await mine(auth.anna, id)).toMatchObject({ opened: false, dismissed: false });
    const first = await mark(auth.anna, id, 'opened');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id, opened: true, dismissed: false });
    const row = () =>
      t.app.ctx.db
        .selectFrom('notice_reads')
        .selectAll()
        .where('notice_id', '=', id)
        .where('user_id', '=', anna.id)
        .executeTakeFirstOrThrow();
    const openedAt = (await row()).opened_at;
    await new Promise((r) => setTimeout(r, 5));
    const again = await Promise.all([mark(auth.anna, id, 'opened'), mark(auth.anna, id, 'opened')]);
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    expect((await row()).opened_at).toBe(openedAt);
    expect(await mine(auth.anna, id)).toMatchObject({ opened: true, dismissed: false });
    // Ben lives with Anna but has not seen it himself.
    expect(await mine(auth.ben, id)).toMatchObject({ opened: false, dismissed: false });
  });

  it('dismissing implies opening and stays dismissed', async () => {
    const id = await publish({ title: 'Wichtig: Wasser', text: 'Abgestellt.', important: true, location_ids: [park] });
    const res = await mark(auth.carla, id, 'dismissed');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ opened: true, dismissed: true, important: true });
    expect((await mark(auth.carla, id, 'dismissed')).body).toMatchObject({ opened: true, dismissed: true });
    expect((await mark(auth.carla, id, 'opened')).body).toMatchObject({ opened: true, dismissed: true });
    // Dismissed notices stay on the blackboard; only the home screen's top leaves them out.
    expect(await mine(auth.carla, id)).toMatchObject({ opened: true, dismissed: true });
  });

  it('answers 404 for notices of another location, not started yet, or unknown, and 403 for staff', async () => {
    const seeOnly = await publish({ title: 'See', text: 'x', location_ids: [see] });
    const later = await publish({ title: 'Später', text: 'x', starts_at: inMinutes(60), location_ids: [park] });
    for (const what of ['opened', 'dismissed'] as const) {
      for (const id of [seeOnly, later, 99_999]) {
        const res = await mark(auth.anna, id, what);
        expect(res.status, `${what} ${id}`).toBe(404);
        expect(res.body).toEqual({ detail: 'Nicht gefunden.' });
      }
      for (const bad of ['abc', '0', '99999999999']) {
        const res = await mark(auth.anna, bad, what);
        expect(res.status, bad).toBe(400);
        expectDrfError(res.body);
      }
      expect((await mark(auth.manager, seeOnly, what)).status).toBe(403);
      expect((await mark('Token nope', seeOnly, what)).status).toBe(401);
    }
    const stored = await t.app.ctx.db
      .selectFrom('notice_reads')
      .select('notice_id')
      .where('notice_id', 'in', [seeOnly, later])
      .execute();
    expect(stored).toEqual([]);
    expect((await mark(auth.dora, seeOnly, 'opened')).status).toBe(200);
  });

  it('counts households, not people: two residents of one apartment once, no receptionist, no deactivated resident', async () => {
    const id = await publish({ title: 'Zählen', text: 'x', location_ids: [park] });
    await t.app.ctx.db
      .updateTable('users')
      .set({ is_active: 0 })
      .where('apartment_number', '=', 'A-3')
      .where('location_id', '=', park)
      .execute();
    // are the households; A-3 has nobody active, the desk is staff.
    expect(await reads(id)).toEqual({ opened: 0, households: 2 });
    await mark(auth.anna, id, 'opened');
    await mark(auth.ben, id, 'dismissed');
    expect(await reads(id)).toEqual({ opened: 1, households: 2 });
    await mark(auth.desk, id, 'opened').catch(() => undefined);
    expect(await reads(id)).toEqual({ opened: 1, households: 2 });
    await mark(auth.carla, id, 'opened');
    expect(await reads(id)).toEqual({ opened: 2, households: 2 });

    const both = await publish({ title: 'Beide Standorte', text: 'x', location_ids: [park, see] });
    await mark(auth.dora, both, 'opened');
    const list = await call(t.app, 'GET', '/api/admin/notices/?page_size=100', { auth: auth.manager });
    const shown = (n: number) => list.body.results.find((x: { id: number }) => x.id === n).reads;
    expect(shown(both)).toEqual({ opened: 1, households: 3 });
    expect(shown(id)).toEqual({ opened: 2, households: 2 });
    // Only counts: no name, apartment or user id of a reader in the manager's answer.
    const text = JSON.stringify(list.body);
    for (const secret of ['A-1', 'A-2', 'S-1', `"user_id"`, 'opened_at']) expect(text).not.toContain(secret);
  });

  it('counts every page in one query for the reads, whatever the page size', async () => {
    for (let i = 0; i < 6; i++) await publish({ title: `Seite ${i}`, text: 'x', location_ids: [park] });
    // Count the statements that read notice_reads while one page of the list is built.
    const statements: string[] = [];
    const original = t.app.ctx.db.getExecutor();
    const exec = original.executeQuery.bind(original);
    original.executeQuery = ((compiled: CompiledQuery) => {
      statements.push(compiled.sql);
      return exec(compiled);
    }) as typeof original.executeQuery;
    try {
      for (const size of [2, 10]) {
        statements.length = 0;
        const res = await call(t.app, 'GET', `/api/admin/notices/?page_size=${size}`, { auth: auth.manager });
        expect(res.status).toBe(200);
        expect(res.body.results).toHaveLength(size);
        expect(statements.filter((s) => s.includes('notice_reads'))).toHaveLength(1);
      }
    } finally {
      original.executeQuery = exec;
    }
  });
});
