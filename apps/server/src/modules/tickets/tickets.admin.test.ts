import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRAFTSMAN_LINK_INVALID } from '@hausportal/contract';
import { dialects, multipart, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newProvider, newService, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { NOT_FOUND, call, pngImage } from '../../../test/helpers.js';
import { updateTicket } from './tickets.repository.js';

const kinds = await dialects();
const HOUR = 3_600_000;

describe.each(kinds)('tickets: back office and craftsman (%s)', (kind) => {
  let t: TestApp;
  let park: number;
  let lake: number;
  let anna: TestUser;
  let bernd: TestUser;
  let annaAuth: string;
  let berndAuth: string;
  let manager: string;
  let foreign: string;
  let plumber: number;
  let noMail: number;
  let lakeProvider: number;
  const cat: Record<string, number> = {};

  const report = async (who: string, body: Record<string, unknown>) => {
    const res = await call(t.app, 'POST', '/api/tickets/', {
      auth: who,
      payload: body,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(201);
    return res.body as { id: number; number: string };
  };
  const radiator = (over: Record<string, unknown> = {}) => ({
    category_id: cat.Heizung,
    scope: 'apartment',
    description: 'Heizkörper tropft',
    ...over,
  });
  /** The craftsman's link from the newest assignment mail in the outbox. */
  const linkFromOutbox = async () => {
    const mail = await t.app.ctx.db
      .selectFrom('email_outbox')
      .select(['body_text', 'to_address'])
      .where('kind', '=', 'ticket_assignment')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = /\/auftrag\/([A-Za-z0-9_-]+)/.exec(mail.body_text)![1]!;
    return { token, to: mail.to_address };
  };

  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t, { title: 'Residenz am Park' });
    lake = await newLocation(t, { title: 'Haus am See' });
    anna = await newUser(t, { locationId: park, name: 'Anna Ahorn', email: 'anna@example.org' });
    bernd = await newUser(t, { locationId: park, name: 'Bernd Birke', email: 'bernd@example.org' });
    annaAuth = await signIn(t, anna);
    berndAuth = await signIn(t, bernd);
    manager = await signIn(t, await newUser(t, { role: 'manager', managerOf: [park], name: 'Maria Verwaltung' }));
    foreign = await signIn(t, await newUser(t, { role: 'manager', managerOf: [lake] }));
    const service = await newService(t, park, { title: 'Handwerk' });
    plumber = await newProvider(t, service, park, { name: 'Klempnerei Kühn', email: 'kuehn@example.org' });
    noMail = await newProvider(t, service, park, { name: 'Ohne Mail', email: '' });
    const lakeService = await newService(t, lake, { title: 'See-Handwerk' });
    lakeProvider = await newProvider(t, lakeService, lake, { name: 'See GmbH', email: 'see@example.org' });
    const list = await call(t.app, 'GET', '/api/tickets/categories/', { auth: annaAuth });
    for (const c of list.body.results) cat[c.name] = c.id;
  });
  afterAll(() => t.close());

  it('lists the tickets of the manager’s locations with filters and paging; another manager sees none', async () => {
    const a = await report(annaAuth, radiator());
    const b = await report(berndAuth, {
      category_id: cat.Aufzug,
      scope: 'building',
      place: 'Haus A',
      description: 'Aufzug',
    });
    const list = await call(t.app, 'GET', `/api/admin/tickets/?location_id=${park}&page_size=100`, { auth: manager });
    expect(list.status).toBe(200);
    const ids = list.body.results.map((x: { id: number }) => x.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id)); // oldest first
    expect(list.body.results.find((x: { id: number }) => x.id === a.id)).toMatchObject({
      number: a.number,
      status: 'received',
      category_name: 'Heizung',
      reporter: { id: anna.id, name: 'Anna Ahorn', apartment_number: anna.apartmentNumber },
      affected_count: 1,
      assignee: null,
      stale: false,
      location_title: 'Residenz am Park',
    });
    const byCategory = await call(t.app, 'GET', `/api/admin/tickets/?category_id=${cat.Aufzug}`, { auth: manager });
    expect(byCategory.body.results.map((x: { id: number }) => x.id)).toEqual([b.id]);
    const newest = await call(t.app, 'GET', '/api/admin/tickets/?sort=newest&page_size=1', { auth: manager });
    expect(newest.body.results[0].id).toBe(b.id);
    expect(newest.body.next).toContain('sort=newest');
    const search = await call(t.app, 'GET', `/api/admin/tickets/?search=${encodeURIComponent('Birke')}`, {
      auth: manager,
    });
    expect(search.body.results.map((x: { id: number }) => x.id)).toEqual([b.id]);

    const theirs = await call(t.app, 'GET', '/api/admin/tickets/', { auth: foreign });
    expect(theirs.body.results.map((x: { id: number }) => x.id)).not.toContain(a.id);
    expect((await call(t.app, 'GET', `/api/admin/tickets/${a.id}/`, { auth: foreign })).body).toEqual(NOT_FOUND);
    expect((await call(t.app, 'GET', `/api/admin/tickets/?location_id=${park}`, { auth: foreign })).status).toBe(404);
    for (const [method, url, payload] of [
      ['POST', `/api/admin/tickets/${a.id}/status/`, { status: 'in_progress' }],
      ['POST', `/api/admin/tickets/${a.id}/messages/`, { text: 'x' }],
      ['POST', `/api/admin/tickets/${a.id}/assignment/`, { provider_id: lakeProvider }],
      ['POST', `/api/admin/tickets/${a.id}/merge/`, { into_id: b.id }],
    ] as const)
      expect((await call(t.app, method, url, { auth: foreign, payload })).status, url).toBe(404);
    expect((await call(t.app, 'GET', '/api/admin/tickets/', { auth: annaAuth })).status).toBe(403);
  });

  it('marks tickets without an answer for 48 hours, counts them, and an answer clears the mark', async () => {
    const old = await report(annaAuth, radiator({ description: 'Alt und vergessen' }));
    await updateTicket(t.app.ctx.db, old.id, { created_at: new Date(Date.now() - 50 * HOUR).toISOString() });
    const stale = await call(t.app, 'GET', '/api/admin/tickets/?stale=true&page_size=100', { auth: manager });
    expect(stale.body.results.map((x: { id: number }) => x.id)).toContain(old.id);
    expect(stale.body.results.every((x: { stale: boolean }) => x.stale)).toBe(true);
    const summary = await call(t.app, 'GET', `/api/admin/tickets/summary/?location_id=${park}`, { auth: manager });
    expect(summary.body.stale).toBeGreaterThanOrEqual(1);
    expect(summary.body.received).toBeGreaterThanOrEqual(1);
    // An internal note is no answer to the residents; a message is.
    await call(t.app, 'POST', `/api/admin/tickets/${old.id}/messages/`, {
      auth: manager,
      payload: { text: 'Intern: Angebot einholen', internal: true },
    });
    let line = await call(t.app, 'GET', `/api/admin/tickets/${old.id}/`, { auth: manager });
    expect(line.body.stale).toBe(true);
    await call(t.app, 'POST', `/api/admin/tickets/${old.id}/messages/`, {
      auth: manager,
      payload: { text: 'Wir kümmern uns.' },
    });
    line = await call(t.app, 'GET', `/api/admin/tickets/${old.id}/`, { auth: manager });
    expect(line.body.stale).toBe(false);
  });

  it('keeps internal notes from residents: not in their ticket, the building list, their export or any mail', async () => {
    const hall = await report(annaAuth, {
      category_id: cat.Aufzug,
      scope: 'building',
      place: 'Haus B',
      description: 'Aufzug ruckelt',
    });
    await call(t.app, 'POST', `/api/tickets/${hall.id}/affected/`, { auth: berndAuth });
    const secret = 'GEHEIM Kostenvoranschlag 4.800 €';
    const note = await call(t.app, 'POST', `/api/admin/tickets/${hall.id}/messages/`, {
      auth: manager,
      payload: { text: secret, internal: true },
    });
    expect(note.status).toBe(201);
    expect(note.body.events.at(-1)).toMatchObject({
      kind: 'note',
      internal: true,
      text: secret,
      author_name: 'Maria Verwaltung',
    });
    await call(t.app, 'POST', `/api/admin/tickets/${hall.id}/status/`, {
      auth: manager,
      payload: { status: 'in_progress', message: 'Techniker ist informiert.' },
    });
    for (const auth of [annaAuth, berndAuth]) {
      const seen = await call(t.app, 'GET', `/api/tickets/${hall.id}/`, { auth });
      expect(JSON.stringify(seen.body)).not.toContain('GEHEIM');
      expect(seen.body.events.at(-1)).toMatchObject({ kind: 'status', status: 'in_progress', author: 'management' });
      const exported = await call(t.app, 'GET', '/api/profile/export/', { auth });
      expect(exported.raw.toString('utf8')).not.toContain('GEHEIM');
    }
    const building = await call(t.app, 'GET', '/api/tickets/building/', { auth: berndAuth });
    expect(JSON.stringify(building.body)).not.toContain('GEHEIM');
    const mails = await t.app.ctx.db
      .selectFrom('email_outbox')
      .select(['body_text', 'body_html', 'to_address'])
      .execute();
    expect(mails.some((m) => `${m.body_text}${m.body_html}`.includes('GEHEIM'))).toBe(false);
    // The status change reached the reporter and the follower by mail (their default).
    const news = mails.filter((m) => m.body_text.includes('Techniker ist informiert.')).map((m) => m.to_address);
    expect(news.sort()).toEqual(['anna@example.org', 'bernd@example.org']);
  });

  it('needs a reason to reject, and a closed ticket tells the resident why', async () => {
    const created = await report(annaAuth, radiator());
    const bare = await call(t.app, 'POST', `/api/admin/tickets/${created.id}/status/`, {
      auth: manager,
      payload: { status: 'rejected' },
    });
    expect(bare.status).toBe(400);
    expect(bare.body).toEqual({ message: ['Bitte nennen Sie den Bewohner:innen den Grund der Ablehnung.'] });
    const ok = await call(t.app, 'POST', `/api/admin/tickets/${created.id}/status/`, {
      auth: manager,
      payload: { status: 'rejected', message: 'Das ist Sache des Mieters (Kleinreparatur).' },
    });
    expect(ok.status).toBe(200);
    const seen = await call(t.app, 'GET', `/api/tickets/${created.id}/`, { auth: annaAuth });
    expect(seen.body.status).toBe('rejected');
    expect(seen.body.events.at(-1).text).toBe('Das ist Sache des Mieters (Kleinreparatur).');
  });

  it('hands a ticket to a craftsman whose page needs no account; steps reach the resident; the link ends with the job', async () => {
    const consented = await report(
      annaAuth,
      radiator({ contact_consent: true, contact_phone: '+49 171 555 1234', description: 'Rohr tropft' }),
    );
    const refused = await call(t.app, 'POST', `/api/admin/tickets/${consented.id}/assignment/`, {
      auth: manager,
      payload: { provider_id: noMail },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.provider_id[0]).toMatch(/keine E-Mail-Adresse/);
    const other = await call(t.app, 'POST', `/api/admin/tickets/${consented.id}/assignment/`, {
      auth: manager,
      payload: { provider_id: lakeProvider },
    });
    expect(other.body).toEqual({ provider_id: ['Bitte wählen Sie einen Anbieter dieses Standorts.'] });

    const assigned = await call(t.app, 'POST', `/api/admin/tickets/${consented.id}/assignment/`, {
      auth: manager,
      payload: { provider_id: plumber, message: 'Bitte bis Freitag.' },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({
      status: 'craftsman_assigned',
      assignee: { provider_id: plumber, name: 'Klempnerei Kühn' },
      assignment: { state: 'offered', active: true, provider_name: 'Klempnerei Kühn' },
    });
    const { token, to } = await linkFromOutbox();
    expect(to).toBe('kuehn@example.org');
    const stored = await t.app.ctx.db.selectFrom('ticket_assignments').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token);

    const job = await call(t.app, 'GET', `/api/auftrag/${token}/`);
    expect(job.status).toBe(200);
    expect(job.headers['cache-control']).toBe('no-store');
    expect(job.headers['referrer-policy']).toBe('no-referrer');
    expect(job.body).toMatchObject({
      number: consented.number,
      description: 'Rohr tropft',
      message: 'Bitte bis Freitag.',
      state: 'offered',
      contact: { name: 'Anna Ahorn', apartment_number: anna.apartmentNumber, phone: '+49 171 555 1234' },
    });
    expect((await call(t.app, 'POST', `/api/auftrag/${token}/accept/`)).body.state).toBe('accepted');

    // 10:00 on the day the clocks go forward is 08:00 UTC (CEST).
    const set = await call(t.app, 'POST', `/api/auftrag/${token}/appointment/`, {
      payload: { at: '2027-03-28T10:00' },
    });
    expect(set.status).toBe(200);
    expect(set.body.appointment_at).toBe('2027-03-28T08:00:00.000Z');
    // The hour the clocks skip does not exist; a year typed wrong is refused; both in German.
    for (const [at, message] of [
      [
        '2027-03-28T02:30',
        'Diese Uhrzeit gibt es am 28.03.2027 nicht: Die Uhren werden um 2 Uhr auf 3 Uhr vorgestellt.',
      ],
      ['9999-12-31T23:59', 'Der Termin liegt mehr als zwei Jahre in der Zukunft. Bitte prüfen Sie das Jahr.'],
    ]) {
      const refused = await call(t.app, 'POST', `/api/auftrag/${token}/appointment/`, { payload: { at } });
      expect(refused.status, at).toBe(400);
      expect(refused.body).toEqual({ at: [message] });
    }
    // With an offset the time is that instant: 10:00 UTC is 12:00 in Berlin on that day.
    const utc = await call(t.app, 'POST', `/api/auftrag/${token}/appointment/`, {
      payload: { at: '2027-03-28T10:00:00Z' },
    });
    expect(utc.status).toBe(200);
    expect(utc.body.appointment_at).toBe('2027-03-28T10:00:00.000Z');
    const winter = await call(t.app, 'POST', `/api/auftrag/${token}/appointment/`, {
      payload: { at: '2027-01-01T10:00:00+01:00' },
    });
    expect(winter.body.appointment_at).toBe('2027-01-01T09:00:00.000Z');
    expect(
      (await call(t.app, 'POST', `/api/auftrag/${token}/appointment/`, { payload: { at: '2027-03-28T10:00' } })).body
        .appointment_at,
    ).toBe('2027-03-28T08:00:00.000Z');
    const resident = await call(t.app, 'GET', `/api/tickets/${consented.id}/`, { auth: annaAuth });
    expect(resident.body).toMatchObject({ status: 'appointment_set', appointment_at: '2027-03-28T08:00:00.000Z' });
    expect(resident.body.events.at(-1)).toMatchObject({
      author: 'craftsman',
      text: 'Termin: 28.03.2027, 10:00 Uhr (Klempnerei Kühn)',
    });
    // The craftsman's lines, stored in German, read in the resident's screen language.
    const turkish = await call(t.app, 'GET', `/api/tickets/${consented.id}/`, {
      auth: annaAuth,
      headers: { 'accept-language': 'tr' },
    });
    expect(turkish.body.events.at(-1)).toMatchObject({ text: 'Randevu: 28.03.2027 10:00 (Klempnerei Kühn)' });
    expect(turkish.body.events.map((e: { text: string }) => e.text)).toContain('İş kabul edildi');

    await call(t.app, 'POST', `/api/auftrag/${token}/notes/`, { payload: { text: 'Ersatzteil bestellt, 120 €' } });
    const photo = multipart({}, { field: 'photo', filename: 'fertig.png', type: 'image/png', data: await pngImage() });
    const withPhoto = await call(t.app, 'POST', `/api/auftrag/${token}/photos/`, photo);
    expect(withPhoto.status).toBe(201);
    const residentNow = await call(t.app, 'GET', `/api/tickets/${consented.id}/`, { auth: annaAuth });
    expect(JSON.stringify(residentNow.body)).not.toContain('Ersatzteil');
    expect(residentNow.body.photos).toHaveLength(1);

    // Before the agreed appointment 'erledigt' asks first.
    const tooEarly = await call(t.app, 'POST', `/api/auftrag/${token}/done/`, {
      payload: { text: 'Dichtung getauscht.' },
    });
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body).toEqual({
      detail:
        'Der vereinbarte Termin ist erst am 28.03.2027, 10:00 Uhr. Bitte bestätigen Sie, dass der Auftrag schon erledigt ist.',
    });
    const done = await call(t.app, 'POST', `/api/auftrag/${token}/done/`, {
      payload: { text: 'Dichtung getauscht.', early: true },
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'reported_done', state: 'done', read_only: true });
    // The status step, then the craftsman's words as a note for the management (the residents read the status only).
    expect(done.body.events.slice(-2)).toMatchObject([
      { kind: 'status', status: 'reported_done', text: '' },
      { kind: 'note', text: 'Dichtung getauscht.' },
    ]);
    // 'Als erledigt gemeldet' waits for the manager: not closed, nothing to rate yet.
    const after = await call(t.app, 'GET', `/api/tickets/${consented.id}/`, { auth: annaAuth });
    expect(after.body.status).toBe('reported_done');
    expect(after.body.reopen_until).toBeNull();
    // The craftsman can still read the job for the invoice, but take no more steps.
    const readable = await call(t.app, 'GET', `/api/auftrag/${token}/`);
    expect(readable.status).toBe(200);
    expect(readable.body).toMatchObject({ number: consented.number, read_only: true });
    expect(Date.parse(readable.body.readable_until) - Date.now()).toBeGreaterThan(29 * 24 * HOUR);
    const noMore = await call(t.app, 'POST', `/api/auftrag/${token}/notes/`, { payload: { text: 'noch was' } });
    expect(noMore.status).toBe(409);
    expect(noMore.body).toEqual({ detail: 'Dieser Auftrag ist bereits abgeschlossen.' });
    const accepted = await call(t.app, 'POST', `/api/admin/tickets/${consented.id}/acceptance/`, {
      auth: manager,
      payload: { decision: 'accept' },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'done', reported_done_at: null });
    const closedForResident = await call(t.app, 'GET', `/api/tickets/${consented.id}/`, { auth: annaAuth });
    expect(closedForResident.body.status).toBe('done');
    expect(closedForResident.body.reopen_until).not.toBeNull();
    expect((await call(t.app, 'GET', `/api/auftrag/${token}/`)).body).toMatchObject({
      status: 'done',
      read_only: true,
    });

    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'ticket')
      .where('entity_id', '=', consented.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'ticket_assigned',
        'ticket_job_accepted',
        'ticket_job_appointment',
        'ticket_job_note',
        'ticket_job_photo',
        'ticket_job_done',
      ]),
    );
  });

  it('shows no contact without consent, and a revoked or reassigned link stops working at once', async () => {
    const created = await report(annaAuth, radiator({ contact_consent: false, contact_phone: '0171 1' }));
    await call(t.app, 'POST', `/api/admin/tickets/${created.id}/assignment/`, {
      auth: manager,
      payload: { provider_id: plumber },
    });
    const first = (await linkFromOutbox()).token;
    expect((await call(t.app, 'GET', `/api/auftrag/${first}/`)).body.contact).toBeNull();
    await call(t.app, 'POST', `/api/admin/tickets/${created.id}/assignment/`, {
      auth: manager,
      payload: { provider_id: plumber },
    });
    const second = (await linkFromOutbox()).token;
    expect((await call(t.app, 'GET', `/api/auftrag/${first}/`)).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/auftrag/${second}/`)).status).toBe(200);
    const revoked = await call(t.app, 'DELETE', `/api/admin/tickets/${created.id}/assignment/`, { auth: manager });
    expect(revoked.body).toMatchObject({
      status: 'in_progress',
      assignee: null,
      assignment: { state: 'revoked', active: false },
    });
    const dead = await call(t.app, 'GET', `/api/auftrag/${second}/`);
    expect(dead.status).toBe(404);
    expect(dead.body).toEqual({ detail: CRAFTSMAN_LINK_INVALID });
    expect((await call(t.app, 'POST', `/api/auftrag/${second}/done/`, { payload: {} })).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/auftrag/nonsense/')).status).toBe(404);
  });

  it('merges a duplicate: its reporter follows the other ticket and reads where it went', async () => {
    const first = await report(annaAuth, {
      category_id: cat.Aufzug,
      scope: 'building',
      place: 'Haus C',
      description: 'Aufzug steht',
    });
    const dup = await report(berndAuth, {
      category_id: cat.Aufzug,
      scope: 'building',
      place: 'Haus C',
      description: 'Aufzug kaputt',
    });
    const merged = await call(t.app, 'POST', `/api/admin/tickets/${dup.id}/merge/`, {
      auth: manager,
      payload: { into_id: first.id },
    });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ id: first.id, affected_count: 2 });
    const berndsView = await call(t.app, 'GET', `/api/tickets/${dup.id}/`, { auth: berndAuth });
    expect(berndsView.body).toMatchObject({ status: 'rejected', merged_into_id: first.id });
    const followed = await call(t.app, 'GET', `/api/tickets/${first.id}/`, { auth: berndAuth });
    expect(followed.body.relation).toBe('follower');
    const self = await call(t.app, 'POST', `/api/admin/tickets/${first.id}/merge/`, {
      auth: manager,
      payload: { into_id: first.id },
    });
    expect(self.status).toBe(400);
  });

  it('opens a ticket for a resident who phoned; it is theirs, numbered and receipted', async () => {
    const res = await call(t.app, 'POST', '/api/admin/tickets/', {
      auth: manager,
      payload: {
        resident_id: bernd.id,
        category_id: cat.Elektrik,
        scope: 'apartment',
        description: 'Licht im Flur flackert (telefonisch)',
        source: 'phone',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ source: 'phone', reporter: { id: bernd.id } });
    const his = await call(t.app, 'GET', '/api/tickets/', { auth: berndAuth });
    expect(his.body.results.map((x: { id: number }) => x.id)).toContain(res.body.id);
    const receipt = await t.app.ctx.db
      .selectFrom('email_outbox')
      .select('subject')
      .where('kind', '=', 'ticket_receipt')
      .where('to_address', '=', 'bernd@example.org')
      .execute();
    expect(receipt.map((r) => r.subject)).toContain(`Eingangsbestätigung Ihrer Schadensmeldung ${res.body.number}`);
    const stranger = await newUser(t, { locationId: lake });
    const foreignResident = await call(t.app, 'POST', '/api/admin/tickets/', {
      auth: manager,
      payload: { resident_id: stranger.id, category_id: cat.Elektrik, scope: 'apartment', description: 'x' },
    });
    expect(foreignResident.status).toBe(400);
  });

  it('lets managers add, rename and archive categories; archived ones are no longer offered', async () => {
    const created = await call(t.app, 'POST', '/api/admin/ticket-categories/', {
      auth: manager,
      payload: { location_id: park, name: 'Tiefgarage', emergency: false },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Tiefgarage', location_id: park, archived: false, ticket_count: 0 });
    const renamed = await call(t.app, 'PUT', `/api/admin/ticket-categories/${created.body.id}/`, {
      auth: manager,
      payload: { location_id: park, name: 'Tiefgarage & Stellplätze', emergency: false, archived: false },
    });
    expect(renamed.body.name).toBe('Tiefgarage & Stellplätze');
    let offered = await call(t.app, 'GET', '/api/tickets/categories/', { auth: annaAuth });
    expect(offered.body.results.map((c: { name: string }) => c.name)).toContain('Tiefgarage & Stellplätze');
    await call(t.app, 'PUT', `/api/admin/ticket-categories/${created.body.id}/`, {
      auth: manager,
      payload: { location_id: park, name: 'Tiefgarage & Stellplätze', emergency: false, archived: true },
    });
    offered = await call(t.app, 'GET', '/api/tickets/categories/', { auth: annaAuth });
    expect(offered.body.results.map((c: { name: string }) => c.name)).not.toContain('Tiefgarage & Stellplätze');
    const report2 = await call(t.app, 'POST', '/api/tickets/', {
      auth: annaAuth,
      headers: { 'idempotency-key': randomUUID() },
      payload: { category_id: created.body.id, scope: 'apartment', description: 'x' },
    });
    expect(report2.status).toBe(400);
    const theirs = await call(t.app, 'PUT', `/api/admin/ticket-categories/${created.body.id}/`, {
      auth: foreign,
      payload: { location_id: park, name: 'x', emergency: false, archived: false },
    });
    expect(theirs.status).toBe(404);
  });

  it('counts the figures of a period and exports its tickets as CSV for a spreadsheet', async () => {
    const location = await newLocation(t, { title: 'Auswertungshaus' });
    const boss = await signIn(t, await newUser(t, { role: 'manager', managerOf: [location] }));
    const resident = await newUser(t, { locationId: location });
    const neighbour = await newUser(t, { locationId: location });
    const residentAuth = await signIn(t, resident);
    const cats = await call(t.app, 'GET', '/api/tickets/categories/', { auth: residentAuth });
    const id = (name: string) => cats.body.results.find((c: { name: string }) => c.name === name).id;
    const base = Date.parse('2026-06-01T08:00:00Z');
    // A category name a spreadsheet would run as a formula.
    const formula = await call(t.app, 'POST', '/api/admin/ticket-categories/', {
      auth: boss,
      payload: { location_id: location, name: '=HYPERLINK("x")', emergency: false },
    });
    const a = await report(residentAuth, {
      category_id: id('Heizung'),
      scope: 'building',
      place: 'Keller; "Tür 2"',
      description: 'a',
    });
    const b = await report(residentAuth, { category_id: id('Heizung'), scope: 'apartment', description: 'b' });
    const c = await report(residentAuth, { category_id: formula.body.id, scope: 'apartment', description: 'c' });
    await call(t.app, 'POST', `/api/tickets/${a.id}/affected/`, { auth: await signIn(t, neighbour) });
    const at = (h: number) => new Date(base + h * HOUR).toISOString();
    // First reactions after 2.5 and 3.5 hours: a median of 3, and decimals for the CSV.
    await updateTicket(t.app.ctx.db, a.id, {
      created_at: at(0),
      first_response_at: at(2.5),
      status: 'done',
      done_at: at(24),
      rating: 5,
    });
    await updateTicket(t.app.ctx.db, b.id, {
      created_at: at(1),
      first_response_at: at(4.5),
      status: 'done',
      done_at: at(49),
      rating: 3,
    });
    await updateTicket(t.app.ctx.db, c.id, { created_at: at(2) });

    const stats = await call(
      t.app,
      'GET',
      `/api/admin/tickets/stats/?location_id=${location}&from=2026-06-01&to=2026-06-30`,
      {
        auth: boss,
      },
    );
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({
      from: '2026-06-01',
      to: '2026-06-30',
      tickets: 3,
      by_category: [
        { category: 'Heizung', tickets: 2 },
        { category: '=HYPERLINK("x")', tickets: 1 },
      ],
      median_first_response_hours: 3,
      median_done_hours: 36,
      average_rating: 4,
      ratings: 2,
      reports_per_ticket: 1.33,
      avoided_reports: 1,
    });
    const none = await call(
      t.app,
      'GET',
      `/api/admin/tickets/stats/?location_id=${location}&from=2026-07-01&to=2026-07-31`,
      {
        auth: boss,
      },
    );
    expect(none.body).toMatchObject({ tickets: 0, median_first_response_hours: null, reports_per_ticket: null });
    expect((await call(t.app, 'GET', '/api/admin/tickets/stats/?from=2026-13-01', { auth: boss })).status).toBe(400);

    const csv = await call(
      t.app,
      'GET',
      `/api/admin/tickets/stats.csv?location_id=${location}&from=2026-06-01&to=2026-06-30`,
      {
        auth: boss,
      },
    );
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = csv.raw.toString('utf8');
    expect(text.startsWith('\uFEFFNummer;Eingegangen;Kategorie')).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    // Dates as German Excel reads them (date first, Berlin time), hours with a decimal comma.
    expect(lines[1]).toContain(`${a.number};01.06.2026 10:00;Heizung;`);
    expect(lines[2]).toContain(`${b.number};01.06.2026 11:00;Heizung;`);
    expect(lines[2]).toMatch(/;Erledigt;3,5;48;3;1;$/);
    // Separators and quotes are quoted; a cell a spreadsheet would run as a formula is not run.
    expect(lines[1]).toContain(`;"Im Haus / Gemeinschaftsfläche: Keller; ""Tür 2""";`);
    expect(lines[1]).toMatch(/;Erledigt;2,5;24;5;2;$/);
    expect(lines[3]).toContain(`;"'=HYPERLINK(""x"")";`);
  });
});
