import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { FORBIDDEN, NOT_FOUND, call } from '../../../test/helpers.js';
import { parseMail } from '../../../test/mail.js';
import { startSmtp } from '../../../test/smtp.js';
import { berlinDayEnd, berlinDayStart, remindWaitingParcels } from './parcels.actions.js';

const kinds = await dialects();
const DAY = 86_400_000;

describe.each(kinds)('parcels (%s)', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let park: number;
  let other: number;
  let anna: TestUser;
  let bernd: TestUser;
  let rezi: TestUser;
  let sven: TestUser;
  let seeRezi: TestUser;
  const auth: Record<string, string> = {};

  const log = (who: string, body: Record<string, unknown>, key: string = randomUUID()) =>
    call(t.app, 'POST', '/api/reception/parcels/', {
      auth: auth[who],
      payload: body,
      headers: { 'idempotency-key': key },
    });
  const handover = (who: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/reception/parcels/handover/', { auth: auth[who], payload: body });
  const age = (id: number, days: number) =>
    t.app.ctx.db
      .updateTable('parcels')
      .set({ logged_at: new Date(Date.now() - days * DAY).toISOString() })
      .where('id', '=', id)
      .execute();

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startApp(kind, { SMTP_URL: smtp.url, MAIL_FROM: 'hausportal@example.org' });
    park = await newLocation(t, { title: 'Residenz am Park' });
    other = await newLocation(t, { title: 'Haus am See' });
    anna = await newUser(t, {
      locationId: park,
      apartmentNumber: 'P-0101',
      name: 'Anna Ahorn',
      email: 'anna@example.org',
    });
    bernd = await newUser(t, { locationId: park, apartmentNumber: 'P-0102', name: 'Bernd Birke' });
    rezi = await newUser(t, {
      locationId: park,
      role: 'receptionist',
      apartmentNumber: 'P-REZ',
      name: 'Rita Rezeption',
    });
    sven = await newUser(t, { locationId: other, apartmentNumber: 'S-0101', name: 'Sven See' });
    seeRezi = await newUser(t, { locationId: other, role: 'receptionist', apartmentNumber: 'S-REZ', name: 'Sara See' });
    for (const [key, user] of Object.entries({ anna, bernd, rezi, sven, seeRezi })) auth[key] = await signIn(t, user);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('logs a parcel once per Idempotency-Key, records who logged it, and refuses bad input in German', async () => {
    const key = randomUUID();
    const first = await log('rezi', { apartment: 'p-0102', carrier: 'DHL', storage_place: 'Regal B' }, key);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      apartment_number: 'P-0102',
      carrier: 'DHL',
      pieces: 1,
      storage_place: 'Regal B',
      status: 'open',
      logged_by: 'Rita Rezeption',
      handed_over_at: null,
    });
    const again = await log('rezi', { apartment: 'p-0102', carrier: 'DHL', storage_place: 'Regal B' }, key);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const clash = await log('rezi', { apartment: 'P-0102', carrier: 'UPS' }, key);
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ detail: 'Dieser Idempotency-Key gehört zu einem anderen Paket.' });

    const noKey = await call(t.app, 'POST', '/api/reception/parcels/', {
      auth: auth.rezi,
      payload: { apartment: 'P-0102', carrier: 'DHL' },
    });
    expect(noKey.status).toBe(400);
    expect(noKey.body.non_field_errors[0]).toMatch(/Idempotency-Key/);
    const bad = await log('rezi', { apartment: 'P-0102', carrier: 'FedEx', pieces: 51 });
    expect(bad.status).toBe(400);
    expect(bad.body.carrier[0]).toMatch(/^Bitte wählen Sie einen Paketdienst/);
    expect(bad.body.pieces).toEqual(['Bitte geben Sie 1 bis 50 Stück an.']);
    // An apartment of another location does not exist for this desk.
    const elsewhere = await log('rezi', { apartment: 'S-0101', carrier: 'DHL' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toEqual({ apartment: ['Diese Wohnung gibt es an Ihrem Standort nicht.'] });
  });

  it('lets only receptionists work the desk', async () => {
    expect((await log('anna', { apartment: 'P-0102', carrier: 'DHL' })).body).toEqual(FORBIDDEN);
    const list = await call(t.app, 'GET', '/api/reception/parcels/', { auth: auth.anna });
    expect(list.status).toBe(403);
    const manager = await newUser(t, { role: 'manager', managerOf: [park] });
    const res = await call(t.app, 'GET', '/api/reception/parcels/', { auth: await signIn(t, manager) });
    expect(res.status).toBe(403);
  });

  it('offers the apartments of the own location in the type-ahead, with their open parcels', async () => {
    const res = await call(t.app, 'GET', '/api/reception/apartments/?q=01', { auth: auth.rezi });
    expect(res.status).toBe(200);
    const numbers = res.body.results.map((a: { apartment_number: string }) => a.apartment_number);
    expect(numbers).toContain('P-0101');
    expect(numbers).not.toContain('S-0101');
    expect(numbers).not.toContain('P-REZ');
    const theirs = await call(t.app, 'GET', '/api/reception/apartments/?q=01', { auth: auth.seeRezi });
    expect(theirs.body.results.map((a: { apartment_number: string }) => a.apartment_number)).toEqual(['S-0101']);
  });

  it("names the apartment's residents in the type-ahead for the reception, finds them by name, and never answers residents", async () => {
    // A flatmate who has not activated the account yet hears of no parcel, so the desk does not name her.
    const clara = await newUser(t, { locationId: park, apartmentNumber: 'P-0101c', name: 'Clara Inaktiv' });
    await t.app.ctx.db
      .updateTable('users')
      .set({ apartment_number: 'P-0101', is_active: 0 })
      .where('id', '=', clara.id)
      .execute();
    const typeahead = (who: string, q: string) =>
      call(t.app, 'GET', `/api/reception/apartments/?q=${encodeURIComponent(q)}`, { auth: auth[who] });
    const byNumber = await typeahead('rezi', '0101');
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.results).toEqual([{ apartment_number: 'P-0101', open_parcels: 0, residents: ['Anna Ahorn'] }]);
    // By part of a name, case ignored.
    const byName = await typeahead('rezi', 'BIRK');
    expect(byName.body.results).toEqual([
      { apartment_number: 'P-0102', open_parcels: expect.any(Number), residents: ['Bernd Birke'] },
    ]);
    expect((await typeahead('rezi', 'inaktiv')).body.results).toEqual([]);
    expect((await typeahead('rezi', 'Ahörn')).body.results).toEqual([]);
    // Another location's desk finds no one here; residents and managers are refused.
    expect((await typeahead('seeRezi', 'Ahorn')).body.results).toEqual([]);
    expect((await typeahead('anna', 'Birke')).status).toBe(403);
    const manager = await signIn(t, await newUser(t, { role: 'manager', managerOf: [park] }));
    expect((await call(t.app, 'GET', '/api/reception/apartments/?q=Birke', { auth: manager })).status).toBe(403);
  });

  it('keeps an optional tracking number for the desk, written large without spaces, and never shows it to residents', async () => {
    const key = randomUUID();
    const res = await log('rezi', { apartment: 'P-0102', carrier: 'DHL', tracking_number: ' jjd 0001 2345 678 ' }, key);
    expect(res.status).toBe(201);
    expect(res.body.tracking_number).toBe('JJD00012345678');
    // The same key with another tracking number is another parcel.
    const other = await log('rezi', { apartment: 'P-0102', carrier: 'DHL', tracking_number: 'JJD99' }, key);
    expect(other.status).toBe(409);
    const without = await log('rezi', { apartment: 'P-0102', carrier: 'UPS' });
    expect(without.body.tracking_number).toBe('');
    for (const bad of ['1Z', 'JJD 0001/2345', 'x'.repeat(41)]) {
      const refused = await log('rezi', { apartment: 'P-0102', carrier: 'DHL', tracking_number: bad });
      expect(refused.status, bad).toBe(400);
      expect(refused.body).toEqual({
        tracking_number: ['Die Sendungsnummer hat 5 bis 40 Buchstaben, Ziffern oder Bindestriche.'],
      });
    }
    const desk = await call(t.app, 'GET', '/api/reception/parcels/?status=open&apartment=P-0102', { auth: auth.rezi });
    expect(desk.body.results.find((p: { id: number }) => p.id === res.body.id).tracking_number).toBe('JJD00012345678');
    const mine = await call(t.app, 'GET', '/api/parcels/', { auth: auth.bernd });
    expect(mine.body.open.find((p: { id: number }) => p.id === res.body.id)).toBeDefined();
    expect(JSON.stringify(mine.body)).not.toContain('JJD');
    await handover('rezi', { apartment: 'P-0102', note: 'Test: übergeben', ids: [res.body.id, without.body.id] });
  });

  it('gives the apartment one random 4-digit code for all open parcels, mails the residents, and hands over with it', async () => {
    const one = await log('rezi', { apartment: 'P-0101', carrier: 'Hermes', pieces: 2, storage_place: 'Regal A' });
    const two = await log('rezi', { apartment: 'P-0101', carrier: 'Amazon' });
    expect([one.status, two.status]).toEqual([201, 201]);

    const mine = await call(t.app, 'GET', '/api/parcels/', { auth: auth.anna });
    expect(mine.status).toBe(200);
    expect(mine.body.pickup_code).toMatch(/^\d{4}$/);
    expect(mine.body.open.map((p: { id: number }) => p.id).sort()).toEqual([one.body.id, two.body.id].sort());
    // Residents see neither the storage place nor staff names.
    expect(mine.body.open[0]).not.toHaveProperty('storage_place');
    expect(mine.body.open[0]).not.toHaveProperty('logged_by');
    const code: string = mine.body.pickup_code;
    // Bernd sees his own parcel and code, never Anna's.
    const his = await call(t.app, 'GET', '/api/parcels/', { auth: auth.bernd });
    expect(his.body.open.map((p: { id: number }) => p.id)).not.toContain(one.body.id);
    // Sven, at another location, sees nothing.
    expect((await call(t.app, 'GET', '/api/parcels/', { auth: auth.sven })).body).toEqual({
      pickup_code: null,
      open: [],
      recent: [],
    });

    await expect
      .poll(() => smtp.received.filter((m) => m.to.includes('anna@example.org')).length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    const mail = await parseMail(smtp.received.find((m) => m.to.includes('anna@example.org'))!.raw);
    expect(mail.subject).toBe('Paket an der Rezeption');
    expect(mail.text).toContain('Hermes, 2 Stück');

    // The desk finds them by code and by apartment, and not at the other location.
    const byCode = await call(t.app, 'GET', `/api/reception/parcels/?status=open&code=${code}`, { auth: auth.rezi });
    expect(byCode.body.count).toBe(2);
    const byApartment = await call(t.app, 'GET', '/api/reception/parcels/?status=open&apartment=P-0101', {
      auth: auth.rezi,
    });
    expect(byApartment.body.results.map((p: { id: number }) => p.id)).toEqual([one.body.id, two.body.id]);
    const seeDesk = await call(t.app, 'GET', '/api/reception/parcels/?apartment=P-0101', { auth: auth.seeRezi });
    expect(seeDesk.body.count).toBe(0);
    expect((await handover('seeRezi', { apartment: 'P-0101', code })).body).toEqual({
      apartment: ['Diese Wohnung gibt es an Ihrem Standort nicht.'],
    });

    const wrong = await handover('rezi', { apartment: 'P-0101', code: code === '0000' ? '0001' : '0000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: ['Der Abholcode passt nicht zu dieser Wohnung.'] });
    const short = await handover('rezi', { apartment: 'P-0101', code: '12' });
    expect(short.body).toEqual({ code: ['Der Abholcode hat 4 Ziffern.'] });
    const neither = await handover('rezi', { apartment: 'P-0101' });
    expect(neither.status).toBe(400);
    expect(neither.body.code[0]).toMatch(/^Bitte geben Sie den Abholcode ein/);

    const done = await handover('rezi', { apartment: 'P-0101', code });
    expect(done.status).toBe(200);
    expect(done.body.handed_over).toHaveLength(2);
    expect(done.body.handed_over[0]).toMatchObject({ status: 'handed_over', handed_over_by: 'Rita Rezeption' });
    const after = await call(t.app, 'GET', '/api/parcels/', { auth: auth.anna });
    expect(after.body.pickup_code).toBeNull();
    expect(after.body.open).toEqual([]);
    expect(after.body.recent).toHaveLength(2);
    expect((await handover('rezi', { apartment: 'P-0101', code })).body).toEqual({
      apartment: ['Für diese Wohnung liegen keine offenen Pakete vor.'],
    });
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'parcel')
      .where('user_id', '=', rezi.id)
      .execute();
    expect(audit.map((a) => a.action)).toContain('parcel_handed_over');
  });

  it('hands over selected parcels with a note, and 404s for ids not open at this apartment', async () => {
    const a = await log('rezi', { apartment: 'P-0102', carrier: 'GLS' });
    const foreign = await log('seeRezi', { apartment: 'S-0101', carrier: 'GLS' });
    const outside = await handover('rezi', { apartment: 'P-0102', note: 'an Nachbarin', ids: [foreign.body.id] });
    expect(outside.status).toBe(404);
    expect(outside.body).toEqual(NOT_FOUND);
    const res = await handover('rezi', {
      apartment: 'P-0102',
      note: 'an Nachbarin P-0101 übergeben',
      ids: [a.body.id],
    });
    expect(res.status).toBe(200);
    expect(res.body.handed_over).toEqual([
      expect.objectContaining({ id: a.body.id, handover_note: 'an Nachbarin P-0101 übergeben' }),
    ]);
    // Bernd's earlier parcel is still open, so his code stays.
    expect((await call(t.app, 'GET', '/api/parcels/', { auth: auth.bernd })).body.pickup_code).toMatch(/^\d{4}$/);
  });

  it('reminds once after 3 days, even when two processes run the job at once', async () => {
    const p = await log('rezi', { apartment: 'P-0101', carrier: 'DPD' });
    await age(p.body.id, 4);
    const [x, y] = await Promise.all([remindWaitingParcels(t.app.ctx), remindWaitingParcels(t.app.ctx)]);
    expect(x + y).toBe(1);
    expect(await remindWaitingParcels(t.app.ctx)).toBe(0);
    const pushes = await t.app.ctx.db
      .selectFrom('push_outbox')
      .select('title')
      .where('user_id', '=', anna.id)
      .where('title', '=', 'Erinnerung: Paket abholen')
      .execute();
    const mails = await t.app.ctx.db
      .selectFrom('email_outbox')
      .select('subject')
      .where('subject', '=', 'Erinnerung: Paket abholen')
      .execute();
    expect(pushes.length + mails.length).toBeGreaterThanOrEqual(1);
    expect(mails.length).toBeLessThanOrEqual(1);
  });

  it('shows managers the history, the parcels waiting longer than 7 days and the daily counts in Berlin dates', async () => {
    const manager = await newUser(t, { role: 'manager', managerOf: [park] });
    const mAuth = await signIn(t, manager);
    const old = await log('rezi', { apartment: 'P-0102', carrier: 'Post' });
    await age(old.body.id, 8);
    const waiting = await call(t.app, 'GET', '/api/admin/parcels/?waiting_days=7', { auth: mAuth });
    expect(waiting.status).toBe(200);
    expect(waiting.body.results.map((p: { id: number }) => p.id)).toEqual([old.body.id]);
    const all = await call(t.app, 'GET', '/api/admin/parcels/?status=handed_over', { auth: mAuth });
    expect(all.body.count).toBeGreaterThanOrEqual(3);
    expect(all.body.results.every((p: { location_id: number }) => p.location_id === park)).toBe(true);
    const foreign = await call(t.app, 'GET', `/api/admin/parcels/?location_id=${other}`, { auth: mAuth });
    expect(foreign.status).toBe(404);

    // The last Sunday of October 2026 has 25 hours in Berlin, the last of March 23.
    expect(berlinDayStart('2026-10-25')).toBe('2026-10-24T22:00:00.000Z');
    expect(berlinDayEnd('2026-10-25')).toBe('2026-10-25T23:00:00.000Z');
    expect(berlinDayStart('2026-03-29')).toBe('2026-03-28T23:00:00.000Z');
    expect(berlinDayEnd('2026-03-29')).toBe('2026-03-29T22:00:00.000Z');
    const late = await log('rezi', { apartment: 'P-0102', carrier: 'UPS' });
    // 23:30 Berlin on 25 October (CET, UTC+1) is 22:30 UTC: still that Sunday.
    await t.app.ctx.db
      .updateTable('parcels')
      .set({ logged_at: '2026-10-25T22:30:00.000Z' })
      .where('id', '=', late.body.id)
      .execute();
    const daily = await call(t.app, 'GET', '/api/admin/parcels/daily/?from=2026-10-24&to=2026-10-26', { auth: mAuth });
    expect(daily.status).toBe(200);
    expect(daily.body).toEqual([
      { date: '2026-10-24', logged: 0, handed_over: 0 },
      { date: '2026-10-25', logged: 1, handed_over: 0 },
      { date: '2026-10-26', logged: 0, handed_over: 0 },
    ]);
    const backwards = await call(t.app, 'GET', '/api/admin/parcels/daily/?from=2026-10-26&to=2026-10-24', {
      auth: mAuth,
    });
    expect(backwards.body).toEqual({ to: ['Das Enddatum liegt vor dem Anfangsdatum.'] });
  });

  it('puts the apartment parcels into the data export, and erasure keeps the record without the notes and tracking numbers', async () => {
    const p = await log('rezi', {
      apartment: 'P-0102',
      carrier: 'DHL',
      note: 'Zerbeult, Herr Birke informiert',
      tracking_number: '00340434161234567890',
    });
    await handover('rezi', { apartment: 'P-0102', note: 'an Frau Ahorn übergeben', ids: [p.body.id] });
    const exported = await call(t.app, 'GET', '/api/profile/export/', { auth: auth.bernd });
    expect(exported.status).toBe(200);
    const data = JSON.parse(exported.raw.toString('utf8'));
    expect(data.parcels).toContainEqual(
      expect.objectContaining({
        carrier: 'DHL',
        note: 'Zerbeult, Herr Birke informiert',
        handover_note: 'an Frau Ahorn übergeben',
        tracking_number: '00340434161234567890',
      }),
    );
    const annas = JSON.parse(
      (await call(t.app, 'GET', '/api/profile/export/', { auth: auth.anna })).raw.toString('utf8'),
    );
    expect(annas.parcels.some((x: { note: string }) => x.note.includes('Birke'))).toBe(false);

    const manager = await newUser(t, { role: 'manager', managerOf: [park] });
    const erased = await call(t.app, 'POST', `/api/admin/residents/${bernd.id}/erasure/`, {
      auth: await signIn(t, manager),
      payload: { content: 'anonymize' },
    });
    expect(erased.status).toBe(200);
    const row = await t.app.ctx.db
      .selectFrom('parcels')
      .select(['carrier', 'note', 'handover_note', 'tracking_number', 'status'])
      .where('id', '=', p.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ carrier: 'DHL', note: '', handover_note: '', tracking_number: '', status: 'handed_over' });
  });
});
