import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, login, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newProvider, newService, newUser, signIn } from '../../../test/factories.js';
import { FORBIDDEN, NOT_FOUND, call, expectDrfError, expectPage } from '../../../test/helpers.js';
import { parseMail } from '../../../test/mail.js';
import { startSmtp } from '../../../test/smtp.js';
import { REDACTED_BODY, type MailKind } from '../../outbox/mail-outbox.js';
import { HIDDEN_SECRET_BODY } from './emails.presenter.js';

const kinds = await dialects();

describe.each(kinds)('mail in the back office (%s)', (kind) => {
  let t: TestApp;
  let park: number;
  let see: number;
  let manager: string; // park only
  let admin: string;
  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t);
    see = await newLocation(t);
    [manager, admin] = await Promise.all([
      newUser(t, { role: 'manager', managerOf: [park] }).then((u) => signIn(t, u)),
      newUser(t, { role: 'admin' }).then((u) => signIn(t, u)),
    ]);
  });
  afterAll(() => t.close());

  const get = (auth: string, url: string) => call(t.app, 'GET', url, { auth });
  const retry = (auth: string, id: number) => call(t.app, 'POST', `/api/admin/emails/${id}/retry/`, { auth });
  /** Queues a mail (it stays pending: the test app has no SMTP server). */
  const queue = (
    locationId: number | null,
    opts: { kind?: MailKind; secret?: boolean; text?: string; to?: string } = {},
  ) =>
    t.app.ctx.outbox.enqueue(
      { to: opts.to ?? 'empfang@example.org', subject: 'Betreff', text: opts.text ?? 'Hallo' },
      { locationId, kind: opts.kind ?? 'provider_request', secret: opts.secret },
    );
  const fail = (id: number) =>
    t.app.ctx.db
      .updateTable('email_outbox')
      .set({ status: 'failed', attempts: 7, last_error: '550 Postfach unbekannt' })
      .where('id', '=', id)
      .execute();
  const ids = (body: { results: { id: number }[] }) => body.results.map((m) => m.id);

  it('lists a manager the mail of their locations, newest first, without bodies', async () => {
    const older = await queue(park, { kind: 'reset', secret: true });
    const newer = await queue(park);
    const foreign = await queue(see);
    const staff = await queue(null);
    const res = await get(manager, '/api/admin/emails/?page_size=100');
    expect(res.status).toBe(200);
    const listed = ids(res.body);
    expect(listed.indexOf(newer)).toBeLessThan(listed.indexOf(older));
    expect(listed).not.toContain(foreign);
    expect(listed).not.toContain(staff);
    expect(res.body.results.find((m: { id: number }) => m.id === older)).toEqual({
      id: older,
      to_address: 'empfang@example.org',
      subject: 'Betreff',
      kind: 'reset',
      status: 'pending',
      attempts: 0,
      last_error: null,
      created_at: expect.any(String),
      sent_at: null,
      location_id: park,
    });
  });

  it('shows an admin every mail, also staff mail without a location, and filters by location and status', async () => {
    const staff = await queue(null);
    const foreign = await queue(see);
    await fail(foreign);
    expect(ids((await get(admin, '/api/admin/emails/?page_size=100')).body)).toEqual(
      expect.arrayContaining([staff, foreign]),
    );
    const bySee = await get(admin, `/api/admin/emails/?location_id=${see}&status=failed`);
    expect(ids(bySee.body)).toContain(foreign);
    expect(
      bySee.body.results.every(
        (m: { location_id: number; status: string }) => m.location_id === see && m.status === 'failed',
      ),
    ).toBe(true);
    const pending = await get(manager, '/api/admin/emails/?status=pending&page_size=100');
    expect(pending.body.results.every((m: { status: string }) => m.status === 'pending')).toBe(true);
  });

  it('answers 404 to a manager for a location filter or a mail outside their locations', async () => {
    const foreign = await queue(see);
    const staff = await queue(null);
    expect((await get(manager, `/api/admin/emails/?location_id=${see}`)).status).toBe(404);
    for (const id of [foreign, staff, 999_999]) {
      const res = await get(manager, `/api/admin/emails/${id}/`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    expect((await get(admin, `/api/admin/emails/${staff}/`)).status).toBe(200);
  });

  it('never shows the body of a mail with a secret link, not even while it waits', async () => {
    const secret = await queue(park, {
      kind: 'invitation',
      secret: true,
      text: 'Ihr Link: https://x/forgot-password/GEHEIM',
    });
    const plain = await queue(park, { text: 'Eine Anfrage ohne Geheimnis' });
    const shown = await get(manager, `/api/admin/emails/${secret}/`);
    expect(shown.status).toBe(200);
    // While it waits, it does not claim to have been removed after sending.
    expect(shown.body).toMatchObject({ id: secret, status: 'pending', body_text: HIDDEN_SECRET_BODY });
    expect(shown.raw.toString()).not.toContain('GEHEIM');
    expect(shown.raw.toString()).not.toContain('Nach dem Versand entfernt');
    expect((await get(admin, `/api/admin/emails/${secret}/`)).body.body_text).toBe(HIDDEN_SECRET_BODY);
    expect((await get(manager, `/api/admin/emails/${plain}/`)).body.body_text).toBe('Eine Anfrage ohne Geheimnis');
  });

  it('puts a failed mail back in the queue, audited, and refuses mail that has not failed', async () => {
    const id = await queue(park);
    const notFailed = await retry(manager, id);
    expect(notFailed.status).toBe(400);
    expect(notFailed.body).toEqual({
      non_field_errors: ['Nur fehlgeschlagene E-Mails können erneut gesendet werden.'],
    });
    await fail(id);
    const res = await retry(manager, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'pending', attempts: 0 });
    const entry = await t.app.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'email_retried')
      .where('entity_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ entity: 'email', location_id: park });
    expect(JSON.parse(entry.before!)).toMatchObject({ status: 'failed' });
    expect(JSON.parse(entry.after!)).toMatchObject({ status: 'pending' });
  });

  it('does not let a manager retry mail of another location', async () => {
    const id = await queue(see);
    await fail(id);
    const res = await retry(manager, id);
    expect(res.status).toBe(404);
    const row = await t.app.ctx.db
      .selectFrom('email_outbox')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
  });

  it('answers 403 to residents and receptionists and 400 to hostile queries', async () => {
    for (const role of ['resident', 'receptionist'] as const) {
      const auth = await signIn(t, await newUser(t, { role, locationId: park }));
      for (const url of ['/api/admin/emails/', '/api/admin/emails/1/']) {
        const res = await get(auth, url);
        expect(res.status, `${role} ${url}`).toBe(403);
        expect(res.body).toEqual(FORBIDDEN);
      }
      expect((await retry(auth, 1)).status).toBe(403);
    }
    for (const q of ['status=verloren', 'location_id=abc', 'page_size=1000', 'page=0']) {
      const res = await get(manager, `/api/admin/emails/?${q}`);
      expect(res.status, q).toBe(400);
      expectDrfError(res.body);
    }
    expect((await get(manager, '/api/admin/emails/%F0%9F%98%80/')).status).toBe(400);
  });

  it('shows residents’ own reset requests and provider requests with their kind and location', async () => {
    const resident = await newUser(t, { locationId: park, email: `selbst-${park}@example.org` });
    const auth = await signIn(t, resident);
    const provider = await newProvider(t, await newService(t, park), park, {
      email: `anbieter-${park}@example.org`,
      allowFormContact: true,
    });
    expect(
      (await call(t.app, 'POST', `/api/providers/${provider}/request/`, { auth, payload: { text: 'Bitte kommen' } }))
        .status,
    ).toBe(201);
    await call(t.app, 'POST', '/api/password_reset/', { payload: { apartment_number: resident.apartmentNumber } });
    const listed = (await get(manager, '/api/admin/emails/?page_size=100')).body.results;
    expect(listed.find((m: { to_address: string }) => m.to_address === `anbieter-${park}@example.org`)).toMatchObject({
      kind: 'provider_request',
      location_id: park,
    });
    expect(listed.find((m: { to_address: string }) => m.to_address === resident.email)).toMatchObject({
      kind: 'reset',
      location_id: park,
    });
  });

  it('pages with page_size and keeps it in the links', async () => {
    const loc = await newLocation(t);
    const auth = await signIn(t, await newUser(t, { role: 'manager', managerOf: [loc] }));
    for (let i = 0; i < 3; i++) await queue(loc);
    const res = await get(auth, '/api/admin/emails/?page_size=2');
    expectPage(res.body, 3, 2);
    expect(res.body.next).toBe('/api/admin/emails/?page=2&page_size=2');
  });
});

