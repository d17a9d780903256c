import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, multipart, startApp, type TestApp } from '../../../test/harness.js';
import { newApiKey, newLocation, newUser, signIn, type TestApiKey } from '../../../test/factories.js';
import { NOT_FOUND, call, expectDrfError, pdfFile, pngImage } from '../../../test/helpers.js';
import { insertParcel } from '../parcels/parcels.repository.js';

const KEY_NAME = 'ERP Wodis';
const AS_KEY = `API-Schlüssel „${KEY_NAME}“`;

describe.each(await dialects())('integration API with a key (%s)', (dialect) => {
  let t: TestApp;
  let loc1: number;
  let loc2: number;
  let key: TestApiKey;
  let readOnly: TestApiKey;
  let adminAuth: string;
  const tickets: Record<'one' | 'two', number> = { one: 0, two: 0 };

  const report = async (auth: string) => {
    const cats = await call(t.app, 'GET', '/api/tickets/categories/', { auth });
    const res = await call(t.app, 'POST', '/api/tickets/', {
      auth,
      payload: { category_id: cats.body.results[0].id, scope: 'apartment', description: 'Heizkörper kalt' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const parcel = (locationId: number) =>
    insertParcel(t.app.ctx.db, {
      location_id: locationId,
      apartment_number: '1.01',
      carrier: 'DHL',
      pieces: 1,
      storage_place: 'Regal A',
      note: '',
      status: 'open',
      logged_by: null,
      logged_at: new Date().toISOString(),
      handed_over_by: null,
      handed_over_at: null,
      handover_note: '',
      label_key: 'parcels/label.jpg',
      label_thumbnail_key: 'parcels/label-thumb.jpg',
      reminded_at: null,
      idempotency_key: randomUUID(),
      request_sha256: '',
    });
  const auditOf = async (entity: string) =>
    (await call(t.app, 'GET', `/api/admin/audit/?entity=${entity}`, { auth: adminAuth })).body.results as {
      action: string;
      user_id: number | null;
      user_name: string | null;
      entity_id: number;
    }[];

  beforeAll(async () => {
    t = await startApp(dialect);
    loc1 = await newLocation(t, { title: 'Eins' });
    loc2 = await newLocation(t, { title: 'Zwei' });
    adminAuth = await signIn(t, await newUser(t, { role: 'admin' }));
    key = await newApiKey(t, {
      locationIds: [loc2],
      name: KEY_NAME,
      scopes: ['tickets:read', 'tickets:write', 'documents:write', 'notices:write', 'bookings:read', 'parcels:read'],
    });
    readOnly = await newApiKey(t, { locationIds: [loc2], scopes: ['tickets:read'] });
    tickets.one = await report(await signIn(t, await newUser(t, { locationId: loc1 })));
    tickets.two = await report(await signIn(t, await newUser(t, { locationId: loc2 })));
  });
  afterAll(() => t.close());

  describe('location scope: a key for location 2 sees nothing of location 1', () => {
    it('lists only its tickets; a ticket and a location of another location are 404', async () => {
      const list = await call(t.app, 'GET', '/api/integration/tickets/', { auth: key.auth });
      expect(list.status).toBe(200);
      expect(list.body.results.map((r: { id: number }) => r.id)).toEqual([tickets.two]);
      expect(list.body.results[0].location_id).toBe(loc2);
      for (const url of [
        `/api/integration/tickets/${tickets.one}/`,
        `/api/integration/tickets/?location_id=${loc1}`,
        `/api/integration/bookings/?location_id=${loc1}`,
        `/api/integration/parcels/?location_id=${loc1}`,
      ]) {
        const res = await call(t.app, 'GET', url, { auth: key.auth });
        expect(res.status, url).toBe(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
      const one = await call(t.app, 'GET', `/api/integration/tickets/${tickets.two}/`, { auth: key.auth });
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ id: tickets.two, description: 'Heizkörper kalt', location_id: loc2 });
    });

    it('changes nothing of location 1', async () => {
      const status = await call(t.app, 'POST', `/api/integration/tickets/${tickets.one}/status/`, {
        auth: key.auth,
        payload: { status: 'in_progress' },
      });
      expect(status.status).toBe(404);
      const message = await call(t.app, 'POST', `/api/integration/tickets/${tickets.one}/messages/`, {
        auth: key.auth,
        payload: { text: 'Hallo' },
      });
      expect(message.status).toBe(404);
      const notice = await call(t.app, 'POST', '/api/integration/notices/', {
        auth: key.auth,
        payload: { title: 'T', text: 'X', location_ids: [loc2, loc1] },
      });
      expect(notice.status).toBe(404);
      const form = multipart(
        { location_id: String(loc1), title: 'Abrechnung' },
        {
          field: 'document',
          filename: 'a.pdf',
          type: 'application/pdf',
          data: await pdfFile(),
        },
      );
      const doc = await call(t.app, 'POST', '/api/integration/documents/', { auth: key.auth, ...form });
      expect(doc.status).toBe(404);
      const ticket = await t.app.ctx.db
        .selectFrom('tickets')
        .select('status')
        .where('id', '=', tickets.one)
        .executeTakeFirstOrThrow();
      expect(ticket.status).toBe('received');
    });

    it('lists parcels of its locations without label photos', async () => {
      await parcel(loc1);
      const mine = await parcel(loc2);
      const res = await call(t.app, 'GET', '/api/integration/parcels/?status=open', { auth: key.auth });
      expect(res.status).toBe(200);
      expect(res.body.results.map((p: { id: number }) => p.id)).toEqual([mine]);
      expect(res.body.results[0]).not.toHaveProperty('label_photo');
      expect(JSON.stringify(res.body)).not.toContain('label');
    });

    it('lists bookings of its locations by Berlin dates', async () => {
      const res = await call(t.app, 'GET', '/api/integration/bookings/?from=2025-03-01&to=2025-03-31', {
        auth: key.auth,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ count: 0, next: null, previous: null, results: [] });
      const reversed = await call(t.app, 'GET', '/api/integration/bookings/?from=2025-03-31&to=2025-03-01', {
        auth: key.auth,
      });
      expect(reversed.status).toBe(400);
      expect(reversed.body).toEqual({ to: ['„to“ liegt vor „from“.'] });
    });
  });

  describe('writes, audited under the key', () => {
    it('sets a status and writes to the residents as the back office does', async () => {
      const since = new Date(Date.now() - 1000).toISOString();
      const res = await call(t.app, 'POST', `/api/integration/tickets/${tickets.two}/status/`, {
        auth: key.auth,
        payload: { status: 'in_progress', message: 'Installateur ist informiert.' },
      });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('in_progress');
      expect(res.body.events.at(-1)).toMatchObject({
        kind: 'status',
        author: 'management',
        status: 'in_progress',
        text: 'Installateur ist informiert.',
        // The timeline names the key, as the audit log does (migration 023).
        author_name: `Schnittstelle „${KEY_NAME}“`,
      });
      const rejected = await call(t.app, 'POST', `/api/integration/tickets/${tickets.two}/status/`, {
        auth: key.auth,
        payload: { status: 'rejected' },
      });
      expect(rejected.status).toBe(400);
      expect(rejected.body).toEqual({ message: ['Bitte nennen Sie den Bewohner:innen den Grund der Ablehnung.'] });

      const message = await call(t.app, 'POST', `/api/integration/tickets/${tickets.two}/messages/`, {
        auth: key.auth,
        payload: { text: 'Der Installateur kommt am Dienstag.' },
      });
      expect(message.status).toBe(201);
      expect(message.body.events.at(-1)).toMatchObject({
        kind: 'message',
        text: 'Der Installateur kommt am Dienstag.',
        author_name: `Schnittstelle „${KEY_NAME}“`,
      });

      const polled = await call(t.app, 'GET', `/api/integration/tickets/?updated_since=${encodeURIComponent(since)}`, {
        auth: key.auth,
      });
      expect(polled.body.results.map((r: { id: number }) => r.id)).toEqual([tickets.two]);
      const later = await call(t.app, 'GET', '/api/integration/tickets/?updated_since=2999-01-01T00:00:00Z', {
        auth: key.auth,
      });
      expect(later.body.count).toBe(0);

      // Newest first: the key's two writes above the resident's report.
      const audit = (await auditOf('ticket')).filter((e) => e.entity_id === tickets.two).slice(0, 2);
      expect(audit.map((e) => [e.action, e.user_id, e.user_name])).toEqual([
        ['ticket_message', null, AS_KEY],
        ['ticket_status', null, AS_KEY],
      ]);
    });

    it('uploads a PDF document (magic bytes checked) and publishes a notice', async () => {
      const upload = async (data: Buffer, filename = 'abrechnung.pdf') => {
        const form = multipart(
          { location_id: String(loc2), title: 'Abrechnung 2024', apartment_number: '' },
          {
            field: 'document',
            filename,
            type: 'application/pdf',
            data,
          },
        );
        return call(t.app, 'POST', '/api/integration/documents/', { auth: key.auth, ...form });
      };
      const doc = await upload(await pdfFile());
      expect(doc.status).toBe(201);
      expect(doc.body).toMatchObject({ title: 'Abrechnung 2024', location_id: loc2, file_name: 'abrechnung.pdf' });
      const fake = await upload(await pngImage(), 'rechnung.pdf');
      expect(fake.status).toBe(400);
      expectDrfError(fake.body);

      const notice = await call(t.app, 'POST', '/api/integration/notices/', {
        auth: key.auth,
        payload: { title: 'Wasserabstellung', text: 'Am Dienstag von 9 bis 12 Uhr.', location_ids: [loc2] },
      });
      expect(notice.status).toBe(201);
      expect(notice.body).toMatchObject({ title: 'Wasserabstellung', location_ids: [loc2], author_name: null });

      expect((await auditOf('document')).find((e) => e.entity_id === doc.body.id)).toMatchObject({
        action: 'document_created',
        user_name: AS_KEY,
      });
      expect((await auditOf('notice')).find((e) => e.entity_id === notice.body.id)).toMatchObject({
        action: 'notice_created',
        user_name: AS_KEY,
      });
    });
  });

  describe('scopes and bad input', () => {
    it('answers 403 naming the missing scope on every write and read the key lacks', async () => {
      for (const [method, url, scope] of [
        ['POST', `/api/integration/tickets/${tickets.two}/status/`, 'tickets:write'],
        ['POST', `/api/integration/tickets/${tickets.two}/messages/`, 'tickets:write'],
        ['POST', '/api/integration/documents/', 'documents:write'],
        ['POST', '/api/integration/notices/', 'notices:write'],
        ['GET', '/api/integration/bookings/', 'bookings:read'],
        ['GET', '/api/integration/parcels/', 'parcels:read'],
      ] as const) {
        const res = await call(t.app, method, url, {
          auth: readOnly.auth,
          payload: method === 'POST' ? {} : undefined,
        });
        expect(res.status, url).toBe(403);
        expect(res.body).toEqual({
          detail: `Diesem API-Schlüssel fehlt die Berechtigung „${scope}“.`,
          code: 'missing_scope',
        });
      }
    });

    it('answers bad input with German 400s, never 500', async () => {
      const bad: [string, string, unknown][] = [
        ['POST', `/api/integration/tickets/${tickets.two}/status/`, { status: 'kaputt' }],
        ['POST', `/api/integration/tickets/${tickets.two}/status/`, { status: 'done', message: 42 }],
        ['POST', `/api/integration/tickets/${tickets.two}/messages/`, { text: 'a\u0000b' }],
        ['POST', `/api/integration/tickets/${tickets.two}/messages/`, { text: 'x'.repeat(6000) }],
        ['POST', `/api/integration/tickets/${tickets.two}/messages/`, { text: ['Liste'] }],
        ['POST', '/api/integration/notices/', { title: 'T', text: 'X', location_ids: 'zwei' }],
        ['GET', '/api/integration/tickets/?updated_since=gestern', undefined],
        ['GET', '/api/integration/tickets/?status=offen', undefined],
        ['GET', '/api/integration/tickets/?location_id=abc', undefined],
        ['GET', '/api/integration/bookings/?from=31.03.2025', undefined],
        ['GET', '/api/integration/parcels/?page_size=100000', undefined],
      ];
      for (const [method, url, payload] of bad) {
        const res = await call(t.app, method as 'GET', url, { auth: key.auth, payload: payload as object });
        expect(res.status, `${url} ${JSON.stringify(payload)?.slice(0, 60)}`).toBe(400);
        expectDrfError(res.body);
      }
      expect((await call(t.app, 'GET', '/api/integration/tickets/99999999/', { auth: key.auth })).status).toBe(404);
    });
  });
});
