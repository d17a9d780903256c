import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newProvider, newService, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { FORBIDDEN, NO_CREDENTIALS, NOT_FOUND, call, expectPage } from '../../../test/helpers.js';

const kinds = await dialects();
const CONTACT_TEXT = 'Hallo, hier schreibt {profile_name} aus Wohnung {apartment_number} ({location}).\n{placeholder}';
const LOCATION_TITLE = 'Wohnanlage Lindenhof';

describe.each(kinds)('services and providers (%s)', (kind) => {
  let t: TestApp;
  let anna: string;
  let dora: string; // resident of the other location
  let annaUser: TestUser;
  let managerUser: TestUser;
  /** The services of Anna's location, and the one of the other location. */
  const svc = { hausmeister: 0, reinigung: 0, waesche: 0, other: 0 };
  /** Providers of Anna's location. */
  const p = { krause: 0, glanz: 0, waesche: 0, reception: 0, admin: 0 };
  beforeAll(async () => {
    t = await startApp(kind);
    const park = await newLocation(t, { title: LOCATION_TITLE });
    const see = await newLocation(t);
    annaUser = await newUser(t, { locationId: park });
    const doraUser = await newUser(t, { locationId: see });
    managerUser = await newUser(t, { role: 'manager', managerOf: [park, see] });
    [anna, dora] = await Promise.all([signIn(t, annaUser), signIn(t, doraUser)]);

    svc.hausmeister = await newService(t, park, {
      title: 'Hausmeister',
      icon: '/icons/tools.svg',
      contactText: CONTACT_TEXT,
      sortOrder: 10,
    });
    svc.reinigung = await newService(t, park, { title: 'Reinigung', sortOrder: 20 });
    svc.waesche = await newService(t, park, { title: 'Wäscherei', sortOrder: 30 });
    svc.other = await newService(t, see, { title: 'Hausmeister', sortOrder: 10 });

    p.krause = await newProvider(t, svc.hausmeister, park, {
      name: 'Hausmeisterei Krause',
      phone: '+49 30 4444 1212',
      hidePhone: true,
      text: 'Kleinreparaturen und verstopfte Abflüsse.',
      contact: 'Herr Krause',
      hours: 'Mo–Fr 8:00–16:00 Uhr',
      email: 'krause@hausmeister.example.org',
      allowFormContact: true,
      placeholder: 'Was ist kaputt?',
    });
    p.glanz = await newProvider(t, svc.reinigung, park, { name: 'Glanz & Co.', phone: '+49 30 3333 7788' });
    p.waesche = await newProvider(t, svc.waesche, park, { allowFormContact: true });
    p.reception = await newProvider(t, 3, park, { name: 'Rezeption Lindenhof' });
    p.admin = await newProvider(t, 1, park);
    await newProvider(t, 3, see, { name: 'Rezeption am See' });
    await newProvider(t, 1, see);
    await newProvider(t, svc.other, see);
  });
  afterAll(() => t.close());

  describe('GET /api/services/', () => {
    it("lists the system services and the location's own, in display order", async () => {
      const res = await call(t.app, 'GET', '/api/services/', { auth: anna });
      expect(res.status).toBe(200);
      expectPage(res.body, 5, 5);
      expect(res.body.results.map((s: { id: number; title: string }) => [s.id, s.title])).toEqual([
        [3, 'Rezeption'],
        [svc.hausmeister, 'Hausmeister'],
        [svc.reinigung, 'Reinigung'],
        [svc.waesche, 'Wäscherei'],
        [1, 'Verwaltung'],
      ]);
      expect(res.body.results[1]).toEqual({
        id: svc.hausmeister,
        title: 'Hausmeister',
        icon: '/icons/tools.svg',
        contact_text: CONTACT_TEXT,
      });
    });

    it('shows another location only its own service next to the system services', async () => {
      const res = await call(t.app, 'GET', '/api/services/', { auth: dora });
      expect(res.body.results.map((s: { id: number }) => s.id)).toEqual([3, svc.other, 1]);
    });

    it('returns one service by id, and 404 for a service of another location', async () => {
      const ok = await call(t.app, 'GET', `/api/services/${svc.hausmeister}/`, { auth: anna });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({
        id: svc.hausmeister,
        title: 'Hausmeister',
        icon: '/icons/tools.svg',
        contact_text: CONTACT_TEXT,
      });
      for (const id of [svc.hausmeister, svc.reinigung, svc.waesche]) {
        const res = await call(t.app, 'GET', `/api/services/${id}/`, { auth: dora });
        expect(res.status, String(id)).toBe(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
      expect((await call(t.app, 'GET', `/api/services/${svc.other}/`, { auth: anna })).status).toBe(404);
      expect((await call(t.app, 'GET', '/api/services/1/', { auth: dora })).body.title).toBe('Verwaltung');
    });
  });

  describe('GET /api/providers/', () => {
    it("returns the service id, the count and the location's providers, without a hidden phone number", async () => {
      const res = await call(t.app, 'GET', `/api/providers/?service_id=${svc.hausmeister}`, { auth: anna });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: svc.hausmeister,
        count: 1,
        results: [
          {
            id: p.krause,
            name: 'Hausmeisterei Krause',
            phone: '',
            hide_phone: true,
            text: 'Kleinreparaturen und verstopfte Abflüsse.',
            contact: 'Herr Krause',
            hours: 'Mo–Fr 8:00–16:00 Uhr',
            email: 'krause@hausmeister.example.org',
            website: '',
            allow_form_contact: true,
            placeholder: 'Was ist kaputt?',
          },
        ],
      });
      expect(JSON.stringify(res.body)).not.toContain('4444');
    });

    it('gives each location its own providers of a shared system service', async () => {
      const a = await call(t.app, 'GET', '/api/providers/?service_id=3', { auth: anna });
      const b = await call(t.app, 'GET', '/api/providers/?service_id=3', { auth: dora });
      expect(a.body.results.map((r: { name: string }) => r.name)).toEqual(['Rezeption Lindenhof']);
      expect(b.body.results.map((r: { name: string }) => r.name)).toEqual(['Rezeption am See']);
    });

    it("answers 404 to another location for the providers of this location's service", async () => {
      const res = await call(t.app, 'GET', `/api/providers/?service_id=${svc.hausmeister}`, { auth: dora });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    });

    it('answers 400 without a numeric service_id', async () => {
      const res = await call(t.app, 'GET', '/api/providers/?service_id=abc', { auth: anna });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual(['service_id']);
    });

    it('returns one provider by id, and 404 to a resident of another location', async () => {
      const id = p.glanz;
      const ok = await call(t.app, 'GET', `/api/providers/${id}/`, { auth: anna });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({
        id,
        name: 'Glanz & Co.',
        phone: '+49 30 3333 7788',
        hide_phone: false,
        allow_form_contact: false,
      });
      for (const [key, pid] of Object.entries(p)) {
        const res = await call(t.app, 'GET', `/api/providers/${pid}/`, { auth: dora });
        expect(res.status, key).toBe(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
    });
  });

  describe('POST /api/providers/:id/request/', () => {
    it('stores the request and queues a mail to the provider with name, apartment and location', async () => {
      const id = p.krause;
      const text = 'Die Heizung im Bad tropft.\nBitte dienstags nach 14 Uhr.';
      const res = await call(t.app, 'POST', `/api/providers/${id}/request/`, {
        auth: anna,
        payload: { text: `  ${text}  ` },
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ id: expect.any(Number), detail: 'Ihre Anfrage wurde erfolgreich versendet.' });

      const { db } = t.app.ctx;
      const stored = await db
        .selectFrom('provider_requests')
        .selectAll()
        .where('id', '=', res.body.id)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ provider_id: id, user_id: annaUser.id, location_id: annaUser.locationId, text });

      const mail = await db.selectFrom('email_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(mail.to_address).toBe('krause@hausmeister.example.org');
      expect(mail.status).toBe('pending');
      expect(mail.subject).toBe(`Neue Anfrage über Hausportal: ${annaUser.name}, Wohnung ${annaUser.apartmentNumber}`);
      expect(mail.body_text).toContain(`Name: ${annaUser.name}`);
      expect(mail.body_text).toContain(`Wohnung: ${annaUser.apartmentNumber}`);
      expect(mail.body_text).toContain(`Standort: ${LOCATION_TITLE}`);
      expect(mail.body_text).toContain(`E-Mail: ${annaUser.email}`);
      expect(mail.body_text).toContain(text);
    });

    it('answers 400 Eingabe ist zwingend for empty or blank text and stores nothing', async () => {
      const id = p.krause;
      const count = async () => (await t.app.ctx.db.selectFrom('provider_requests').select('id').execute()).length;
      const before = await count();
      for (const payload of [{ text: '' }, { text: ' \n\t ' }, {}]) {
        const res = await call(t.app, 'POST', `/api/providers/${id}/request/`, { auth: anna, payload });
        expect(res.status, JSON.stringify(payload)).toBe(400);
        expect(res.body).toEqual({ text: ['Eingabe ist zwingend'] });
      }
      expect(await count()).toBe(before);
    });

    it('answers 400 for a provider that takes no form requests', async () => {
      const res = await call(t.app, 'POST', `/api/providers/${p.glanz}/request/`, {
        auth: anna,
        payload: { text: 'Fenster putzen bitte' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Dieser Anbieter nimmt keine Anfragen über das Formular entgegen.' });
    });

    it('answers 404 to a resident of another location', async () => {
      const res = await call(t.app, 'POST', `/api/providers/${p.krause}/request/`, {
        auth: dora,
        payload: { text: 'Hallo' },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    });
  });

  it('answers 403 to the property manager and 401 to anonymous callers on every endpoint', async () => {
    const manager = await signIn(t, managerUser);
    const id = p.krause;
    const calls = [
      ['GET', '/api/services/'],
      ['GET', `/api/services/${svc.hausmeister}/`],
      ['GET', `/api/providers/?service_id=${svc.hausmeister}`],
      ['GET', `/api/providers/${id}/`],
      ['POST', `/api/providers/${id}/request/`],
    ] as const;
    for (const [method, url] of calls) {
      const payload = method === 'POST' ? { text: 'Hallo' } : undefined;
      const m = await call(t.app, method, url, { auth: manager, payload });
      expect(m.status, url).toBe(403);
      expect(m.body).toEqual(FORBIDDEN);
      const a = await call(t.app, method, url, { payload });
      expect(a.status, url).toBe(401);
      expect(a.body).toEqual(NO_CREDENTIALS);
    }
  });
});