describe.each(kinds)('an invitation over real SMTP (%s)', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startApp(kind, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the link, keeps only a redacted body, and the link sets the first password', async () => {
    const park = await newLocation(t);
    const manager = await signIn(t, await newUser(t, { role: 'manager', managerOf: [park] }));
    const created = await call(t.app, 'POST', '/api/admin/residents/', {
      auth: manager,
      payload: {
        location_id: park,
        name: 'Paula Post',
        apartment_number: 'P-0001',
        email: 'paula@example.org',
        send_invitation: true,
      },
    });
    expect(created.status).toBe(201);
    const inbox = () => smtp.received.find((m) => m.to.includes('paula@example.org'));
    for (let i = 0; i < 100 && !inbox(); i++) await new Promise((r) => setTimeout(r, 50));
    expect(inbox()).toBeDefined();
    const { text, html } = await parseMail(inbox()!.raw);
    expect(html).toContain('Passwort festlegen');
    const token = /willkommen\/([A-Za-z0-9_-]+)/.exec(text)![1]!;

    let stored = await t.app.ctx.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', 'paula@example.org')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 100 && stored.status !== 'sent'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      stored = await t.app.ctx.db
        .selectFrom('email_outbox')
        .selectAll()
        .where('id', '=', stored.id)
        .executeTakeFirstOrThrow();
    }
    expect(stored).toMatchObject({ status: 'sent', kind: 'invitation', location_id: park, body_text: REDACTED_BODY });
    const detail = await call(t.app, 'GET', `/api/admin/emails/${stored.id}/`, { auth: manager });
    expect(detail.body).toMatchObject({ status: 'sent', body_text: REDACTED_BODY });

    const confirm = await call(t.app, 'POST', '/api/password_reset/confirm/', {
      payload: { token, password: 'Post-Passwort1', repeat_password: 'Post-Passwort1' },
    });
    expect(confirm.status).toBe(200);
    const auth = await login(t.app, 'P-0001', 'Post-Passwort1');
    expect((await call(t.app, 'GET', '/api/profile/', { auth })).body.name).toBe('Paula Post');
  });
});
