import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, login, staffLogin, startDemoApp, type TestApp } from '../../test/harness.js';
import { call } from '../../test/helpers.js';
import { DEMO_ADMIN, DEMO_MANAGER, DEMO_MANAGER_SEE, DEMO_PASSWORD, people } from './demo-data.js';

const kinds = await dialects();
const digits = (s: string) => s.replace(/\s+/g, '');

type Post = {
  id: number;
  text: string;
  status: string;
  like_count: number;
  comment_count: number;
  documents: { kind: string }[];
};

// The one suite that asserts the demo content of product §10. Behaviour tests build their own rows
// (test/factories.ts), so a change to demo-data.ts breaks only this file and the browser journeys.
describe.each(kinds)('demo data of product §10 (%s)', (kind) => {
  let t: TestApp;
  let anna: string;
  let dora: string;
  beforeAll(async () => {
    t = await startDemoApp(kind);
    [anna, dora] = await Promise.all([login(t.app, 'A-0101'), login(t.app, 'B-0101')]);
  });
  afterAll(() => t.close());

  const get = (url: string, auth = anna) => call(t.app, 'GET', url, { auth }).then((r) => r.body);

  it('lets every demo account sign in with Demo1234!, staff with the e-mail address in the back office', async () => {
    expect(DEMO_PASSWORD).toBe('Demo1234!');
    for (const p of people) {
      const staff = p.role === 'manager' || p.role === 'admin';
      const res = staff
        ? await call(t.app, 'POST', '/api/staff/login/', { payload: { email: p.email, password: DEMO_PASSWORD } })
        : await call(t.app, 'POST', '/api/login/', { payload: { apartment_number: p.login, password: DEMO_PASSWORD } });
      expect(res.status, p.login).toBe(200);
    }
    expect(people.map((p) => p.login)).toEqual(
      expect.arrayContaining(['A-0101', 'A-0102', 'A-REZ', 'B-0101', DEMO_MANAGER]),
    );
  });

  it('gives the accounts their roles: A-0101 resident "Wohnung 0101", A-0102 without emergency services, A-REZ receptionist', async () => {
    const profile = async (login_: string) => get('/api/profile/', await login(t.app, login_));
    expect(await profile('A-0101')).toMatchObject({
      name: 'Anna Beispiel',
      apartment_number: 'A-0101',
      is_receptionist: false,
      emergency_services_deactivated: false,
    });
    expect(await profile('A-0102')).toMatchObject({ emergency_services_deactivated: true });
    expect(await profile('A-REZ')).toMatchObject({ name: 'Clara Rezeption', is_receptionist: true });
    expect(await profile('B-0101')).toMatchObject({ name: 'Dora Seemann' });
  });

  it('gives the property manager both locations in the back office', async () => {
    const manager = await staffLogin(t.app, DEMO_MANAGER);
    const posts = await get('/api/admin/messages/?status=approved&page_size=100', manager);
    expect(new Set(posts.results.map((p: { location_id: number }) => p.location_id))).toEqual(new Set([1, 2]));
  });

  it('gives the manager of "Haus am See" location 2 only, and the admin every location', async () => {
    const locationsOf = async (who: string) => {
      const posts = await get('/api/admin/messages/?status=approved&page_size=100', await staffLogin(t.app, who));
      return new Set(posts.results.map((p: { location_id: number }) => p.location_id));
    };
    expect(await locationsOf(DEMO_MANAGER_SEE)).toEqual(new Set([2]));
    expect(await locationsOf(DEMO_ADMIN)).toEqual(new Set([1, 2]));
  });

  it('makes location 1 "Residenz am Stadtpark": no direct call, its default service a 24-hour "Notdienst" with a provider and a number', async () => {
    const location = await get('/api/location/');
    expect(location).toMatchObject({
      id: 1,
      title: 'Residenz am Stadtpark',
      direct_call: false,
      default_service_name: 'Notdienst',
      default_service_always: true,
      direct_number: '+49 30 9876 5432',
    });
    // The button must not lead to the reception, whose page sends people back to the button.
    expect(location.default_service_id).not.toBe(3);
    const providers = await get(`/api/providers/?service_id=${location.default_service_id}`);
    expect(providers.results[0]).toMatchObject({ phone: '+49 30 9876 5432' });
    expect(providers.results[0].hours).toMatch(/Rund um die Uhr/);
    // The reception page agrees with the button.
    expect(location.free_text).toContain('„Notdienst“');
  });

  it('makes location 2 "Haus am See" with a direct call and a direct number', async () => {
    const location = await get('/api/location/', dora);
    expect(location).toMatchObject({ id: 2, title: 'Haus am See', direct_call: true });
    expect(location.direct_number).not.toBe('');
  });

  it('gives location 1 two pages of approved posts: one over 150 characters, one with a photo and a PDF, likes and comments', async () => {
    const page1 = await get('/api/messages/?page=1');
    const page2 = await get('/api/messages/?page=2');
    const approved: Post[] = [...page1.results, ...page2.results].filter((p: Post) => p.status === 'approved');
    expect(page1.count).toBeGreaterThanOrEqual(12);
    expect(approved).toHaveLength(page1.count);
    expect(approved.some((p) => p.text.length > 150 && !p.text.includes('\n'))).toBe(true);
    const withFiles = approved.find((p) => p.documents.length === 2)!;
    expect(withFiles.documents.map((d) => d.kind).sort()).toEqual(['image', 'pdf']);
    expect(approved.some((p) => p.like_count > 0)).toBe(true);
    expect(approved.some((p) => p.comment_count > 0)).toBe(true);
    const comments = await get(`/api/messages/${withFiles.id}/comments/`);
    expect(comments.count).toBe(withFiles.comment_count);
  });

  it('has one pending post of A-0101, which only she sees, marked pending', async () => {
    const own = (await get('/api/messages/?page=1')).results.filter((p: Post) => p.status === 'pending');
    expect(own).toHaveLength(1);
    const bernd = await login(t.app, 'A-0102');
    const others = (await get('/api/messages/?page=1', bernd)).results.filter((p: Post) => p.status === 'pending');
    expect(others).toEqual([]);
  });

  it('gives location 1 a highlighted phone, a hidden one and one equal to the direct number ignoring spaces', async () => {
    type Phone = { number: string; highlighted: boolean; hidden: boolean };
    const phones: Phone[] = (await get('/api/phones/?page_size=100')).results;
    const location = await get('/api/location/');
    expect(phones.filter((p) => p.highlighted)).toHaveLength(1);
    expect(phones.filter((p) => p.hidden)).toHaveLength(1);
    expect(phones.filter((p) => digits(p.number) === digits(location.direct_number))).toHaveLength(1);
  });

  it('gives location 1 the services 1, 3 and 14 and at least two more, each with a provider, one taking requests', async () => {
    const services: { id: number }[] = (await get('/api/services/?page_size=100')).results;
    const ids = services.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining([1, 3, 14]));
    expect(ids.length).toBeGreaterThanOrEqual(5);
    let formContact = 0;
    for (const id of ids) {
      const providers = await get(`/api/providers/?service_id=${id}`);
      expect(providers.count, `service ${id}`).toBeGreaterThanOrEqual(1);
      formContact += providers.results.filter((p: { allow_form_contact: boolean }) => p.allow_form_contact).length;
    }
    expect(formContact).toBeGreaterThanOrEqual(1);
  });

  it('gives apartment A-0101 two PDF documents of its own', async () => {
    const mine: { title: string; document: string }[] = (await get('/api/documents/?page_size=100')).results;
    const other: { title: string }[] = (await get('/api/documents/?page_size=100', await login(t.app, 'A-0102')))
      .results;
    const own = mine.filter((d) => !other.some((o) => o.title === d.title));
    expect(own).toHaveLength(2);
    for (const d of own) {
      const file = await t.app.inject({ method: 'GET', url: d.document });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('gives location 2 posts of its own, which location 1 does not see', async () => {
    const seeTexts: string[] = (await get('/api/messages/?page=1', dora)).results.map((p: Post) => p.text);
    expect(seeTexts.length).toBeGreaterThan(0);
    const parkTexts: string[] = [
      ...(await get('/api/messages/?page=1')).results,
      ...(await get('/api/messages/?page=2')).results,
    ].map((p: Post) => p.text);
    expect(seeTexts.filter((text) => parkTexts.includes(text))).toEqual([]);
  });

  it('gives A-0101 a ticket in the works, and a building-wide Aufzug ticket two neighbours share', async () => {
    const mine = await get('/api/tickets/');
    expect(mine.results).toEqual([
      expect.objectContaining({ status: 'in_progress', category_name: 'Heizung', relation: 'reporter' }),
    ]);
    const building = await get('/api/tickets/building/');
    expect(building.results).toEqual([
      expect.objectContaining({ place: 'Aufzug Haus A', affected_count: 2, affected: false, status: 'received' }),
    ]);
    const bernd = await login(t.app, 'A-0102');
    const done = await get('/api/tickets/', bernd);
    expect(done.results).toEqual([expect.objectContaining({ status: 'done' })]);
    const detail = await get(`/api/tickets/${done.results[0].id}/`, bernd);
    expect(detail.reopen_until).not.toBeNull();
  });

  it('gives the locations an address and access note, location 1 the buildings Haus A and Haus B, and providers their trades', async () => {
    const manager = await staffLogin(t.app, DEMO_MANAGER);
    const park = await get('/api/admin/locations/1/', manager);
    expect(park).toMatchObject({
      street: 'Parkstraße 12',
      postal_code: '10115',
      city: 'Berlin',
      auto_accept_days: null,
    });
    expect(park.access_note).toMatch(/Klingel 3/);
    expect(park.buildings.map((b: { name: string }) => b.name)).toEqual(['Haus A', 'Haus B']);
    const see = await get('/api/admin/locations/2/', manager);
    expect(see).toMatchObject({ city: 'Potsdam', auto_accept_days: 7, buildings: [] });
    const categories = await get('/api/admin/ticket-categories/?location_id=1&page_size=100', manager);
    const heating = categories.results.find((c: { name: string }) => c.name === 'Heizung').id;
    const providers = await get('/api/admin/providers/?location_id=1&page_size=100', manager);
    const byName = (name: string) => providers.results.find((p: { name: string }) => p.name === name);
    expect(byName('Hausmeisterservice Krause').category_ids).toContain(heating);
    expect(byName('Wäscherei Blitzblank').category_ids).toEqual([]);
  });

  it('seeds nothing into a database that already has a location', async () => {
    const before = await t.app.ctx.db.selectFrom('messages').select('id').execute();
    const { seedDemo } = await import('./demo.js');
    await seedDemo(
      { db: t.app.ctx.db, dialect: t.app.ctx.dialect, close: async () => undefined },
      t.app.ctx.storage,
      t.app.log,
    );
    expect(await t.app.ctx.db.selectFrom('messages').select('id').execute()).toHaveLength(before.length);
  });
});
