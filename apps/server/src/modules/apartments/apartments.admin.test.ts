import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newUser, signIn } from '../../../test/factories.js';
import { FORBIDDEN, NOT_FOUND, call, expectDrfError } from '../../../test/helpers.js';

const kinds = await dialects();

// The apartment picker's list. Every case asks what a manager's picker would show.
describe.each(kinds)('back office: apartments of a location (%s)', (kind) => {
  let t: TestApp;
  let park: number; // run by `manager`
  let see: number; // run by `other` only
  let manager: string;
  let other: string;
  let admin: string;
  let resident: string;

  const list = (auth: string, query: string) => call(t.app, 'GET', `/api/admin/apartments/?${query}`, { auth });

  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t);
    see = await newLocation(t);
    const anna = await newUser(t, { locationId: park, apartmentNumber: 'A-0101' });
    // Two people share A-0102; one has not activated yet (inactive).
    await newUser(t, { locationId: park, apartmentNumber: 'A-0102' });
    const partner = await newUser(t, { locationId: park, apartmentNumber: 'A-0102b' });
    await t.app.ctx.db
      .updateTable('users')
      .set({ apartment_number: 'A-0102', is_active: 0 })
      .where('id', '=', partner.id)
      .execute();
    const inactive = await newUser(t, { locationId: park, apartmentNumber: 'B-0201' });
    await t.app.ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', inactive.id).execute();
    // Not apartments: the receptionist's login, an erased resident's former flat, the other house.
    await newUser(t, { locationId: park, role: 'receptionist', apartmentNumber: 'REZ-1' });
    const erased = await newUser(t, { locationId: park, apartmentNumber: 'A-0999' });
    await t.app.ctx.db
      .updateTable('users')
      .set({ erased_at: new Date().toISOString(), is_active: 0 })
      .where('id', '=', erased.id)
      .execute();
    await newUser(t, { locationId: see, apartmentNumber: 'S-0101' });
    [resident, manager, other, admin] = await Promise.all([
      signIn(t, anna),
      newUser(t, { role: 'manager', managerOf: [park] }).then((u) => signIn(t, u)),
      newUser(t, { role: 'manager', managerOf: [see] }).then((u) => signIn(t, u)),
      newUser(t, { role: 'admin' }).then((u) => signIn(t, u)),
    ]);
  });
  afterAll(() => t.close());

  it("lists the location's apartments by number with their active residents, and nothing else", async () => {
    const res = await list(manager, `location_id=${park}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      count: 3,
      next: null,
      previous: null,
      results: [
        { apartment_number: 'A-0101', active_residents: 1 },
        { apartment_number: 'A-0102', active_residents: 1 },
        { apartment_number: 'B-0201', active_residents: 0 },
      ],
    });
    // No names or e-mail addresses: the picker needs numbers only.
    expect(JSON.stringify(res.body)).not.toMatch(/Person|@/);
  });

  it('pages like every back-office list, the filters kept in the links', async () => {
    const first = await list(manager, `location_id=${park}&page_size=2`);
    expect(first.body).toMatchObject({
      count: 3,
      next: `/api/admin/apartments/?page=2&location_id=${park}&page_size=2`,
      previous: null,
    });
    expect(first.body.results.map((a: { apartment_number: string }) => a.apartment_number)).toEqual([
      'A-0101',
      'A-0102',
    ]);
    const second = await call(t.app, 'GET', first.body.next, { auth: manager });
    expect(second.body.results).toEqual([{ apartment_number: 'B-0201', active_residents: 0 }]);
    expect(second.body.next).toBeNull();
  });

  it('finds part of a number, ignoring case', async () => {
    const res = await list(manager, `location_id=${park}&search=${encodeURIComponent('a-01')}`);
    expect(res.status).toBe(200);
    expect(res.body.results.map((a: { apartment_number: string }) => a.apartment_number)).toEqual(['A-0101', 'A-0102']);
    expect(res.body.count).toBe(2);
    const none = await list(manager, `location_id=${park}&search=0999`);
    expect(none.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    // A pattern's special characters are plain text.
    const star = await list(manager, `location_id=${park}&search=${encodeURIComponent('*')}`);
    expect(star.body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it("never lists another location's apartments: 404 as for every id outside the caller's locations", async () => {
    const res = await list(manager, `location_id=${see}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
    const searched = await list(manager, `location_id=${park}&search=S-0101`);
    expect(searched.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    // Its own manager and an administrator see it.
    expect((await list(other, `location_id=${see}`)).body.results).toEqual([
      { apartment_number: 'S-0101', active_residents: 1 },
    ]);
    expect((await list(admin, `location_id=${see}`)).body.count).toBe(1);
  });

  it('is for staff only', async () => {
    const res = await list(resident, `location_id=${park}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
    expect((await call(t.app, 'GET', `/api/admin/apartments/?location_id=${park}`)).status).toBe(401);
  });

  it('refuses bad input with a German 400 naming the field', async () => {
    const missing = await list(manager, '');
    expect(missing.status).toBe(400);
    expectDrfError(missing.body);
    expect(missing.body).toEqual({ location_id: ['Eine ganze Zahl erwartet.'] });
    const word = await list(manager, 'location_id=Stadtpark');
    expect(word.status).toBe(400);
    expect(word.body).toEqual({ location_id: ['Eine ganze Zahl erwartet.'] });
    const long = await list(manager, `location_id=${park}&search=${'x'.repeat(151)}`);
    expect(long.status).toBe(400);
    expectDrfError(long.body);
    expect(long.body).toEqual({ search: ['Höchstens 150 Zeichen erlaubt.'] });
  });
});
