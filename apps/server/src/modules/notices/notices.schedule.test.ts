import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { checkResponses, dialects, multipart, startApp, testConfig, type TestApp } from '../../../test/harness.js';
import { call, expectDrfError, pdfFile, pngImage } from '../../../test/helpers.js';
import { newLocation, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { announceDueNotices } from './notices.actions.js';

const kinds = await dialects();
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

/**
 * 'Sichtbar ab' (scheduled notices) and PDF attachments. A second app on the same database stands
 * for a second process: both run the notice job, and each notice is announced once.
 */
describe.each(kinds)('scheduled notices and attachments (%s)', (kind) => {
  let t: TestApp;
  let second: FastifyInstance;
  let park: number;
  let see: number;
  let anna: TestUser;
  let auth: Record<'anna' | 'dora' | 'manager' | 'seeManager', string>;

  beforeAll(async () => {
    t = await startApp(kind);
    second = await buildApp({
      config: testConfig(t.db),
      database: t.db.handle,
      logger: false,
      prepared: true,
      checkResponses,
    });
    park = await newLocation(t);
    see = await newLocation(t);
    anna = await newUser(t, { locationId: park, email: 'anna@example.org' });
    auth = {
      anna: await signIn(t, anna),
      dora: await signIn(t, await newUser(t, { locationId: see })),
      manager: await signIn(t, await newUser(t, { role: 'manager', managerOf: [park, see] })),
      seeManager: await signIn(t, await newUser(t, { role: 'manager', managerOf: [see] })),
    };
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const publish = (payload: object, who = auth.manager) =>
    call(t.app, 'POST', '/api/admin/notices/', { auth: who, payload });
  const visible = async (who: string) =>
    (await call(t.app, 'GET', '/api/notices/', { auth: who })).body.results.map((n: { title: string }) => n.title);
  const mailsAbout = async (title: string) =>
    (
      await t.app.ctx.db.selectFrom('email_outbox').select('to_address').where('subject', 'like', `%${title}`).execute()
    ).map((m) => m.to_address);
  const badge = async () =>
    (await call(t.app, 'GET', `/api/blackboard_opened/${anna.id}/`, { auth: auth.anna })).body.unread_count;
  /** Moves a notice's start into the past, as if its time had come. */
  const startNow = (id: number) =>
    t.app.ctx.db
      .updateTable('notices')
      .set({ starts_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();

  it('hides a notice until its start, then shows it, counts it and sends its notification once', async () => {
    const badgeBefore = await badge();
    const res = await publish({
      title: 'Heizung wird gewartet',
      text: 'Am Montag.',
      starts_at: new Date(Date.now() + 3_600_000).toISOString().replace('Z', '+00:00'),
      location_ids: [park],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ scheduled: true, active: true });
    const id = res.body.id;
    expect(await visible(auth.anna)).not.toContain('Heizung wird gewartet');
    expect(await badge()).toBe(badgeBefore);
    expect(await mailsAbout('Heizung wird gewartet')).toEqual([]);
    expect((await call(t.app, 'POST', `/api/notices/${id}/opened/`, { auth: auth.anna })).status).toBe(404);
    // Nothing is due yet: both processes look and send nothing.
    expect(await announceDueNotices(t.app.ctx)).toBe(0);
    expect(await announceDueNotices(second.ctx)).toBe(0);

    await startNow(id);
    expect(await visible(auth.anna)).toContain('Heizung wird gewartet');
    expect(await badge()).toBe(badgeBefore + 1);
    const list = await call(t.app, 'GET', `/api/admin/notices/${id}/`, { auth: auth.manager });
    expect(list.body.scheduled).toBe(false);

    // Both processes run the job at the same moment, and again: one notification in all.
    // (Each app's own timer may also have taken its turn: at most one of all of them sends.)
    const rounds = await Promise.all([announceDueNotices(t.app.ctx), announceDueNotices(second.ctx)]);
    expect(rounds[0] + rounds[1]).toBeLessThanOrEqual(1);
    expect(await announceDueNotices(second.ctx)).toBe(0);
    expect(await announceDueNotices(t.app.ctx)).toBe(0);
    expect(await mailsAbout('Heizung wird gewartet')).toEqual(['anna@example.org']);
  });

  it('announces at once without a start, and does not announce again when the notice is edited', async () => {
    const res = await publish({ title: 'Sofort da', text: 'x', location_ids: [park] });
    expect(res.body.scheduled).toBe(false);
    expect(await visible(auth.anna)).toContain('Sofort da');
    expect(await mailsAbout('Sofort da')).toEqual(['anna@example.org']);
    expect(await announceDueNotices(t.app.ctx)).toBe(0);
    await call(t.app, 'PUT', `/api/admin/notices/${res.body.id}/`, {
      auth: auth.manager,
      payload: { title: 'Sofort da', text: 'geändert', location_ids: [park] },
    });
    expect(await mailsAbout('Sofort da')).toEqual(['anna@example.org']);
  });

  it('announces a scheduled notice at once when its start is moved to now', async () => {
    const res = await publish({ title: 'Vorgezogen', text: 'x', starts_at: inMinutes(120), location_ids: [park] });
    expect(await mailsAbout('Vorgezogen')).toEqual([]);
    const moved = await call(t.app, 'PUT', `/api/admin/notices/${res.body.id}/`, {
      auth: auth.manager,
      payload: { title: 'Vorgezogen', text: 'x', starts_at: null, location_ids: [park] },
    });
    expect(moved.body).toMatchObject({ scheduled: false, starts_at: null });
    expect(await mailsAbout('Vorgezogen')).toEqual(['anna@example.org']);
  });

  it('refuses an end before the start in German, and stores the start in UTC', async () => {
    const refused = await publish({
      title: 'Falsch herum',
      text: 'x',
      starts_at: inMinutes(120),
      ends_at: inMinutes(60),
      location_ids: [park],
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ ends_at: ['Das Enddatum muss nach dem Beginn liegen.'] });
    const berlin = await publish({
      title: 'Berlin',
      text: 'x',
      starts_at: '2099-06-01T10:00:00+02:00',
      location_ids: [park],
    });
    expect(berlin.body.starts_at).toBe('2099-06-01T08:00:00.000Z');
    const bad = await publish({ title: 'x', text: 'x', starts_at: 'morgen', location_ids: [park] });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ starts_at: ['Bitte geben Sie ein gültiges Datum an.'] });
  });

  describe('PDF attachments', () => {
    let noticeId: number;
    const attach = (id: number, filename: string, data: Buffer, who = auth.manager) => {
      const form = multipart({}, { field: 'document', filename, type: 'application/pdf', data });
      return call(t.app, 'POST', `/api/admin/notices/${id}/attachments/`, { auth: who, ...form });
    };

    beforeAll(async () => {
      noticeId = (await publish({ title: 'Mit Anhang', text: 'Siehe PDF.', location_ids: [park] })).body.id;
    });

    it('accepts a PDF and gives it to residents of the location with a working link', async () => {
      const res = await attach(noticeId, 'Hausordnung 2026.pdf', await pdfFile('Hausordnung'));
      expect(res.status).toBe(201);
      expect(res.body.attachments).toEqual([
        {
          id: expect.any(Number),
          name: 'Hausordnung 2026.pdf',
          size: expect.any(Number),
          document: expect.any(String),
        },
      ]);
      const shown = (await call(t.app, 'GET', '/api/notices/', { auth: auth.anna })).body.results.find(
        (n: { id: number }) => n.id === noticeId,
      );
      expect(shown.attachments.map((a: { name: string }) => a.name)).toEqual(['Hausordnung 2026.pdf']);
      const file = await t.app.inject({ method: 'GET', url: shown.attachments[0].document });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // A tampered link is refused.
      const forged = shown.attachments[0].document.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
      expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    });

    it('gives the notice and its PDFs to nobody outside its locations', async () => {
      const other = await call(t.app, 'GET', '/api/notices/', { auth: auth.dora });
      const text = JSON.stringify(other.body);
      expect(text).not.toContain('Mit Anhang');
      expect(text).not.toContain('Hausordnung');
      expect((await call(t.app, 'POST', `/api/notices/${noticeId}/opened/`, { auth: auth.dora })).status).toBe(404);
      const foreign = await attach(noticeId, 'x.pdf', await pdfFile(), auth.seeManager);
      expect(foreign.status).toBe(404);
      const admin = await call(t.app, 'GET', `/api/admin/notices/${noticeId}/`, { auth: auth.seeManager });
      expect(admin.status).toBe(404);
      const list = await call(t.app, 'GET', '/api/admin/notices/?page_size=100', { auth: auth.seeManager });
      expect(JSON.stringify(list.body)).not.toContain('Hausordnung');
    });

    it('refuses a PNG renamed .pdf with a German 400 and stores nothing', async () => {
      const before = (await call(t.app, 'GET', `/api/admin/notices/${noticeId}/`, { auth: auth.manager })).body;
      const res = await attach(noticeId, 'Plan.pdf', await pngImage());
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        document: ['Die Datei Plan.pdf hat ein nicht unterstütztes Format. Erlaubt sind PDF-Dokumente.'],
      });
      const after = (await call(t.app, 'GET', `/api/admin/notices/${noticeId}/`, { auth: auth.manager })).body;
      expect(after.attachments).toEqual(before.attachments);
      const missing = await call(t.app, 'POST', `/api/admin/notices/${noticeId}/attachments/`, {
        auth: auth.manager,
        ...multipart({ title: 'x' }),
      });
      expect(missing.status).toBe(400);
      expectDrfError(missing.body);
      const json = await call(t.app, 'POST', `/api/admin/notices/${noticeId}/attachments/`, {
        auth: auth.manager,
        payload: {},
      });
      expect(json.status).toBe(415);
    });

    it('takes at most five PDFs per notice, also when they arrive at once', async () => {
      const id = (await publish({ title: 'Viele', text: 'x', location_ids: [park] })).body.id;
      const pdf = await pdfFile();
      const results = await Promise.all(Array.from({ length: 7 }, (_, i) => attach(id, `teil-${i}.pdf`, pdf)));
      expect(results.filter((r) => r.status === 201)).toHaveLength(5);
      for (const r of results.filter((x) => x.status !== 201)) {
        expect(r.status).toBe(400);
        expect(r.body).toEqual({ document: ['Ein Aushang kann höchstens 5 PDF-Anhänge haben.'] });
      }
      const shown = (await call(t.app, 'GET', `/api/admin/notices/${id}/`, { auth: auth.manager })).body;
      expect(shown.attachments).toHaveLength(5);
    });

    it('removes one PDF (and its file), but not through another notice', async () => {
      const id = (await publish({ title: 'Entfernen', text: 'x', location_ids: [park] })).body.id;
      const added = (await attach(id, 'weg.pdf', await pdfFile())).body.attachments[0];
      const otherNotice = await call(t.app, 'DELETE', `/api/admin/notices/${noticeId}/attachments/${added.id}/`, {
        auth: auth.manager,
      });
      expect(otherNotice.status).toBe(404);
      const foreign = await call(t.app, 'DELETE', `/api/admin/notices/${id}/attachments/${added.id}/`, {
        auth: auth.seeManager,
      });
      expect(foreign.status).toBe(404);
      const removed = await call(t.app, 'DELETE', `/api/admin/notices/${id}/attachments/${added.id}/`, {
        auth: auth.manager,
      });
      expect(removed.status).toBe(200);
      expect(removed.body.attachments).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: added.document })).statusCode).toBe(404);
    });
  });
});
