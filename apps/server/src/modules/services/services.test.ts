import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, login, startDemoApp, type TestApp } from '../../../test/harness.js';
import { FORBIDDEN, NO_CREDENTIALS, NOT_FOUND, call, expectPage, userId } from '../../../test/helpers.js';

const kinds = await dialects();
const CONTACT_TEXT = 'Hallo, hier schreibt {profile_name} aus Wohnung {apartment_number} ({location}).\n{placeholder}';

describe.each(kinds)('services and providers (%s)', (kind) => {
  let t: TestApp;
  let anna: string;
  let dora: string;
  /** Provider ids by name. */
  let p: Record<string, number>;
  beforeAll(async () => {
    t = await startDemoApp(kind);
    [anna, dora] = await Promise.all([login(t.app, 'A-0101'), login(t.app, 'B-0101')]);
    const rows = await t.app.ctx.db.selectFrom('providers').select(['id', 'name', 'location_id']).execute();
    p = Object.fromEntries(rows.map((r) => [`${r.name}@${r.location_id}`, r.id]));
  });
  afterAll(() => t.close());

  describe('GET /api/services/', () => {
    it("lists the system services and the location's own, in display order", async () => {
      const res = await call(t.app, 'GET', '/api/services/', { auth: anna });
      expect(res.status).toBe(200);
      expectPage(res.body, 5, 5);
      expect(res.body.results.map((s: { id: number; title: string }) => [s.id, s.title])).toEqual([
        [3, 'Rezeption'],
        [14, 'Hausmeister'],
        [15, 'Reinigung'],
        [16, 'Wäscherei'],
        [1, 'Verwaltung'],
      ]);
      expect(res.body.results[1]).toEqual({
        id: 14,
        title: 'Hausmeister',
        icon: '/icons/tools.svg',
        contact_text: CONTACT_TEXT,
      });
    });

    it('shows location 2 only its own service next to the system services', async () => {
      const res = await call(t.app, 'GET', '/api/services/', { auth: dora });
      expect(res.body.results.map((s: { id: number }) => s.id)).toEqual([3, 17, 1]);
    });

    it('returns one service by id, and 404 for a service of another location', async () => {
      const ok = await call(t.app, 'GET', '/api/services/14/', { auth: anna });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ id: 14, title: 'Hausmeister', icon: '/icons/tools.svg', contact_text: CONTACT_TEXT });
      for (const id of [14, 15, 16]) {
        const res = await call(t.app, 'GET', `/api/services/${id}/`, { auth: dora });
        expect(res.status, String(id)).toBe(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
      expect((await call(t.app, 'GET', '/api/services/17/', { auth: anna })).status).toBe(404);
      expect((await call(t.app, 'GET', '/api/services/1/', { auth: dora })).body.title).toBe('Verwaltung');
    });
  });

  describe('GET /api/providers/', () => {
    it("returns the service id, the count and the location's providers, without a hidden phone number", async () => {
      const res = await call(t.app, 'GET', '/api/providers/?service_id=14', { auth: anna });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: 14,
        count: 1,
        results: [
          {
            id: p['Hausmeisterservice Krause@1'],
            name: 'Hausmeisterservice Krause',
            phone: '',
            hide_phone: true,
            text: 'Kleinreparaturen, Glühbirnen, verstopfte Abflüsse.',
            contact: 'Herr Krause',
            hours: 'Mo–Fr 8:00–16:00 Uhr',
            email: 'krause@hausmeister.example.org',
            website: '',
            allow_form_contact: true,
            placeholder: 'Bitte beschreiben Sie, was kaputt ist und wo.',
          },
        ],
      });
      expect(JSON.stringify(res.body)).not.toContain('4444');
    });

    it('gives each location its own providers of a shared system service', async () => {
      const a = await call(t.app, 'GET', '/api/providers/?service_id=3', { auth: anna });
      const b = await call(t.app, 'GET', '/api/providers/?service_id=3', { auth: dora });
      expect(a.body.results.map((r: { name: string }) => r.name)).toEqual(['Rezeption Residenz am Stadtpark']);
      expect(b.body.results.map((r: { name: string }) => r.name)).toEqual(['Rezeption Haus am See']);
    });

    it('answers 404 to location 2 for the providers of location-1 service 14', async () => {
      const res = await call(t.app, 'GET', '/api/providers/?service_id=14', { auth: dora });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    });

    it('answers 400 without a numeric service_id', async () => {
      const res = await call(t.app, 'GET', '/api/providers/?service_id=abc', { auth: anna });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual(['service_id']);
    });

    it('returns one provider by id, and 404 to a resident of another location', async () => {
      const id = p['Glanz & Co. Gebäudereinigung@1']!;
      const ok = await call(t.app, 'GET', `/api/providers/${id}/`, { auth: anna });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({
        id,
        name: 'Glanz & Co. Gebäudereinigung',
        phone: '+49 30 3333 7788',
        hide_phone: false,
        allow_form_contact: false,
      });
      for (const [key, pid] of Object.entries(p).filter(([k]) => k.endsWith('@1'))) {
        const res = await call(t.app, 'GET', `/api/providers/${pid}/`, { auth: dora });
        expect(res.status, key).toBe(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
    });
  });

  describe('POST /api/providers/:id/request/', () => {
    it('stores the request and queues a mail to the provider with name, apartment and location', async () => {
      const id = p['Hausmeisterservice Krause@1']!;
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
      expect(stored).toMatchObject({ provider_id: id, user_id: await userId(t, 'A-0101'), location_id: 1, text });

      const mail = await db.selectFrom('email_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(mail.to_address).toBe('krause@hausmeister.example.org');
      expect(mail.status).toBe('pending');
      expect(mail.subject).toBe('Neue Anfrage über Hausportal: Anna Beispiel, Wohnung A-0101');
      expect(mail.body_text).toContain('Name: Anna Beispiel');
      expect(mail.body_text).toContain('Wohnung: A-0101');
      expect(mail.body_text).toContain('Standort: Residenz am Stadtpark');
      expect(mail.body_text).toContain('E-Mail: anna.beispiel@example.org');
      expect(mail.body_text).toContain(text);
    });

    it('answers 400 Eingabe ist zwingend for empty or blank text and stores nothing', async () => {
      const id = p['Hausmeisterservice Krause@1']!;
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
      const res = await call(t.app, 'POST', `/api/providers/${p['Glanz & Co. Gebäudereinigung@1']}/request/`, {
        auth: anna,
        payload: { text: 'Fenster putzen bitte' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Dieser Anbieter nimmt keine Anfragen über das Formular entgegen.' });
    });

    it('answers 404 to a resident of another location', async () => {
      const res = await call(t.app, 'POST', `/api/providers/${p['Hausmeisterservice Krause@1']}/request/`, {
        auth: dora,
        payload: { text: 'Hallo' },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    });
  });

  it('answers 403 to the property manager and 401 to anonymous callers on every endpoint', async () => {
    const manager = await login(t.app, 'verwaltung@example.org');
    const id = p['Hausmeisterservice Krause@1'];
    const calls = [
      ['GET', '/api/services/'],
      ['GET', '/api/services/14/'],
      ['GET', '/api/providers/?service_id=14'],
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
