import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { FORBIDDEN, NOT_FOUND, call, expectDrfError, expectPage } from '../../../test/helpers.js';
import { recordChange } from '../audit/audit.js';

const kinds = await dialects();

describe.each(kinds)('audit log in the back office (%s)', (kind) => {
  let t: TestApp;
  let park: number;
  let see: number;
  let managerUser: TestUser;
  let manager: string; // park only
  let admin: string;
  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t);
    see = await newLocation(t);
    managerUser = await newUser(t, { role: 'manager', name: 'Maria Verwalterin', managerOf: [park] });
    [manager, admin] = await Promise.all([
      signIn(t, managerUser),
      newUser(t, { role: 'admin' }).then((u) => signIn(t, u)),
    ]);
  });
  afterAll(() => t.close());

  const get = (auth: string, url: string) => call(t.app, 'GET', url, { auth });
  const ids = (body: { results: { id: number }[] }) => body.results.map((e) => e.id);
  /** Writes an entry and returns its id. */
  async function entry(locationId: number | null, over: { userId?: number | null; entity?: string } = {}) {
    const userId = over.userId === undefined ? managerUser.id : over.userId;
    await recordChange(t.app.ctx.db, {
      actor: userId === null ? null : { id: userId },
      action: 'phone_updated',
      entity: { type: over.entity ?? 'phone', id: 7, locationId },
      details: { via: 'test' },
      before: { name: 'Alt' },
      after: { name: 'Neu', hidden: false },
    });
    const row = await t.app.ctx.db.selectFrom('audit_log').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    return row.id;
  }

  it('lists a manager the entries of their locations, newest first, with the person’s name and parsed JSON', async () => {
    const first = await entry(park);
    const second = await entry(park);
    const foreign = await entry(see);
    const global = await entry(null);
    const res = await get(manager, '/api/admin/audit/?page_size=100');
    expect(res.status).toBe(200);
    const listed = ids(res.body);
    expect(listed.indexOf(second)).toBeLessThan(listed.indexOf(first));
    expect(listed).not.toContain(foreign);
    expect(listed).not.toContain(global);
    expect(res.body.results.find((e: { id: number }) => e.id === first)).toEqual({
      id: first,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      user_id: managerUser.id,
      user_name: 'Maria Verwalterin',
      action: 'phone_updated',
      entity: 'phone',
      entity_id: 7,
      location_id: park,
      details: { via: 'test' },
      before: { name: 'Alt' },
      after: { name: 'Neu', hidden: false },
    });
  });

  it('shows an admin every entry, also those without a location', async () => {
    const foreign = await entry(see);
    const global = await entry(null, { userId: null });
    const res = await get(admin, '/api/admin/audit/?page_size=100');
    expect(ids(res.body)).toEqual(expect.arrayContaining([foreign, global]));
    expect(res.body.results.find((e: { id: number }) => e.id === global)).toMatchObject({
      user_id: null,
      user_name: null,
    });
  });

  it('filters by location, person and entity', async () => {
    const other = await newUser(t, { role: 'manager', managerOf: [park] });
    const byOther = await entry(park, { userId: other.id, entity: 'service' });
    const mine = await entry(park);
    const byUser = await get(manager, `/api/admin/audit/?user_id=${other.id}`);
    expect(ids(byUser.body)).toEqual([byOther]);
    const byEntity = await get(manager, '/api/admin/audit/?entity=service&page_size=100');
    expect(ids(byEntity.body)).toContain(byOther);
    expect(ids(byEntity.body)).not.toContain(mine);
    const byLocation = await get(admin, `/api/admin/audit/?location_id=${see}&page_size=100`);
    expect(byLocation.body.results.every((e: { location_id: number }) => e.location_id === see)).toBe(true);
  });

  it('answers 404 for a location filter outside the manager’s locations', async () => {
    for (const id of [see, 999_999]) {
      const res = await get(manager, `/api/admin/audit/?location_id=${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
  });

  it('records back-office writes with their location, visible in the log', async () => {
    const created = await call(t.app, 'POST', '/api/admin/residents/', {
      auth: manager,
      payload: { location_id: park, name: 'Protokollierte Person', apartment_number: 'AU-0001' },
    });
    const res = await get(manager, '/api/admin/audit/?entity=user&page_size=100');
    expect(res.body.results.find((e: { entity_id: number }) => e.entity_id === created.body.id)).toMatchObject({
      action: 'resident_created',
      location_id: park,
      user_name: 'Maria Verwalterin',
      after: { name: 'Protokollierte Person', apartment_number: 'AU-0001' },
    });
  });

  it('pages, keeps page_size in the links, and answers 400 to hostile queries', async () => {
    const loc = await newLocation(t);
    const auth = await signIn(t, await newUser(t, { role: 'manager', managerOf: [loc] }));
    for (let i = 0; i < 3; i++) await entry(loc);
    const page = await get(auth, '/api/admin/audit/?page_size=2');
    expectPage(page.body, 3, 2);
    expect(page.body.next).toBe('/api/admin/audit/?page=2&page_size=2');
    for (const q of [
      'user_id=abc',
      'location_id=0',
      `entity=${'x'.repeat(60)}`,
      'page_size=101',
      'user_id=99999999999',
    ]) {
      const res = await get(manager, `/api/admin/audit/?${q}`);
      expect(res.status, q).toBe(400);
      expectDrfError(res.body);
    }
  });

  it('answers 403 to residents and receptionists', async () => {
    for (const role of ['resident', 'receptionist'] as const) {
      const res = await get(await signIn(t, await newUser(t, { role, locationId: park })), '/api/admin/audit/');
      expect(res.status, role).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
  });
});
