import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TICKET_CATEGORIES } from '@hausportal/contract';
import { dialects, multipart, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { NOT_FOUND, call, jpegWithExif, pdfText, pngImage } from '../../../test/helpers.js';
import { parseMail } from '../../../test/mail.js';
import { startSmtp } from '../../../test/smtp.js';
import { updateTicket } from './tickets.repository.js';

const kinds = await dialects();
const DAY = 24 * 3600 * 1000;

describe.each(kinds)('tickets: residents (%s)', (kind) => {
  let t: TestApp;
  let park: number;
  let other: number;
  let anna: TestUser;
  let bernd: TestUser;
  let clara: TestUser;
  let rezi: TestUser;
  let stranger: TestUser;
  const auth: Record<string, string> = {};
  const categories: Record<string, number> = {};

  /** Reports as `who` (JSON), with a fresh idempotency key unless one is given. */
  const report = (who: string, body: Record<string, unknown>, key: string = randomUUID()) =>
    call(t.app, 'POST', '/api/tickets/', { auth: auth[who], payload: body, headers: { 'idempotency-key': key } });

  const radiator = () => ({
    category_id: categories.Heizung,
    scope: 'apartment',
    description: 'Der Heizkörper im Bad tropft seit gestern.',
    contact_consent: true,
    contact_phone: '+49 30 1234567',
  });
  const elevator = (place = 'Aufzug Haus A') => ({
    category_id: categories.Aufzug,
    scope: 'building',
    place,
    description: 'Der Aufzug bleibt zwischen den Etagen stehen.',
  });

  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t, { title: 'Residenz am Park' });
    other = await newLocation(t, { title: 'Haus am See' });
    anna = await newUser(t, { locationId: park, name: 'Anna Ahorn' });
    bernd = await newUser(t, { locationId: park, name: 'Bernd Birke' });
    clara = await newUser(t, { locationId: park, name: 'Clara Celle' });
    rezi = await newUser(t, { locationId: park, role: 'receptionist', name: 'Rita Rezeption' });
    stranger = await newUser(t, { locationId: other, name: 'Sven See' });
    for (const [key, user] of Object.entries({ anna, bernd, clara, rezi, stranger })) auth[key] = await signIn(t, user);
    const list = await call(t.app, 'GET', '/api/tickets/categories/', { auth: auth.anna });
    for (const c of list.body.results) categories[c.name] = c.id;
  });
  afterAll(() => t.close());

  it('offers the ten default categories of the location, the three with emergencies marked', async () => {
    const res = await call(t.app, 'GET', '/api/tickets/categories/', { auth: auth.anna });
    expect(res.status).toBe(200);
    expect(res.body.results.map((c: { name: string }) => c.name)).toEqual(DEFAULT_TICKET_CATEGORIES.map((c) => c.name));
    expect(
      res.body.results.filter((c: { emergency: boolean }) => c.emergency).map((c: { name: string }) => c.name),
    ).toEqual(['Heizung', 'Wasser & Sanitär', 'Elektrik']);
    const theirs = await call(t.app, 'GET', '/api/tickets/categories/', { auth: auth.stranger });
    expect(theirs.body.results.map((c: { id: number }) => c.id)).not.toContain(categories.Heizung);
  });

  it('numbers a report per year, stamps the server time and shows it to the reporter', async () => {
    const before = Date.now();
    const res = await report('anna', radiator());
    expect(res.status).toBe(201);
    expect(res.body.number).toMatch(new RegExp(`^${new Date().getFullYear()}-\\d{6}$`));
    expect(Date.parse(res.body.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(res.body).toMatchObject({
      status: 'received',
      relation: 'reporter',
      scope: 'apartment',
      category: { name: 'Heizung', emergency: true },
      description: 'Der Heizkörper im Bad tropft seit gestern.',
      contact_consent: true,
      affected_count: 1,
      rating: null,
      reopen_until: null,
    });
    expect(res.body.events).toEqual([expect.objectContaining({ kind: 'created', author: 'you' })]);
    const next = await report('bernd', elevator('Keller'));
    const seq = (n: string) => Number(n.split('-')[1]);
    expect(seq(next.body.number)).toBe(seq(res.body.number) + 1);
    const list = await call(t.app, 'GET', '/api/tickets/', { auth: auth.anna });
    expect(list.body.results.map((x: { id: number }) => x.id)).toContain(res.body.id);
  });

  it('takes up to five photos with the report, re-encodes them without location data and at most 2560 px', async () => {
    const big = await sharp({ create: { width: 3200, height: 1800, channels: 3, background: '#405060' } })
      .jpeg()
      .toBuffer();
    const form = multipart(
      {
        category_id: String(categories['Wasser & Sanitär']),
        scope: 'apartment',
        description: 'Wasserfleck an der Decke',
        contact_consent: 'true',
      },
      [
        { field: 'photos', filename: 'decke.jpg', type: 'image/jpeg', data: big },
        { field: 'photos', filename: 'exif.jpg', type: 'image/jpeg', data: await jpegWithExif() },
      ],
    );
    const res = await call(t.app, 'POST', '/api/tickets/', {
      auth: auth.anna,
      payload: form.payload,
      headers: { ...form.headers, 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(201);
    expect(res.body.photos).toHaveLength(2);
    expect(res.body.photos.every((p: { original: boolean }) => p.original)).toBe(true);
    const stored = await t.app.ctx.db
      .selectFrom('ticket_photos')
      .select('file_key')
      .where('ticket_id', '=', res.body.id)
      .orderBy('id')
      .execute();
    const first = await sharp((await t.app.ctx.storage.read(stored[0]!.file_key))!).metadata();
    expect(Math.max(first.width!, first.height!)).toBe(2560);
    const second = await sharp((await t.app.ctx.storage.read(stored[1]!.file_key))!).metadata();
    expect(second.exif).toBeUndefined();
    // The photo is served only through its signed URL.
    expect((await call(t.app, 'GET', res.body.photos[0].url)).status).toBe(200);
  });

  it('refuses more than five photos, a file that only claims to be a photo, and a missing place in the building', async () => {
    const png = await pngImage();
    const six = multipart(
      { category_id: String(categories.Heizung), scope: 'apartment', description: 'x' },
      Array.from({ length: 6 }, (_, i) => ({ field: 'photos', filename: `${i}.png`, type: 'image/png', data: png })),
    );
    const tooMany = await call(t.app, 'POST', '/api/tickets/', {
      auth: auth.anna,
      payload: six.payload,
      headers: { ...six.headers, 'idempotency-key': randomUUID() },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ photos: ['Pro Meldung sind höchstens 5 Fotos erlaubt.'] });

    const liar = multipart(
      { category_id: String(categories.Heizung), scope: 'apartment', description: 'x' },
      { field: 'photos', filename: 'foto.jpg', type: 'image/jpeg', data: Buffer.from('#!/bin/sh\necho hallo\n') },
    );
    const refused = await call(t.app, 'POST', '/api/tickets/', {
      auth: auth.anna,
      payload: liar.payload,
      headers: { ...liar.headers, 'idempotency-key': randomUUID() },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.photos[0]).toMatch(/nicht unterstütztes Format/);

    const noPlace = await report('anna', elevator(''));
    expect(noPlace.status).toBe(400);
    expect(noPlace.body).toEqual({ place: ['Bitte beschreiben Sie, wo im Haus der Schaden ist.'] });
    const foreign = await report('anna', { ...radiator(), category_id: 999_999 });
    expect(foreign.body).toEqual({ category_id: ['Bitte wählen Sie eine Kategorie dieses Standorts.'] });
    const blank = await report('anna', { ...radiator(), description: '   ' });
    expect(blank.body).toEqual({ description: ['Eingabe ist zwingend'] });
    const nul = await report('anna', { ...radiator(), description: 'a\u0000b' });
    expect(nul.status).toBe(400);
  });

  it('needs an idempotency key, and creates exactly one ticket from ten parallel submits with the same key', async () => {
    const missing = await call(t.app, 'POST', '/api/tickets/', { auth: auth.clara, payload: radiator() });
    expect(missing.status).toBe(400);
    expect(missing.body.non_field_errors[0]).toMatch(/Idempotency-Key/);

    const key = randomUUID();
    const png = await pngImage(400, 300);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => {
        const form = multipart(
          { category_id: String(categories.Elektrik), scope: 'apartment', description: 'Steckdose funkt' },
          { field: 'photos', filename: 'dose.png', type: 'image/png', data: png },
        );
        return call(t.app, 'POST', '/api/tickets/', {
          auth: auth.clara,
          payload: form.payload,
          headers: { ...form.headers, 'idempotency-key': key },
        });
      }),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
    const rows = await t.app.ctx.db.selectFrom('tickets').select('id').where('idempotency_key', '=', key).execute();
    expect(rows).toHaveLength(1);
    const photos = await t.app.ctx.db
      .selectFrom('ticket_photos')
      .select('id')
      .where('ticket_id', '=', rows[0]!.id)
      .execute();
    expect(photos).toHaveLength(1);

    const other = await report('clara', { ...radiator(), description: 'etwas anderes' }, key);
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ detail: 'Dieser Idempotency-Key gehört zu einer anderen Meldung.' });
  });

  it('keeps tickets to their location and reporter: a neighbour or another building gets 404', async () => {
    const own = await report('anna', radiator());
    for (const who of ['bernd', 'stranger']) {
      const res = await call(t.app, 'GET', `/api/tickets/${own.body.id}/`, { auth: auth[who] });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
      expect((await call(t.app, 'GET', `/api/tickets/${own.body.id}/receipt.pdf`, { auth: auth[who] })).status).toBe(
        404,
      );
    }
    expect((await call(t.app, 'GET', '/api/tickets/')).status).toBe(401);
  });

  it('shows open building-wide tickets to the neighbours without any name, and lets them follow one', async () => {
    const ticket = await report('anna', elevator('Aufzug Haus B'));
    const seen = await call(t.app, 'GET', `/api/tickets/building/?category_id=${categories.Aufzug}`, {
      auth: auth.bernd,
    });
    expect(seen.status).toBe(200);
    const item = seen.body.results.find((x: { id: number }) => x.id === ticket.body.id);
    expect(item).toMatchObject({ place: 'Aufzug Haus B', affected_count: 1, affected: false, status: 'received' });
    expect(JSON.stringify(seen.body)).not.toMatch(/Anna|Ahorn|Bernd|Birke/);
    // Another building does not see it.
    const there = await call(t.app, 'GET', '/api/tickets/building/', { auth: auth.stranger });
    expect(there.body.results.map((x: { id: number }) => x.id)).not.toContain(ticket.body.id);

    const joined = await call(t.app, 'POST', `/api/tickets/${ticket.body.id}/affected/`, { auth: auth.bernd });
    expect(joined.body).toEqual({ id: ticket.body.id, affected_count: 2, affected: true });
    const again = await call(t.app, 'POST', `/api/tickets/${ticket.body.id}/affected/`, { auth: auth.bernd });
    expect(again.body.affected_count).toBe(2);
    await call(t.app, 'POST', `/api/tickets/${ticket.body.id}/affected/`, { auth: auth.clara });

    const asFollower = await call(t.app, 'GET', `/api/tickets/${ticket.body.id}/`, { auth: auth.bernd });
    expect(asFollower.body).toMatchObject({ relation: 'follower', affected_count: 3, contact_consent: false });
    expect(JSON.stringify(asFollower.body)).not.toMatch(/Anna|Ahorn|Clara|Celle/);
    const mine = await call(t.app, 'GET', '/api/tickets/', { auth: auth.bernd });
    expect(mine.body.results.find((x: { id: number }) => x.id === ticket.body.id)).toMatchObject({
      relation: 'follower',
    });

    // Messages name nobody: the follower reads 'resident', the writer 'you'.
    const wrote = await call(t.app, 'POST', `/api/tickets/${ticket.body.id}/messages/`, {
      auth: auth.anna,
      payload: { text: 'Heute wieder steckengeblieben.' },
    });
    expect(wrote.status).toBe(201);
    expect(wrote.body.events.at(-1)).toMatchObject({ kind: 'message', author: 'you' });
    const read = await call(t.app, 'GET', `/api/tickets/${ticket.body.id}/`, { auth: auth.bernd });
    expect(read.body.events.at(-1)).toMatchObject({
      kind: 'message',
      author: 'resident',
      text: 'Heute wieder steckengeblieben.',
    });

    const left = await call(t.app, 'DELETE', `/api/tickets/${ticket.body.id}/affected/`, { auth: auth.bernd });
    expect(left.body).toEqual({ id: ticket.body.id, affected_count: 2, affected: false });
    expect((await call(t.app, 'GET', `/api/tickets/${ticket.body.id}/`, { auth: auth.bernd })).status).toBe(404);
    const reporterLeaves = await call(t.app, 'DELETE', `/api/tickets/${ticket.body.id}/affected/`, { auth: auth.anna });
    expect(reporterLeaves.status).toBe(400);
    // A ticket in a flat cannot be followed.
    const flat = await report('anna', radiator());
    expect((await call(t.app, 'POST', `/api/tickets/${flat.body.id}/affected/`, { auth: auth.bernd })).status).toBe(
      404,
    );
  });

  it('issues a receipt PDF with the number, the time in Berlin, the text and the fingerprint', async () => {
    const created = await report('anna', { ...radiator(), description: 'Heizkörper tropft: Größe Ø 2 cm' });
    const res = await call(t.app, 'GET', `/api/tickets/${created.body.id}/receipt.pdf`, { auth: auth.anna });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.raw);
    expect(text).toContain('Eingangsbestätigung');
    expect(text).toContain(created.body.number);
    const berlin = new Intl.DateTimeFormat('de-DE', {
      timeZone: 'Europe/Berlin',
      hour: '2-digit',
      minute: '2-digit',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).formatToParts(new Date(created.body.created_at));
    const part = (type: string) => berlin.find((p) => p.type === type)!.value;
    expect(text).toContain(`${part('day')}.${part('month')}.${part('year')}, ${part('hour')}:${part('minute')}`);
    expect(text).toContain('Heizkörper tropft: Größe Ø 2 cm');
    expect(text).toContain('Anna Ahorn');
    const row = await t.app.ctx.db
      .selectFrom('tickets')
      .select('receipt_sha256')
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(row.receipt_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(text.replace(/\s/g, '')).toContain(row.receipt_sha256);
  });

  it('lets the receptionist report for a resident at the desk, and nobody else', async () => {
    const desk = await report('rezi', { ...radiator(), for_apartment: clara.apartmentNumber });
    expect(desk.status).toBe(201);
    const row = await t.app.ctx.db
      .selectFrom('tickets')
      .select(['reporter_id', 'created_by', 'source'])
      .where('id', '=', desk.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ reporter_id: clara.id, created_by: rezi.id, source: 'desk' });
    const hers = await call(t.app, 'GET', '/api/tickets/', { auth: auth.clara });
    expect(hers.body.results.map((x: { id: number }) => x.id)).toContain(desk.body.id);
    // The receptionist reads it as the one who took it, without the resident's receipt or consent.
    const taken = await call(t.app, 'GET', `/api/tickets/${desk.body.id}/`, { auth: auth.rezi });
    expect(taken.body).toMatchObject({ relation: 'desk', contact_consent: false, reopen_until: null });
    expect((await call(t.app, 'GET', `/api/tickets/${desk.body.id}/receipt.pdf`, { auth: auth.rezi })).status).toBe(
      404,
    );
    expect((await report('anna', { ...radiator(), for_apartment: clara.apartmentNumber })).status).toBe(403);
    const unknown = await report('rezi', { ...radiator(), for_apartment: stranger.apartmentNumber });
    expect(unknown.body).toEqual({ for_apartment: ['Diese Wohnungsnummer gibt es an Ihrem Standort nicht.'] });
  });

  it('lets the reporter rate or reopen a repair within 14 days of Erledigt, and not before or after', async () => {
    const created = await report('anna', radiator());
    const id = created.body.id;
    const early = await call(t.app, 'POST', `/api/tickets/${id}/rating/`, { auth: auth.anna, payload: { stars: 5 } });
    expect(early.status).toBe(400);
    await updateTicket(t.app.ctx.db, id, { status: 'done', done_at: new Date(Date.now() - DAY).toISOString() });
    const rated = await call(t.app, 'POST', `/api/tickets/${id}/rating/`, {
      auth: auth.anna,
      payload: { stars: 4, text: 'Schnell und sauber.' },
    });
    expect(rated.status).toBe(200);
    expect(rated.body.rating).toEqual({ stars: 4, text: 'Schnell und sauber.' });
    expect(Date.parse(rated.body.reopen_until)).toBeGreaterThan(Date.now() + 12 * DAY);
    const badStars = await call(t.app, 'POST', `/api/tickets/${id}/rating/`, {
      auth: auth.anna,
      payload: { stars: 6 },
    });
    expect(badStars.status).toBe(400);

    const reopened = await call(t.app, 'POST', `/api/tickets/${id}/reopen/`, {
      auth: auth.anna,
      payload: { text: 'Es tropft wieder.' },
    });
    expect(reopened.status).toBe(200);
    expect(reopened.body.status).toBe('received');
    expect(reopened.body.events.slice(-2)).toEqual([
      expect.objectContaining({ kind: 'reopened', text: 'Es tropft wieder.', author: 'you' }),
      expect.objectContaining({ kind: 'status', status: 'received' }),
    ]);

    await updateTicket(t.app.ctx.db, id, { status: 'done', done_at: new Date(Date.now() - 15 * DAY).toISOString() });
    const late = await call(t.app, 'POST', `/api/tickets/${id}/reopen/`, {
      auth: auth.anna,
      payload: { text: 'Noch mal' },
    });
    expect(late.status).toBe(400);
    expect(late.body.non_field_errors[0]).toMatch(/14 Tage/);
  });

  it('takes photos added later from the reporter, not after the ticket is closed', async () => {
    const created = await report('anna', radiator());
    const form = multipart({}, { field: 'photo', filename: 'nachher.png', type: 'image/png', data: await pngImage() });
    const added = await call(t.app, 'POST', `/api/tickets/${created.body.id}/photos/`, {
      auth: auth.anna,
      ...form,
    });
    expect(added.status).toBe(201);
    expect(added.body.photos).toEqual([expect.objectContaining({ original: false })]);
    expect(added.body.events.at(-1)).toMatchObject({ kind: 'photo', author: 'you' });
    await updateTicket(t.app.ctx.db, created.body.id, { status: 'rejected' });
    const closed = multipart({}, { field: 'photo', filename: 'n.png', type: 'image/png', data: await pngImage() });
    const refused = await call(t.app, 'POST', `/api/tickets/${created.body.id}/photos/`, {
      auth: auth.anna,
      ...closed,
    });
    expect(refused.status).toBe(400);
  });
});

describe.each(kinds)('tickets: receipt mail, data export and erasure (%s)', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let park: number;
  let anna: TestUser;
  let bernd: TestUser;
  let annaAuth: string;
  let berndAuth: string;
  let heating: number;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startApp(kind, { SMTP_URL: smtp.url, MAIL_FROM: 'hausportal@example.org' });
    park = await newLocation(t, { title: 'Residenz am Park' });
    anna = await newUser(t, { locationId: park, name: 'Anna Ahorn', email: 'anna@example.org' });
    bernd = await newUser(t, { locationId: park, name: 'Bernd Birke' });
    annaAuth = await signIn(t, anna);
    berndAuth = await signIn(t, bernd);
    const list = await call(t.app, 'GET', '/api/tickets/categories/', { auth: annaAuth });
    heating = list.body.results.find((c: { name: string }) => c.name === 'Heizung').id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails the receipt to the reporter over SMTP, the PDF attached with the number', async () => {
    const form = multipart(
      { category_id: String(heating), scope: 'apartment', description: 'Heizung kalt', contact_consent: 'false' },
      { field: 'photos', filename: 'h.png', type: 'image/png', data: await pngImage(300, 200) },
    );
    const res = await call(t.app, 'POST', '/api/tickets/', {
      auth: annaAuth,
      payload: form.payload,
      headers: { ...form.headers, 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(201);
    await expect
      .poll(() => smtp.received.filter((m) => m.to.includes('anna@example.org')).length, { timeout: 10_000 })
      .toBe(1);
    const mail = await parseMail(smtp.received.find((m) => m.to.includes('anna@example.org'))!.raw);
    expect(mail.subject).toBe(`Eingangsbestätigung Ihrer Schadensmeldung ${res.body.number}`);
    expect(mail.text).toContain(`/tickets/${res.body.id}`);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({
      filename: `Eingangsbestaetigung-${res.body.number}.pdf`,
      contentType: 'application/pdf',
    });
    const text = await pdfText(mail.attachments[0]!.content);
    expect(text).toContain(res.body.number);
    expect(text).toContain('Fotos (1)');
    // Once sent, the outbox keeps no copy of the file.
    await expect
      .poll(async () => {
        const row = await t.app.ctx.db
          .selectFrom('email_outbox')
          .select(['status', 'attachments'])
          .where('kind', '=', 'ticket_receipt')
          .executeTakeFirstOrThrow();
        return row;
      })
      .toEqual({ status: 'sent', attachments: null });
  });

  it('puts reported and followed tickets into the data export, and erasure keeps the ticket without the person', async () => {
    const flat = await call(t.app, 'POST', '/api/tickets/', {
      auth: berndAuth,
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        category_id: heating,
        scope: 'apartment',
        description: 'Thermostat defekt',
        contact_consent: true,
        contact_phone: '0171 2345678',
      },
    });
    const form = multipart({}, { field: 'photo', filename: 'p.png', type: 'image/png', data: await pngImage() });
    await call(t.app, 'POST', `/api/tickets/${flat.body.id}/photos/`, { auth: berndAuth, ...form });
    const hall = await call(t.app, 'POST', '/api/tickets/', {
      auth: annaAuth,
      headers: { 'idempotency-key': randomUUID() },
      payload: { category_id: heating, scope: 'building', place: 'Flur 2. OG', description: 'Heizkörper kalt' },
    });
    await call(t.app, 'POST', `/api/tickets/${hall.body.id}/affected/`, { auth: berndAuth });

    const exported = await call(t.app, 'GET', '/api/profile/export/', { auth: berndAuth });
    expect(exported.status).toBe(200);
    const data = JSON.parse(exported.raw.toString('utf8'));
    expect(data.tickets.reported).toEqual([
      expect.objectContaining({ number: flat.body.number, contact_phone: '0171 2345678', contact_consent: true }),
    ]);
    expect(data.tickets.followed).toEqual([expect.objectContaining({ number: hall.body.number })]);
    expect(data.tickets.photos).toEqual([expect.objectContaining({ number: flat.body.number })]);

    const manager = await newUser(t, { role: 'manager', managerOf: [park] });
    const erased = await call(t.app, 'POST', `/api/admin/residents/${bernd.id}/erasure/`, {
      auth: await signIn(t, manager),
      payload: { content: 'anonymize' },
    });
    expect(erased.status).toBe(200);
    const row = await t.app.ctx.db
      .selectFrom('tickets')
      .select(['contact_phone', 'contact_consent', 'description'])
      .where('id', '=', flat.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ contact_phone: '', contact_consent: 0, description: 'Thermostat defekt' });
    const photos = await t.app.ctx.db
      .selectFrom('ticket_photos')
      .select('id')
      .where('ticket_id', '=', flat.body.id)
      .execute();
    expect(photos).toEqual([]);
    const following = await t.app.ctx.db
      .selectFrom('ticket_followers')
      .select('user_id')
      .where('user_id', '=', bernd.id)
      .execute();
    expect(following).toEqual([]);
  });
});
