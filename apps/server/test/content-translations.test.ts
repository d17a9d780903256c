import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translateShipped } from '../src/db/migrations/026-content-translations.js';
import { dialects, startApp, type TestApp } from './harness.js';
import { newLocation, newPhone, newUser, signIn, type TestUser } from './factories.js';
import { call, expectDrfError } from './helpers.js';

// Management texts residents act on (categories, services and the emergency button, phone
// labels, bookable rooms) in the resident's language, German where there is no translation.

const kinds = await dialects();

describe.each(kinds)('content translations (%s)', (kind) => {
  let t: TestApp;
  let park: number;
  let manager: string;
  let ayse: string; // resident of park reading Turkish
  let anna: string; // resident of park reading German
  let noura: string; // resident of park reading Arabic
  let ayseUser: TestUser;

  const speak = async (auth: string, language: string) => {
    const res = await call(t.app, 'PUT', '/api/profile/', { auth, payload: { language } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t);
    ayseUser = await newUser(t, { locationId: park });
    [manager, ayse, anna, noura] = await Promise.all([
      newUser(t, { role: 'manager', managerOf: [park] }).then((u) => signIn(t, u)),
      signIn(t, ayseUser),
      newUser(t, { locationId: park }).then((u) => signIn(t, u)),
      newUser(t, { locationId: park }).then((u) => signIn(t, u)),
    ]);
    await speak(ayse, 'tr');
    await speak(noura, 'ar');
  });
  afterAll(() => t.close());

  it('ships the default categories of a new location in all seven languages', async () => {
    const names = async (auth: string) =>
      (await call(t.app, 'GET', '/api/tickets/categories/', { auth })).body.results.map(
        (c: { name: string }) => c.name,
      );
    expect((await names(anna)).slice(0, 3)).toEqual(['Heizung', 'Wasser & Sanitär', 'Elektrik']);
    expect((await names(ayse)).slice(0, 3)).toEqual(['Isıtma', 'Su ve sıhhi tesisat', 'Elektrik']);
    expect((await names(noura))[0]).toBe('التدفئة');
    // The back office edits German and sees the translations beside it.
    const admin = await call(t.app, 'GET', `/api/admin/ticket-categories/?location_id=${park}`, { auth: manager });
    expect(admin.body.results[0]).toMatchObject({ name: 'Heizung', translations: { tr: { name: 'Isıtma' } } });
  });

  it('names a ticket’s category in the reader’s language in the ticket, the lists and the building list', async () => {
    const categories = (await call(t.app, 'GET', '/api/tickets/categories/', { auth: anna })).body.results;
    const lift = categories.find((c: { name: string }) => c.name === 'Aufzug');
    const created = await call(t.app, 'POST', '/api/tickets/', {
      auth: ayse,
      payload: { category_id: lift.id, scope: 'building', place: 'Haus A', description: 'Der Aufzug steht im 3. OG.' },
      headers: { 'idempotency-key': 'translations-lift-1' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.category.name).toBe('Asansör');
    const mine = await call(t.app, 'GET', '/api/tickets/', { auth: ayse });
    expect(mine.body.results[0].category_name).toBe('Asansör');
    const building = await call(t.app, 'GET', '/api/tickets/building/', { auth: noura });
    expect(building.body.results[0].category.name).toBe('المصعد');
    const german = await call(t.app, 'GET', '/api/tickets/building/', { auth: anna });
    expect(german.body.results[0].category.name).toBe('Aufzug');
  });

  it('lets a manager translate a phone label; a missing language falls back to German; left out keeps, {} clears', async () => {
    const create = await call(t.app, 'POST', '/api/admin/phones/', {
      auth: manager,
      payload: {
        location_id: park,
        name: 'Gasstörung',
        number: '+49 800 7777 000',
        translations: { tr: { name: '  Doğalgaz acil hattı ' }, ar: { name: 'طوارئ الغاز' }, en: { name: '' } },
      },
    });
    expect(create.status, JSON.stringify(create.body)).toBe(201);
    // Trimmed; an empty text is no translation and is not stored.
    expect(create.body.translations).toEqual({ tr: { name: 'Doğalgaz acil hattı' }, ar: { name: 'طوارئ الغاز' } });
    const id = create.body.id;
    const labelFor = async (auth: string) =>
      (await call(t.app, 'GET', `/api/phones/${id}/`, { auth })).body.name as string;
    expect(await labelFor(ayse)).toBe('Doğalgaz acil hattı');
    expect(await labelFor(noura)).toBe('طوارئ الغاز');
    expect(await labelFor(anna)).toBe('Gasstörung');

    // An update without translations keeps them.
    const renamed = await call(t.app, 'PUT', `/api/admin/phones/${id}/`, {
      auth: manager,
      payload: { location_id: park, name: 'Gas-Notruf', number: '+49 800 7777 000' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.translations.tr).toEqual({ name: 'Doğalgaz acil hattı' });
    expect(await labelFor(anna)).toBe('Gas-Notruf');

    // {} removes them: every language reads German again.
    const cleared = await call(t.app, 'PUT', `/api/admin/phones/${id}/`, {
      auth: manager,
      payload: { location_id: park, name: 'Gas-Notruf', number: '+49 800 7777 000', translations: {} },
    });
    expect(cleared.body.translations).toEqual({});
    expect(await labelFor(ayse)).toBe('Gas-Notruf');
  });

  it('refuses unknown languages, unknown fields, wrong types and over-long texts with a German 400', async () => {
    const phone = await newPhone(t, park, { name: 'Hausmeister' });
    const put = (translations: unknown) =>
      call(t.app, 'PUT', `/api/admin/phones/${phone}/`, {
        auth: manager,
        payload: { location_id: park, name: 'Hausmeister', number: '+49 30 1', translations },
      });
    for (const bad of [
      { xx: { name: 'Hausmeister' } },
      { de: { name: 'Hausmeister' } },
      { tr: { title: 'Kapıcı' } },
      { tr: 'Kapıcı' },
      { tr: { name: 42 } },
      ['tr'],
      'tr',
    ]) {
      const res = await put(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expectDrfError(res.body);
      expect(JSON.stringify(res.body)).toMatch(/[äöüÄÖÜß]|Unbekannt|Ungültig|erwartet|Eingabe/);
    }
    const long = await put({ tr: { name: 'ş'.repeat(201) } });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('Höchstens 200 Zeichen erlaubt.');
    const nul = await put({ tr: { name: 'Kap\u0000ıcı' } });
    expect(nul.status).toBe(400);
    // Nothing of the refused writes was stored.
    const row = await t.app.ctx.db
      .selectFrom('phones')
      .select('translations')
      .where('id', '=', phone)
      .executeTakeFirst();
    expect(row?.translations).toBe('{}');
  });

  it('names the emergency service on the button and the service tiles in the resident’s language', async () => {
    const service = await call(t.app, 'POST', '/api/admin/services/', {
      auth: manager,
      payload: {
        location_id: park,
        title: 'Notdienst',
        translations: { tr: { title: 'Acil servis' }, ar: { title: 'خدمة الطوارئ' } },
      },
    });
    expect(service.status, JSON.stringify(service.body)).toBe(201);
    const setDefault = await call(t.app, 'PUT', `/api/admin/locations/${park}/`, {
      auth: manager,
      payload: { title: 'Park', default_service_id: service.body.id },
    });
    expect(setDefault.status, JSON.stringify(setDefault.body)).toBe(200);
    const location = async (auth: string) => (await call(t.app, 'GET', '/api/location/', { auth })).body;
    expect((await location(ayse)).default_service_name).toBe('Acil servis');
    expect((await location(noura)).default_service_name).toBe('خدمة الطوارئ');
    expect((await location(anna)).default_service_name).toBe('Notdienst');
    const tiles = await call(t.app, 'GET', '/api/services/?page_size=100', { auth: ayse });
    const titles = tiles.body.results.map((s: { title: string }) => s.title);
    expect(titles).toContain('Acil servis');
    // The system services come translated from the migration.
    expect(titles).toContain('Resepsiyon');
    expect(titles).toContain('Bina yönetimi');
  });

  it('shows a bookable room, its rules and fee, and the booking in the resident’s language', async () => {
    const created = await call(t.app, 'POST', '/api/admin/booking-resources/', {
      auth: manager,
      payload: {
        location_id: park,
        name: 'Waschküche',
        mode: 'slots',
        house_rules: 'Ab 22 Uhr leise.',
        fee_text: '2 € pro Waschgang',
        translations: { tr: { name: 'Çamaşır odası', house_rules: 'Saat 22:00’den sonra sessizlik.' } },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.name).toBe('Waschküche');
    expect(created.body.translations.tr.name).toBe('Çamaşır odası');
    const id = created.body.id;
    const room = (await call(t.app, 'GET', `/api/bookings/resources/${id}/`, { auth: ayse })).body;
    expect(room).toMatchObject({
      name: 'Çamaşır odası',
      house_rules: 'Saat 22:00’den sonra sessizlik.',
      fee_text: '2 € pro Waschgang', // not translated: German
    });
    expect(room).not.toHaveProperty('translations');
    const list = (await call(t.app, 'GET', '/api/bookings/resources/', { auth: anna })).body.results;
    expect(list.find((r: { id: number }) => r.id === id).name).toBe('Waschküche');

    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const slots = await call(t.app, 'GET', `/api/bookings/resources/${id}/availability/?from=${day}&days=1`, {
      auth: ayse,
    });
    const free = slots.body.days[0].slots.find((s: { state: string }) => s.state === 'free');
    const booked = await call(t.app, 'POST', '/api/bookings/', {
      auth: ayse,
      payload: { resource_id: id, starts_at: free.starts_at, ends_at: free.ends_at },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.resource_name).toBe('Çamaşır odası');
    const mine = await call(t.app, 'GET', '/api/bookings/', { auth: ayse });
    expect(mine.body.results[0].resource_name).toBe('Çamaşır odası');
  });

  it('gives rows of an older install that still carry a shipped name the shipped translations', async () => {
    const db = t.app.ctx.db;
    const older = await newLocation(t);
    await db.updateTable('ticket_categories').set({ translations: '{}' }).where('location_id', '=', older).execute();
    await db
      .updateTable('ticket_categories')
      .set({ name: 'Heizung & Warmwasser' })
      .where('location_id', '=', older)
      .where('name', '=', 'Heizung')
      .execute();
    await translateShipped(db);
    const rows = await db
      .selectFrom('ticket_categories')
      .select(['name', 'translations'])
      .where('location_id', '=', older)
      .orderBy('sort_order')
      .execute();
    // A renamed category keeps no translation (the shipped one would name something else).
    expect(rows[0]).toEqual({ name: 'Heizung & Warmwasser', translations: '{}' });
    expect(JSON.parse(rows[1]!.translations).uk).toEqual({ name: 'Водопостачання та сантехніка' });
  });
});
