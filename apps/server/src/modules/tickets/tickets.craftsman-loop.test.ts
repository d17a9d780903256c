import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newProvider, newService, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { call } from '../../../test/helpers.js';
import { acceptDueTickets } from './tickets.admin.actions.js';

const kinds = await dialects();
const DAY = 86_400_000;

// The craftsman loop a manager can trust: where to go, 'Als erledigt gemeldet' that the manager
// accepts or sends back (or the location accepts after N days), the link readable for the invoice,
// and the picker that knows the trades.
describe.each(kinds)('the craftsman loop (%s)', (kind) => {
  let t: TestApp;
  let park: number;
  let other: number;
  let anna: TestUser;
  let annaAuth: string;
  let manager: string;
  let plumber: number;
  const cat: Record<string, number> = {};

  const db = () => t.app.ctx.db;
  const report = async () => {
    const res = await call(t.app, 'POST', '/api/tickets/', {
      auth: annaAuth,
      payload: { category_id: cat.Heizung, scope: 'apartment', description: 'Heizkörper tropft' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(201);
    return res.body as { id: number; number: string };
  };
  const newestAssignmentMail = () =>
    db()
      .selectFrom('email_outbox')
      .select(['body_text', 'to_address', 'subject'])
      .where('kind', '=', 'ticket_assignment')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  /** A ticket handed to the plumber; returns it with the craftsman's token. */
  const assigned = async () => {
    const ticket = await report();
    const res = await call(t.app, 'POST', `/api/admin/tickets/${ticket.id}/assignment/`, {
      auth: manager,
      payload: { provider_id: plumber },
    });
    expect(res.status).toBe(200);
    const token = /\/auftrag\/([A-Za-z0-9_-]+)/.exec((await newestAssignmentMail()).body_text)![1]!;
    return { ...ticket, token };
  };
  /** How many notification mails went to Anna (the reporter) so far. */
  const mailsToAnna = async () =>
    (
      await db()
        .selectFrom('email_outbox')
        .select('id')
        .where('kind', '=', 'notification')
        .where('to_address', '=', 'anna@example.org')
        .execute()
    ).length;

  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t, { title: 'Residenz am Park' });
    other = await newLocation(t, { title: 'Haus am See' });
    anna = await newUser(t, { locationId: park, name: 'Anna Ahorn', email: 'anna@example.org' });
    annaAuth = await signIn(t, anna);
    manager = await signIn(t, await newUser(t, { role: 'manager', managerOf: [park] }));
    const service = await newService(t, park, { title: 'Handwerk' });
    plumber = await newProvider(t, service, park, { name: 'Klempnerei Kühn', email: 'kuehn@example.org' });
    const list = await call(t.app, 'GET', '/api/tickets/categories/', { auth: annaAuth });
    for (const c of list.body.results) cat[c.name] = c.id;
  });
  afterAll(() => t.close());

  it('gives a location and its buildings a postal address and an access note; bad ones are a German 400', async () => {
    const put = (payload: Record<string, unknown>) =>
      call(t.app, 'PUT', `/api/admin/locations/${park}/`, {
        auth: manager,
        payload: { title: 'Residenz am Park', ...payload },
      });
    const saved = await put({
      street: 'Parkstraße 5',
      postal_code: '10115',
      city: 'Berlin',
      access_note: 'Schlüssel beim Hausmeister, Tel. 0171 2345678',
      auto_accept_days: 7,
      buildings: [
        { name: 'Haus B', street: 'Parkstraße 7', postal_code: '10115', city: 'Berlin', access_note: 'Tor-Code 4711' },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      street: 'Parkstraße 5',
      postal_code: '10115',
      city: 'Berlin',
      auto_accept_days: 7,
      buildings: [{ name: 'Haus B', street: 'Parkstraße 7', access_note: 'Tor-Code 4711' }],
    });
    expect((await put({ postal_code: '1011' })).body).toEqual({
      postal_code: ['Bitte eine Postleitzahl mit fünf Ziffern angeben.'],
    });
    expect((await put({ auto_accept_days: 0 })).body).toEqual({
      auto_accept_days: ['Bitte eine ganze Zahl von 1 bis 90 Tagen, oder leer lassen.'],
    });
    const foreign = await db()
      .insertInto('location_buildings')
      .values({ location_id: other, name: 'Fremd', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await put({ buildings: [{ id: foreign.id, name: 'Übernommen' }] })).body).toEqual({
      buildings: ['Dieses Gebäude gehört nicht zu diesem Standort.'],
    });
  });

  it('sends the craftsman to the building’s address, with the access note and a map link, on the page and in the mail', async () => {
    const job = await assigned();
    const mail = await newestAssignmentMail();
    expect(mail.body_text).toContain(
      'Adresse: Parkstraße 5, 10115 Berlin (Karte: https://www.openstreetmap.org/search?query=Parkstra%C3%9Fe%205%2C%2010115%20Berlin)',
    );
    expect(mail.body_text).toContain('Zugang: Schlüssel beim Hausmeister, Tel. 0171 2345678');
    const building = (await call(t.app, 'GET', `/api/admin/locations/${park}/`, { auth: manager })).body.buildings[0];
    const named = await call(t.app, 'POST', `/api/admin/tickets/${job.id}/building/`, {
      auth: manager,
      payload: { building_id: building.id },
    });
    expect(named.status).toBe(200);
    expect(named.body.building_id).toBe(building.id);
    const page = await call(t.app, 'GET', `/api/auftrag/${job.token}/`);
    expect(page.body).toMatchObject({
      location_title: 'Residenz am Park',
      building: 'Haus B',
      location_address: 'Parkstraße 7, 10115 Berlin',
      access_note: 'Tor-Code 4711',
      map_url: 'https://www.openstreetmap.org/search?query=Parkstra%C3%9Fe%207%2C%2010115%20Berlin',
      read_only: false,
      readable_until: null,
    });
    const foreign = await db()
      .selectFrom('location_buildings')
      .select('id')
      .where('location_id', '=', other)
      .executeTakeFirstOrThrow();
    const refused = await call(t.app, 'POST', `/api/admin/tickets/${job.id}/building/`, {
      auth: manager,
      payload: { building_id: foreign.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ building_id: ['Dieses Gebäude gehört nicht zum Standort der Meldung.'] });
  });

  it('sends an “erledigt” back with a reason: the link works again, the craftsman reads why, the residents hear nothing', async () => {
    const job = await assigned();
    const mailsBefore = await mailsToAnna();
    const reported = await call(t.app, 'POST', `/api/auftrag/${job.token}/done/`, { payload: { text: 'Erledigt.' } });
    expect(reported.body).toMatchObject({ status: 'reported_done', read_only: true });
    const returned = await call(t.app, 'POST', `/api/admin/tickets/${job.id}/acceptance/`, {
      auth: manager,
      payload: { decision: 'return', reason: 'Der Heizkörper tropft noch.' },
    });
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({ status: 'craftsman_assigned', reported_done_at: null });
    const again = await call(t.app, 'GET', `/api/auftrag/${job.token}/`);
    expect(again.body).toMatchObject({ status: 'craftsman_assigned', state: 'accepted', read_only: false });
    expect(again.body.events.at(-1)).toMatchObject({ kind: 'returned', text: 'Der Heizkörper tropft noch.' });
    const mail = await newestAssignmentMail();
    expect(mail).toMatchObject({
      to_address: 'kuehn@example.org',
      subject: `Auftrag ${job.number}: Erledigt-Meldung zurückgegeben`,
    });
    expect(mail.body_text).toContain('Begründung: Der Heizkörper tropft noch.');
    const resident = await call(t.app, 'GET', `/api/tickets/${job.id}/`, { auth: annaAuth });
    expect(JSON.stringify(resident.body.events)).not.toContain('tropft noch');
    expect(await mailsToAnna()).toBe(mailsBefore);
    // Deciding twice, or on a ticket that waits for nothing, is a 409.
    const twice = await call(t.app, 'POST', `/api/admin/tickets/${job.id}/acceptance/`, {
      auth: manager,
      payload: { decision: 'accept' },
    });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ detail: 'Diese Meldung wartet nicht auf eine Abnahme.' });
    const noReason = await call(t.app, 'POST', `/api/admin/tickets/${job.id}/acceptance/`, {
      auth: manager,
      payload: { decision: 'return' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toHaveProperty('reason');
  });

  it('keeps what the craftsman writes with “erledigt” or “ablehnen” from the residents: the management and the audit read it', async () => {
    const job = await assigned();
    const done = await call(t.app, 'POST', `/api/auftrag/${job.token}/done/`, {
      payload: { text: 'Ventil getauscht, Rechnung folgt.' },
    });
    expect(done.status).toBe(200);
    expect(done.body.events.at(-1)).toMatchObject({ kind: 'note', text: 'Ventil getauscht, Rechnung folgt.' });
    const resident = await call(t.app, 'GET', `/api/tickets/${job.id}/`, { auth: annaAuth });
    expect(resident.status).toBe(200);
    expect(JSON.stringify(resident.body)).not.toContain('Ventil getauscht');
    expect(resident.body.events.at(-1)).toMatchObject({ kind: 'status', status: 'reported_done', text: '' });
    const admin = await call(t.app, 'GET', `/api/admin/tickets/${job.id}/`, { auth: manager });
    expect(admin.body.events.slice(-2)).toMatchObject([
      { kind: 'status', status: 'reported_done', author: 'craftsman', text: '' },
      { kind: 'note', author: 'craftsman', internal: true, text: 'Ventil getauscht, Rechnung folgt.' },
    ]);
    const audit = await db()
      .selectFrom('audit_log')
      .select('after')
      .where('entity_id', '=', job.id)
      .where('action', '=', 'ticket_job_done')
      .executeTakeFirstOrThrow();
    expect(String(audit.after)).toContain('Ventil getauscht, Rechnung folgt.');
    // A ticket whose craftsman's words were stored on the status step before: the residents read the status only.
    await db()
      .updateTable('ticket_events')
      .set({ text: 'Alter Text des Handwerkers' })
      .where('ticket_id', '=', job.id)
      .where('status', '=', 'reported_done')
      .execute();
    const old = await call(t.app, 'GET', `/api/tickets/${job.id}/`, { auth: annaAuth });
    expect(JSON.stringify(old.body)).not.toContain('Alter Text');
    // Turning a job down: the reason reaches the management, never the residents.
    const declined = await assigned();
    const no = await call(t.app, 'POST', `/api/auftrag/${declined.token}/decline/`, {
      payload: { reason: 'Keine Zeit vor Weihnachten.' },
    });
    expect(no.status).toBe(200);
    const residentView = await call(t.app, 'GET', `/api/tickets/${declined.id}/`, { auth: annaAuth });
    expect(JSON.stringify(residentView.body)).not.toContain('Keine Zeit');
    const adminView = await call(t.app, 'GET', `/api/admin/tickets/${declined.id}/`, { auth: manager });
    expect(JSON.stringify(adminView.body.events)).toContain('Keine Zeit vor Weihnachten.');
  });

  it('accepts by itself after the location’s days, once, and the residents hear it is done', async () => {
    const job = await assigned();
    await call(t.app, 'POST', `/api/auftrag/${job.token}/done/`, { payload: { text: 'Fertig.' } });
    expect(await acceptDueTickets(t.app.ctx)).toBe(0);
    await db()
      .updateTable('tickets')
      .set({ reported_done_at: new Date(Date.now() - 8 * DAY).toISOString() })
      .where('id', '=', job.id)
      .execute();
    expect(await Promise.all([acceptDueTickets(t.app.ctx), acceptDueTickets(t.app.ctx)])).toEqual(
      expect.arrayContaining([0]),
    );
    const resident = await call(t.app, 'GET', `/api/tickets/${job.id}/`, { auth: annaAuth });
    expect(resident.body.status).toBe('done');
    expect(resident.body.events.at(-1)).toMatchObject({ status: 'done', text: 'Automatisch abgenommen.' });
    const accepted = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'ticket')
      .where('entity_id', '=', job.id)
      .where('action', '=', 'ticket_accepted')
      .execute();
    expect(accepted).toHaveLength(1);
  });

  it('keeps the craftsman’s page readable 30 days after “erledigt”, then ends it', async () => {
    const job = await assigned();
    await call(t.app, 'POST', `/api/auftrag/${job.token}/done/`, { payload: { text: 'Fertig.' } });
    expect((await call(t.app, 'GET', `/api/auftrag/${job.token}/`)).status).toBe(200);
    await db()
      .updateTable('ticket_assignments')
      .set({ done_at: new Date(Date.now() - 31 * DAY).toISOString() })
      .where('ticket_id', '=', job.id)
      .execute();
    expect((await call(t.app, 'GET', `/api/auftrag/${job.token}/`)).status).toBe(404);
  });

  it('gives a provider its trades among the location’s categories; another location’s category is refused', async () => {
    const res = await call(t.app, 'PUT', `/api/admin/providers/${plumber}/`, {
      auth: manager,
      payload: {
        service_id: (await call(t.app, 'GET', `/api/admin/providers/${plumber}/`, { auth: manager })).body.service_id,
        location_id: park,
        name: 'Klempnerei Kühn',
        email: 'kuehn@example.org',
        category_ids: [cat.Heizung, cat['Wasser & Sanitär']],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.category_ids.sort()).toEqual([cat.Heizung, cat['Wasser & Sanitär']].sort());
    const otherCategory = await db()
      .selectFrom('ticket_categories')
      .select('id')
      .where('location_id', '=', other)
      .executeTakeFirstOrThrow();
    const refused = await call(t.app, 'PUT', `/api/admin/providers/${plumber}/`, {
      auth: manager,
      payload: {
        service_id: res.body.service_id,
        location_id: park,
        name: 'Klempnerei Kühn',
        category_ids: [otherCategory.id],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ category_ids: ['Diese Kategorie gibt es an diesem Standort nicht.'] });
    const listed = await call(t.app, 'GET', `/api/admin/providers/?location_id=${park}`, { auth: manager });
    expect(listed.body.results.find((p: { id: number }) => p.id === plumber).category_ids).toHaveLength(2);
  });
});
