import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newProvider, newService, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { FORBIDDEN, NOT_FOUND, call, expectDrfError } from '../../../test/helpers.js';

const MANAGER_GLOBAL =
  'Dienste für alle Standorte kann nur die Administration ändern. Anbieter an Ihren Standorten können Sie bearbeiten.';
const kinds = await dialects();
const CONTACT_TEXT = 'Hallo, hier schreibt {profile_name} aus Wohnung {apartment_number} ({location}).\n{placeholder}';

/** Every field of a provider (product §4.4), as the back office's form sends it. */
const PROVIDER = {
  name: 'Hausmeisterei Krause',
  phone: '+49 30 4444 1212',
  hide_phone: true,
  text: 'Kleinreparaturen und verstopfte Abflüsse.',
  contact: 'Herr Krause',
  hours: 'Mo–Fr 8:00–16:00 Uhr',
  email: 'krause@hausmeister.example.org',
  website: 'https://krause.example.org/notdienst',
  allow_form_contact: true,
  placeholder: 'Was ist kaputt?',
};

describe.each(kinds)('back office: services and providers (%s)', (kind) => {
  let t: TestApp;
  let park: number; // run by `manager`
  let see: number; // run by `other`
  let anna: string; // resident of park
  let rita: string; // receptionist of park
  let dora: string; // resident of see
  let managerUser: TestUser;
  let manager: string;
  let other: string;
  let admin: string;
  let parkService: number;
  let seeService: number;
  let seeProvider: number;

  const residentServices = async (auth: string) =>
    (await call(t.app, 'GET', '/api/services/?page_size=100', { auth })).body.results.map(
      (s: { id: number; title: string }) => s.title,
    );
  const lastAudit = () =>
    t.app.ctx.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  const row = (table: 'services' | 'providers', id: number) =>
    t.app.ctx.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t);
    see = await newLocation(t);
    managerUser = await newUser(t, { role: 'manager', managerOf: [park] });
    [anna, rita, dora, manager, other, admin] = await Promise.all([
      newUser(t, { locationId: park }).then((u) => signIn(t, u)),
      newUser(t, { locationId: park, role: 'receptionist' }).then((u) => signIn(t, u)),
      newUser(t, { locationId: see }).then((u) => signIn(t, u)),
      signIn(t, managerUser),
      newUser(t, { role: 'manager', managerOf: [see] }).then((u) => signIn(t, u)),
      newUser(t, { role: 'admin' }).then((u) => signIn(t, u)),
    ]);
    parkService = await newService(t, park, { title: 'Hausmeister', sortOrder: 10 });
    seeService = await newService(t, see, { title: 'Bootsverleih', sortOrder: 10 });
    seeProvider = await newProvider(t, seeService, see, { name: 'Boote Hansen' });
  });
  afterAll(() => t.close());

  describe('services', () => {
    it("lists the global services and the manager's own, never another location's", async () => {
      const res = await call(t.app, 'GET', '/api/admin/services/', { auth: manager });
      expect(res.status).toBe(200);
      expect(res.body.results).toEqual([
        {
          id: 3,
          title: 'Rezeption',
          icon: '/icons/reception.svg',
          contact_text: CONTACT_TEXT,
          location_id: null,
          sort_order: 1,
          is_system: true,
          translations: expect.objectContaining({ tr: { title: 'Resepsiyon' } }),
        },
        {
          id: parkService,
          title: 'Hausmeister',
          icon: '',
          contact_text: '',
          location_id: park,
          sort_order: 10,
          is_system: false,
          translations: {},
        },
        expect.objectContaining({ id: 1, title: 'Verwaltung', location_id: null, is_system: true }),
      ]);
      const filtered = await call(t.app, 'GET', `/api/admin/services/?location_id=${park}`, { auth: manager });
      expect(filtered.body.results.map((s: { id: number }) => s.id)).toEqual([3, parkService, 1]);
      const foreign = await call(t.app, 'GET', `/api/admin/services/?location_id=${see}`, { auth: manager });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(NOT_FOUND);
    });

    it('creates a service with contact text tokens, which the residents of that location see', async () => {
      const res = await call(t.app, 'POST', '/api/admin/services/', {
        auth: manager,
        payload: {
          location_id: park,
          title: 'Reinigung',
          icon: '/icons/cleaning.svg',
          contact_text: CONTACT_TEXT,
          sort_order: 20,
        },
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        location_id: park,
        title: 'Reinigung',
        icon: '/icons/cleaning.svg',
        contact_text: CONTACT_TEXT,
        sort_order: 20,
        is_system: false,
        translations: {},
      });
      expect(await residentServices(anna)).toEqual(['Rezeption', 'Hausmeister', 'Reinigung', 'Verwaltung']);
      expect(await residentServices(dora)).not.toContain('Reinigung');
      const entry = await lastAudit();
      expect(entry).toMatchObject({
        user_id: managerUser.id,
        action: 'service_created',
        entity: 'service',
        entity_id: res.body.id,
        location_id: park,
        before: null,
      });
      expect(JSON.parse(entry.after!)).toMatchObject({ title: 'Reinigung' });
    });

    it('refuses contact texts with tokens the app does not fill in', async () => {
      const one = await call(t.app, 'POST', '/api/admin/services/', {
        auth: manager,
        payload: { location_id: park, title: 'X', contact_text: 'Hallo {name}, {placeholder}' },
      });
      expect(one.status).toBe(400);
      expect(one.body).toEqual({
        contact_text: [
          'Unbekannter Platzhalter {name}. Erlaubt sind {placeholder}, {profile_name}, {apartment_number} und {location}.',
        ],
      });
      const two = await call(t.app, 'PUT', `/api/admin/services/${parkService}/`, {
        auth: manager,
        payload: { location_id: park, title: 'Hausmeister', contact_text: '{Location} {} {profile_name}' },
      });
      expect(two.status).toBe(400);
      expect(two.body).toEqual({
        contact_text: [
          'Unbekannte Platzhalter {Location}, {}. Erlaubt sind {placeholder}, {profile_name}, {apartment_number} und {location}.',
        ],
      });
    });

    it('lets only an admin create a service for every location', async () => {
      const refused = await call(t.app, 'POST', '/api/admin/services/', {
        auth: manager,
        payload: { location_id: null, title: 'Überall' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        location_id: ['Dienste für alle Standorte kann nur die Administration anlegen oder ändern.'],
      });
      const created = await call(t.app, 'POST', '/api/admin/services/', {
        auth: admin,
        payload: { location_id: null, title: 'Paketstation', sort_order: 50 },
      });
      expect(created.status).toBe(201);
      expect(await residentServices(anna)).toContain('Paketstation');
      expect(await residentServices(dora)).toContain('Paketstation');
      expect((await lastAudit()).location_id).toBeNull();
      // A manager sees it, but may not change or delete it.
      const id = created.body.id;
      const list = await call(t.app, 'GET', '/api/admin/services/?page_size=100', { auth: manager });
      expect(list.body.results.map((s: { id: number }) => s.id)).toContain(id);
      expect((await call(t.app, 'GET', `/api/admin/services/${id}/`, { auth: manager })).status).toBe(200);
      for (const [method, payload] of [
        ['PUT', { location_id: null, title: 'Gekapert' }],
        ['PUT', { location_id: park, title: 'Nur bei mir' }],
        ['DELETE', undefined],
      ] as const) {
        const res = await call(t.app, method, `/api/admin/services/${id}/`, { auth: manager, payload });
        // 403 with the reason, not the 404 that contradicted the GET's 200.
        expect(res.status, method).toBe(403);
        expect(res.body).toEqual({ detail: MANAGER_GLOBAL });
      }
      expect(await row('services', id)).toMatchObject({ title: 'Paketstation', location_id: null });
    });

    it('lets an admin rename the system services but never delete them', async () => {
      const res = await call(t.app, 'PUT', '/api/admin/services/1/', {
        auth: admin,
        payload: { location_id: null, title: 'Hausverwaltung', contact_text: CONTACT_TEXT, sort_order: 90 },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: 1, title: 'Hausverwaltung', is_system: true, location_id: null });
      expect(await residentServices(anna)).toContain('Hausverwaltung');
      expect(await residentServices(dora)).toContain('Hausverwaltung');
      const entry = await lastAudit();
      expect(entry).toMatchObject({ action: 'service_updated', entity_id: 1, location_id: null });
      expect(JSON.parse(entry.before!)).toMatchObject({ title: 'Verwaltung' });
      expect(JSON.parse(entry.after!)).toMatchObject({ title: 'Hausverwaltung' });
      for (const id of [1, 3]) {
        const del = await call(t.app, 'DELETE', `/api/admin/services/${id}/`, { auth: admin });
        expect(del.status, String(id)).toBe(400);
        expect(del.body).toEqual({ detail: 'Systemdienste können nicht gelöscht werden.' });
        expect(await row('services', id)).toBeDefined();
        // A manager does not get that far: the global services are not theirs to change.
        const managerDel = await call(t.app, 'DELETE', `/api/admin/services/${id}/`, { auth: manager });
        expect(managerDel.status).toBe(403);
        expect(managerDel.body).toEqual({ detail: MANAGER_GLOBAL });
      }
      const moved = await call(t.app, 'PUT', '/api/admin/services/3/', {
        auth: admin,
        payload: { location_id: park, title: 'Rezeption' },
      });
      expect(moved.status).toBe(400);
      expect(moved.body).toEqual({ location_id: ['Systemdienste gelten für alle Standorte.'] });
      expect(await row('services', 3)).toMatchObject({ location_id: null });
    });

    it("refuses to delete a location's emergency default service until another is chosen", async () => {
      const created = await call(t.app, 'POST', '/api/admin/services/', {
        auth: manager,
        payload: { location_id: park, title: 'Notdienst' },
      });
      const id = created.body.id;
      const provider = await newProvider(t, id, park);
      await call(t.app, 'PUT', `/api/admin/locations/${park}/`, {
        auth: manager,
        payload: { title: 'Park', default_service_id: id },
      });
      const refused = await call(t.app, 'DELETE', `/api/admin/services/${id}/`, { auth: manager });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        detail:
          'Dieser Dienst ist der Standarddienst des Notrufs eines Standorts. Bitte wählen Sie dort zuerst einen anderen.',
      });
      await call(t.app, 'PUT', `/api/admin/locations/${park}/`, {
        auth: manager,
        payload: { title: 'Park', default_service_id: 3 },
      });
      const res = await call(t.app, 'DELETE', `/api/admin/services/${id}/`, { auth: manager });
      expect(res.status).toBe(204);
      expect(await residentServices(anna)).not.toContain('Notdienst');
      expect(await row('providers', provider)).toBeUndefined();
      expect(await lastAudit()).toMatchObject({ action: 'service_deleted', entity_id: id, location_id: park });
    });

    it("answers 404 to a manager for another location's service, and for moving one there", async () => {
      const before = await row('services', seeService);
      const replies = [
        await call(t.app, 'GET', `/api/admin/services/${seeService}/`, { auth: manager }),
        await call(t.app, 'PUT', `/api/admin/services/${seeService}/`, {
          auth: manager,
          payload: { location_id: park, title: 'Gekapert' },
        }),
        await call(t.app, 'DELETE', `/api/admin/services/${seeService}/`, { auth: manager }),
        await call(t.app, 'POST', '/api/admin/services/', { auth: manager, payload: { location_id: see, title: 'X' } }),
        await call(t.app, 'PUT', `/api/admin/services/${parkService}/`, {
          auth: manager,
          payload: { location_id: see, title: 'Umgezogen' },
        }),
        await call(t.app, 'GET', `/api/admin/services/${parkService}/`, { auth: other }),
        await call(t.app, 'GET', '/api/admin/services/999999/', { auth: manager }),
      ];
      for (const res of replies) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
      expect(await row('services', seeService)).toEqual(before);
      expect(await row('services', parkService)).toMatchObject({ location_id: park, title: 'Hausmeister' });
    });

    it('answers hostile input with German field errors, never 500', async () => {
      const valid = { location_id: park, title: 'Test' };
      const cases: [Record<string, unknown>, string][] = [
        [{ title: 'Ohne Standort' }, 'location_id'],
        [{ ...valid, title: '' }, 'title'],
        [{ ...valid, title: 'x'.repeat(201) }, 'title'],
        [{ ...valid, contact_text: 'x'.repeat(5001) }, 'contact_text'],
        [{ ...valid, contact_text: 42 }, 'contact_text'],
        [{ ...valid, sort_order: 1.5 }, 'sort_order'],
        [{ ...valid, icon: '/icons/../../etc/passwd' }, 'icon'],
        [{ ...valid, location_id: 0 }, 'location_id'],
      ];
      for (const [payload, field] of cases) {
        const res = await call(t.app, 'POST', '/api/admin/services/', { auth: manager, payload });
        expect(res.status, JSON.stringify(payload)).toBe(400);
        expectDrfError(res.body);
        expect(Object.keys(res.body), JSON.stringify(payload)).toEqual([field]);
      }
    });
  });

  describe('providers', () => {
    it('creates a provider with every field; residents see it, without the hidden phone number', async () => {
      const res = await call(t.app, 'POST', '/api/admin/providers/', {
        auth: manager,
        payload: { service_id: parkService, location_id: park, ...PROVIDER },
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        service_id: parkService,
        service_title: 'Hausmeister',
        location_id: park,
        category_ids: [],
        ...PROVIDER,
      });
      const resident = await call(t.app, 'GET', `/api/providers/?service_id=${parkService}`, { auth: anna });
      expect(resident.body.results).toEqual([{ id: res.body.id, ...PROVIDER, phone: '' }]);
      const entry = await lastAudit();
      expect(entry).toMatchObject({
        user_id: managerUser.id,
        action: 'provider_created',
        entity: 'provider',
        entity_id: res.body.id,
        location_id: park,
      });
      expect(JSON.parse(entry.after!)).toMatchObject({ name: PROVIDER.name, phone: PROVIDER.phone });
    });

    it('adds providers to the global system services per location', async () => {
      const res = await call(t.app, 'POST', '/api/admin/providers/', {
        auth: manager,
        payload: { service_id: 3, location_id: park, name: 'Rezeption Lindenhof' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ service_title: 'Rezeption', phone: '', website: '', allow_form_contact: false });
      const a = await call(t.app, 'GET', '/api/providers/?service_id=3', { auth: anna });
      const d = await call(t.app, 'GET', '/api/providers/?service_id=3', { auth: dora });
      expect(a.body.results.map((p: { name: string }) => p.name)).toEqual(['Rezeption Lindenhof']);
      expect(d.body.results).toEqual([]);
    });

    it('changes a provider, and residents see the change', async () => {
      const id = await newProvider(t, parkService, park, { name: 'Alt' });
      const res = await call(t.app, 'PUT', `/api/admin/providers/${id}/`, {
        auth: manager,
        payload: { service_id: parkService, location_id: park, name: 'Neu', phone: '030 123', hide_phone: false },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, name: 'Neu', phone: '030 123', hide_phone: false });
      expect((await call(t.app, 'GET', `/api/providers/${id}/`, { auth: anna })).body).toMatchObject({
        name: 'Neu',
        phone: '030 123',
      });
      const entry = await lastAudit();
      expect(entry).toMatchObject({ action: 'provider_updated', entity_id: id, location_id: park });
      expect(JSON.parse(entry.before!)).toMatchObject({ name: 'Alt' });
      expect(JSON.parse(entry.after!)).toMatchObject({ name: 'Neu' });
    });

    it('deletes a provider', async () => {
      const id = await newProvider(t, parkService, park, { name: 'Weg damit' });
      const res = await call(t.app, 'DELETE', `/api/admin/providers/${id}/`, { auth: manager });
      expect(res.status).toBe(204);
      expect((await call(t.app, 'GET', `/api/providers/${id}/`, { auth: anna })).status).toBe(404);
      expect(await lastAudit()).toMatchObject({ action: 'provider_deleted', entity_id: id, location_id: park });
    });

    it('lists only the providers of the own locations, filtered by service', async () => {
      const all = await call(t.app, 'GET', '/api/admin/providers/?page_size=100', { auth: manager });
      expect(all.status).toBe(200);
      const rows = all.body.results as { id: number; location_id: number; service_id: number }[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((p) => p.location_id === park)).toBe(true);
      expect(rows.map((p) => p.id)).not.toContain(seeProvider);
      const byService = await call(t.app, 'GET', `/api/admin/providers/?service_id=3&page_size=1`, { auth: manager });
      expect(byService.body.results.every((p: { service_id: number }) => p.service_id === 3)).toBe(true);
      const theirs = await call(t.app, 'GET', `/api/admin/providers/?service_id=${seeService}`, { auth: manager });
      expect(theirs.body).toEqual({ count: 0, next: null, previous: null, results: [] });
      const foreign = await call(t.app, 'GET', `/api/admin/providers/?location_id=${see}`, { auth: manager });
      expect(foreign.status).toBe(404);
    });

    it('refuses a service that the location does not see', async () => {
      for (const serviceId of [seeService, 999_999]) {
        const res = await call(t.app, 'POST', '/api/admin/providers/', {
          auth: manager,
          payload: { service_id: serviceId, location_id: park, name: 'X' },
        });
        expect(res.status, String(serviceId)).toBe(400);
        expect(res.body).toEqual({ service_id: ['Dieser Dienst ist an diesem Standort nicht verfügbar.'] });
      }
    });

    it('answers hostile input with German field errors, never 500', async () => {
      const valid = { service_id: parkService, location_id: park, name: 'Test' };
      const cases: [Record<string, unknown>, string][] = [
        [{ ...valid, name: '' }, 'name'],
        [{ ...valid, name: 'x'.repeat(201) }, 'name'],
        [{ ...valid, email: 'krause@' }, 'email'],
        [{ ...valid, email: 'a b@example.org' }, 'email'],
        [{ ...valid, website: 'javascript:alert(1)' }, 'website'],
        [{ ...valid, website: 'ftp://files.example.org' }, 'website'],
        [{ ...valid, website: 'krause.example.org' }, 'website'],
        [{ ...valid, phone: 'ruf mich an' }, 'phone'],
        [{ ...valid, text: 'x'.repeat(5001) }, 'text'],
        [{ ...valid, placeholder: 'x'.repeat(501) }, 'placeholder'],
        [{ ...valid, allow_form_contact: 1 }, 'allow_form_contact'],
        [{ ...valid, service_id: 'drei' }, 'service_id'],
      ];
      for (const [payload, field] of cases) {
        const res = await call(t.app, 'POST', '/api/admin/providers/', { auth: manager, payload });
        expect(res.status, JSON.stringify(payload)).toBe(400);
        expectDrfError(res.body);
        expect(Object.keys(res.body), JSON.stringify(payload)).toEqual([field]);
      }
      const email = await call(t.app, 'POST', '/api/admin/providers/', {
        auth: manager,
        payload: { ...valid, email: 'krause@' },
      });
      expect(email.body).toEqual({ email: ['Bitte geben Sie eine gültige E-Mail-Adresse ein.'] });
      const website = await call(t.app, 'POST', '/api/admin/providers/', {
        auth: manager,
        payload: { ...valid, website: 'javascript:alert(1)' },
      });
      expect(website.body).toEqual({
        website: ['Bitte geben Sie eine vollständige Adresse mit http:// oder https:// ein.'],
      });
      const unicode = await call(t.app, 'POST', '/api/admin/providers/', {
        auth: manager,
        payload: { ...valid, name: 'Glanz & Co. – Ærø 🧽', website: 'http://glanz.example.org' },
      });
      expect(unicode.status).toBe(201);
      expect(unicode.body.name).toBe('Glanz & Co. – Ærø 🧽');
    });

    it("answers 404 to a manager for another location's provider, and for moving one there", async () => {
      const before = await row('providers', seeProvider);
      const mine = await newProvider(t, parkService, park, { name: 'Meiner' });
      const replies = [
        await call(t.app, 'GET', `/api/admin/providers/${seeProvider}/`, { auth: manager }),
        await call(t.app, 'PUT', `/api/admin/providers/${seeProvider}/`, {
          auth: manager,
          payload: { service_id: parkService, location_id: park, name: 'Gekapert' },
        }),
        await call(t.app, 'DELETE', `/api/admin/providers/${seeProvider}/`, { auth: manager }),
        await call(t.app, 'POST', '/api/admin/providers/', {
          auth: manager,
          payload: { service_id: 3, location_id: see, name: 'Fremd' },
        }),
        await call(t.app, 'PUT', `/api/admin/providers/${mine}/`, {
          auth: manager,
          payload: { service_id: 3, location_id: see, name: 'Umgezogen' },
        }),
        await call(t.app, 'GET', `/api/admin/providers/${mine}/`, { auth: other }),
      ];
      for (const res of replies) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
      expect(await row('providers', seeProvider)).toEqual(before);
      expect(await row('providers', mine)).toMatchObject({ location_id: park, name: 'Meiner' });
    });
  });

  it('answers 400 with an id field error to malformed ids', async () => {
    for (const [method, template] of [
      ['GET', '/api/admin/services/:id/'],
      ['PUT', '/api/admin/services/:id/'],
      ['DELETE', '/api/admin/services/:id/'],
      ['GET', '/api/admin/providers/:id/'],
      ['PUT', '/api/admin/providers/:id/'],
      ['DELETE', '/api/admin/providers/:id/'],
    ] as const) {
      for (const id of ['-1', '0', '1.5', '2147483648', 'abc', "1'%20OR%20'1'='1"]) {
        const url = template.replace(':id', id);
        const res = await call(t.app, method, url, { auth: admin, payload: method === 'PUT' ? {} : undefined });
        expect(res.status, `${method} ${url}`).toBe(400);
        expect(Object.keys(res.body), url).toEqual(['id']);
      }
    }
  });

  it('answers 403 to residents and receptionists on every service and provider route', async () => {
    for (const auth of [anna, rita]) {
      for (const [method, url] of [
        ['GET', '/api/admin/services/'],
        ['POST', '/api/admin/services/'],
        ['GET', `/api/admin/services/${parkService}/`],
        ['PUT', `/api/admin/services/${parkService}/`],
        ['DELETE', `/api/admin/services/${parkService}/`],
        ['GET', '/api/admin/providers/'],
        ['POST', '/api/admin/providers/'],
        ['GET', `/api/admin/providers/${seeProvider}/`],
        ['PUT', `/api/admin/providers/${seeProvider}/`],
        ['DELETE', `/api/admin/providers/${seeProvider}/`],
      ] as const) {
        const res = await call(t.app, method, url, { auth, payload: method === 'GET' ? undefined : {} });
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body).toEqual(FORBIDDEN);
      }
    }
  });
});
