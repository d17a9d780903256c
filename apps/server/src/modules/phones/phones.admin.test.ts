import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newPhone, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { FORBIDDEN, NOT_FOUND, call, expectDrfError } from '../../../test/helpers.js';

const kinds = await dialects();

describe.each(kinds)('back office: phone numbers (%s)', (kind) => {
  let t: TestApp;
  let park: number; // run by `manager`
  let see: number; // run by `other`
  let anna: string; // resident of park
  let rita: string; // receptionist of park
  let dora: string; // resident of see
  let managerUser: TestUser;
  let manager: string;
  let other: string;
  let seePhone: number;

  const residentNames = async (auth: string) =>
    (await call(t.app, 'GET', '/api/phones/?page_size=100', { auth })).body.results.map(
      (p: { name: string }) => p.name,
    );
  const create = async (payload: Record<string, unknown>) => {
    const res = await call(t.app, 'POST', '/api/admin/phones/', {
      auth: manager,
      payload: { location_id: park, ...payload },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  const lastAudit = () =>
    t.app.ctx.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  const phoneRows = (locationId: number) =>
    t.app.ctx.db.selectFrom('phones').selectAll().where('location_id', '=', locationId).orderBy('id').execute();

  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t);
    see = await newLocation(t);
    managerUser = await newUser(t, { role: 'manager', managerOf: [park] });
    [anna, rita, dora, manager, other] = await Promise.all([
      newUser(t, { locationId: park }).then((u) => signIn(t, u)),
      newUser(t, { locationId: park, role: 'receptionist' }).then((u) => signIn(t, u)),
      newUser(t, { locationId: see }).then((u) => signIn(t, u)),
      signIn(t, managerUser),
      newUser(t, { role: 'manager', managerOf: [see] }).then((u) => signIn(t, u)),
    ]);
    seePhone = await newPhone(t, see, { name: 'Notruf am See', sortOrder: 1 });
  });
  afterAll(() => t.close());

  it('adds phone numbers at the end of the list, with every field, as residents then see them', async () => {
    const res = await call(t.app, 'POST', '/api/admin/phones/', {
      auth: manager,
      payload: {
        location_id: park,
        name: 'Notruf Rezeption',
        number: '+49 30 9876 5432',
        icon: '/icons/emergency.svg',
        highlighted: true,
        hidden: false,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      location_id: park,
      name: 'Notruf Rezeption',
      number: '+49 30 9876 5432',
      icon: '/icons/emergency.svg',
      highlighted: true,
      hidden: false,
      sort_order: 1,
      translations: {},
    });
    const entry = await lastAudit();
    expect(entry).toMatchObject({
      user_id: managerUser.id,
      action: 'phone_created',
      entity: 'phone',
      entity_id: res.body.id,
      location_id: park,
    });
    expect(JSON.parse(entry.after!)).toMatchObject({ name: 'Notruf Rezeption' });
    await create({ name: 'Feuerwehr', number: '112' });
    const police = await create({ name: 'Polizei', number: '110' });
    expect((await call(t.app, 'GET', `/api/admin/phones/${police}/`, { auth: manager })).body.sort_order).toBe(3);
    expect(await residentNames(anna)).toEqual(['Notruf Rezeption', 'Feuerwehr', 'Polizei']);
    expect(await residentNames(dora)).toEqual(['Notruf am See']);
  });

  it('reorders the numbers, and the residents get the new order', async () => {
    const list = await call(t.app, 'GET', `/api/admin/phones/?location_id=${park}`, { auth: manager });
    const ids = Object.fromEntries(list.body.results.map((p: { name: string; id: number }) => [p.name, p.id]));
    const res = await call(t.app, 'POST', '/api/admin/phones/order/', {
      auth: manager,
      payload: { location_id: park, ids: [ids.Polizei, ids.Feuerwehr, ids['Notruf Rezeption']] },
    });
    expect(res.status).toBe(200);
    expect(res.body.results.map((p: { name: string; sort_order: number }) => [p.name, p.sort_order])).toEqual([
      ['Polizei', 1],
      ['Feuerwehr', 2],
      ['Notruf Rezeption', 3],
    ]);
    expect(await residentNames(anna)).toEqual(['Polizei', 'Feuerwehr', 'Notruf Rezeption']);
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: 'phones_reordered', location_id: park, entity_id: park });
    expect(JSON.parse(entry.before!)).toEqual([ids['Notruf Rezeption'], ids.Feuerwehr, ids.Polizei]);
    expect(JSON.parse(entry.after!)).toEqual([ids.Polizei, ids.Feuerwehr, ids['Notruf Rezeption']]);

    // Only some ids: they go first, the rest keep their order after them.
    const partial = await call(t.app, 'POST', '/api/admin/phones/order/', {
      auth: manager,
      payload: { location_id: park, ids: [ids['Notruf Rezeption']] },
    });
    expect(partial.body.results.map((p: { name: string }) => p.name)).toEqual([
      'Notruf Rezeption',
      'Polizei',
      'Feuerwehr',
    ]);
    expect(await residentNames(anna)).toEqual(['Notruf Rezeption', 'Polizei', 'Feuerwehr']);
  });

  it('refuses an order with an id of another location or twice the same id, and changes nothing', async () => {
    const before = await phoneRows(park);
    const foreign = await call(t.app, 'POST', '/api/admin/phones/order/', {
      auth: manager,
      payload: { location_id: park, ids: [before[0]!.id, seePhone] },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(NOT_FOUND);
    const twice = await call(t.app, 'POST', '/api/admin/phones/order/', {
      auth: manager,
      payload: { location_id: park, ids: [before[0]!.id, before[0]!.id] },
    });
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({ ids: ['Jede Nummer darf nur einmal vorkommen.'] });
    const otherLocation = await call(t.app, 'POST', '/api/admin/phones/order/', {
      auth: manager,
      payload: { location_id: see, ids: [seePhone] },
    });
    expect(otherLocation.status).toBe(404);
    for (const payload of [{ location_id: park, ids: [] }, { location_id: park }, { location_id: park, ids: 'x' }]) {
      const res = await call(t.app, 'POST', '/api/admin/phones/order/', { auth: manager, payload });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.body)).toEqual(['ids']);
    }
    expect(await phoneRows(park)).toEqual(before);
    expect(await residentNames(dora)).toEqual(['Notruf am See']);
  });

  it('hides a number and highlights another; residents get the flags', async () => {
    const id = await create({ name: 'Schlüsseldienst', number: '+49 30 2222 3333' });
    const res = await call(t.app, 'PUT', `/api/admin/phones/${id}/`, {
      auth: manager,
      payload: {
        location_id: park,
        name: 'Schlüsseldienst',
        number: '+49 30 2222 3333',
        hidden: true,
        highlighted: true,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, hidden: true, highlighted: true });
    const resident = await call(t.app, 'GET', `/api/phones/${id}/`, { auth: anna });
    expect(resident.body).toMatchObject({ name: 'Schlüsseldienst', hidden: true, highlighted: true });
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: 'phone_updated', entity_id: id, location_id: park });
    expect(JSON.parse(entry.before!)).toMatchObject({ hidden: false, highlighted: false });
    expect(JSON.parse(entry.after!)).toMatchObject({ hidden: true, highlighted: true });
  });

  it('deletes a number', async () => {
    const id = await create({ name: 'Gasstörung', number: '+49 800 7777 000' });
    const res = await call(t.app, 'DELETE', `/api/admin/phones/${id}/`, { auth: manager });
    expect(res.status).toBe(204);
    expect(await residentNames(anna)).not.toContain('Gasstörung');
    expect((await call(t.app, 'GET', `/api/admin/phones/${id}/`, { auth: manager })).status).toBe(404);
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: 'phone_deleted', entity_id: id, location_id: park, after: null });
  });

  it('answers hostile input with German field errors, never 500', async () => {
    const valid = { location_id: park, name: 'Test', number: '112' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, name: '' }, 'name'],
      [{ ...valid, name: 'x'.repeat(201) }, 'name'],
      [{ ...valid, number: 'eins-eins-zwei' }, 'number'],
      [{ ...valid, number: '<script>' }, 'number'],
      [{ ...valid, number: '' }, 'number'],
      [{ ...valid, highlighted: 'ja' }, 'highlighted'],
      [{ ...valid, sort_order: -1 }, 'sort_order'],
      [{ ...valid, sort_order: 1e12 }, 'sort_order'],
      [{ ...valid, location_id: '1' }, 'location_id'],
      [{ ...valid, icon: 'https://evil.example/x.svg' }, 'icon'],
    ];
    for (const [payload, field] of cases) {
      const res = await call(t.app, 'POST', '/api/admin/phones/', { auth: manager, payload });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expectDrfError(res.body);
      expect(Object.keys(res.body), JSON.stringify(payload)).toEqual([field]);
    }
    const number = await call(t.app, 'POST', '/api/admin/phones/', {
      auth: manager,
      payload: { ...valid, number: 'abc' },
    });
    expect(number.body).toEqual({
      number: ['Bitte geben Sie eine Telefonnummer aus Ziffern ein (erlaubt sind auch + ( ) / - . und Leerzeichen).'],
    });
    const list = await call(t.app, 'GET', '/api/admin/phones/?location_id=abc', { auth: manager });
    expect(list.status).toBe(400);
    expect(Object.keys(list.body)).toEqual(['location_id']);
  });

  it('answers 404 to a manager for every id of another location, and lists never include them', async () => {
    const before = await phoneRows(see);
    const mine = (await phoneRows(park))[0]!.id;
    const replies = [
      await call(t.app, 'GET', `/api/admin/phones/${seePhone}/`, { auth: manager }),
      await call(t.app, 'PUT', `/api/admin/phones/${seePhone}/`, {
        auth: manager,
        payload: { location_id: park, name: 'Gekapert', number: '110' },
      }),
      await call(t.app, 'DELETE', `/api/admin/phones/${seePhone}/`, { auth: manager }),
      await call(t.app, 'POST', '/api/admin/phones/', {
        auth: manager,
        payload: { location_id: see, name: 'Fremd', number: '110' },
      }),
      // Moving one's own number into a location that is not one's own.
      await call(t.app, 'PUT', `/api/admin/phones/${mine}/`, {
        auth: manager,
        payload: { location_id: see, name: 'Umgezogen', number: '110' },
      }),
      await call(t.app, 'GET', `/api/admin/phones/?location_id=${see}`, { auth: manager }),
      await call(t.app, 'GET', `/api/admin/phones/${mine}/`, { auth: other }),
    ];
    for (const res of replies) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    expect(await phoneRows(see)).toEqual(before);
    expect(await residentNames(dora)).toEqual(['Notruf am See']);
    const list = await call(t.app, 'GET', '/api/admin/phones/?page_size=100', { auth: manager });
    expect(list.body.results.length).toBeGreaterThan(0);
    expect(list.body.results.every((p: { location_id: number }) => p.location_id === park)).toBe(true);
  });

  it('answers 400 with an id field error to malformed ids', async () => {
    for (const [method, template] of [
      ['GET', '/api/admin/phones/:id/'],
      ['PUT', '/api/admin/phones/:id/'],
      ['DELETE', '/api/admin/phones/:id/'],
    ] as const) {
      for (const id of ['-1', '0', '1.5', '2147483648', 'abc', "1'%20OR%20'1'='1"]) {
        const url = template.replace(':id', id);
        const res = await call(t.app, method, url, { auth: manager, payload: method === 'PUT' ? {} : undefined });
        expect(res.status, `${method} ${url}`).toBe(400);
        expect(Object.keys(res.body), url).toEqual(['id']);
      }
    }
  });

  it('answers 403 to residents and receptionists on every phone route', async () => {
    for (const auth of [anna, rita]) {
      for (const [method, url] of [
        ['GET', '/api/admin/phones/'],
        ['POST', '/api/admin/phones/'],
        ['POST', '/api/admin/phones/order/'],
        ['GET', `/api/admin/phones/${seePhone}/`],
        ['PUT', `/api/admin/phones/${seePhone}/`],
        ['DELETE', `/api/admin/phones/${seePhone}/`],
      ] as const) {
        const res = await call(t.app, method, url, { auth, payload: method === 'GET' ? undefined : {} });
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body).toEqual(FORBIDDEN);
      }
    }
  });
});
