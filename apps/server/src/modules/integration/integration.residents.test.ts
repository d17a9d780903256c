import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { PASSWORD, newApiKey, newLocation, newUser, signIn, type TestApiKey } from '../../../test/factories.js';
import { call, expectDrfError } from '../../../test/helpers.js';
import { hashPassword } from '../../lib/passwords.js';
import { runAccessJob } from '../residents/residents.job.js';
import { accessState, berlinToday } from '../auth/access-window.js';

const WINDOW = { opensDaysBeforeMoveIn: 14, closesDaysAfterMoveOut: 30 };

describe('access window by Berlin calendar days', () => {
  it('opens at Berlin midnight, also on the days the clocks change', () => {
    // 2026-03-29: clocks go forward; Berlin midnight is 23:00 UTC the day before.
    const spring = { move_in_on: '2026-04-12', move_out_on: null };
    expect(accessState(spring, WINDOW, berlinToday(Date.parse('2026-03-28T22:59:59Z')))).toBe('scheduled');
    expect(accessState(spring, WINDOW, berlinToday(Date.parse('2026-03-28T23:00:00Z')))).toBe('open');
    // 2026-10-25: clocks go back; Berlin midnight is 22:00 UTC the day before.
    const autumn = { move_in_on: '2026-11-08', move_out_on: null };
    expect(accessState(autumn, WINDOW, berlinToday(Date.parse('2026-10-24T21:59:59Z')))).toBe('scheduled');
    expect(accessState(autumn, WINDOW, berlinToday(Date.parse('2026-10-24T22:00:00Z')))).toBe('open');
    // Closing: move-out 2026-09-25 + 30 days: the last day is 2026-10-25, closed from 2026-10-26 00:00 (CET).
    const out = { move_in_on: null, move_out_on: '2026-09-25' };
    expect(accessState(out, WINDOW, berlinToday(Date.parse('2026-10-25T22:59:59Z')))).toBe('open');
    expect(accessState(out, WINDOW, berlinToday(Date.parse('2026-10-25T23:00:00Z')))).toBe('closed');
  });
});

describe.each(await dialects())('resident sync (%s)', (dialect) => {
  let t: TestApp;
  let loc1: number;
  let loc2: number;
  let key: TestApiKey;
  let key2: TestApiKey;
  let reader: TestApiKey;
  beforeAll(async () => {
    t = await startApp(dialect);
    loc1 = await newLocation(t);
    loc2 = await newLocation(t);
    key = await newApiKey(t, { locationIds: [loc1], scopes: ['residents:write', 'residents:read'], name: 'ERP Wodis' });
    key2 = await newApiKey(t, { locationIds: [loc2], scopes: ['residents:write', 'residents:read'] });
    reader = await newApiKey(t, { locationIds: [loc1], scopes: ['residents:read'] });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const db = () => t.app.ctx.db;
  const put = (id: string, body: object, k = key) =>
    call(t.app, 'PUT', `/api/integration/residents/${encodeURIComponent(id)}`, { auth: k.auth, payload: body });
  const sync = (body: object, k = key) =>
    call(t.app, 'POST', '/api/integration/residents/sync', { auth: k.auth, payload: body });
  const auditCount = async () =>
    Number(
      (
        await db()
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const invitations = async (email: string) =>
    (
      await db()
        .selectFrom('email_outbox')
        .select('id')
        .where('to_address', '=', email)
        .where('kind', '=', 'invitation')
        .execute()
    ).length;
  const body = (over: object = {}) => ({
    location_id: loc1,
    apartment_number: `S-${Math.random().toString(36).slice(2, 8)}`,
    name: 'Erika Mustermann',
    email: '',
    ...over,
  });
  const setPassword = async (external: string) =>
    db()
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('external_id', '=', external)
      .execute();
  const loginAs = (apartment: string) =>
    call(t.app, 'POST', '/api/login/', { payload: { apartment_number: apartment, password: PASSWORD } });

  it('creates, then answers unchanged without an audit row, then updates, audited under the key', async () => {
    const b = body({ email: 'Erika@Example.org', is_receptionist: true });
    const created = await put('ERP-1', b);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      result: 'created',
      resident: { external_id: 'ERP-1', email: 'erika@example.org', is_receptionist: true, access: 'open' },
    });
    const entry = await db()
      .selectFrom('audit_log')
      .innerJoin('api_keys', 'api_keys.id', 'audit_log.api_key_id')
      .select(['audit_log.action', 'audit_log.user_id', 'api_keys.name'])
      .where('entity_id', '=', created.body.resident.id)
      .where('action', '=', 'resident_created')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ action: 'resident_created', user_id: null, name: 'ERP Wodis' });
    // The invitation went out once, since access is open (no move-in date).
    expect(await invitations('erika@example.org')).toBe(1);

    const before = await auditCount();
    const again = await put('ERP-1', b);
    expect(again.status).toBe(200);
    expect(again.body.result).toBe('unchanged');
    expect(await auditCount()).toBe(before);
    expect(await invitations('erika@example.org')).toBe(1);

    const changed = await put('ERP-1', { ...b, name: 'Erika Musterfrau' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ result: 'updated', resident: { name: 'Erika Musterfrau' } });
    expect(await auditCount()).toBe(before + 1);

    const read = await call(t.app, 'GET', '/api/integration/residents/ERP-1/', { auth: reader.auth });
    expect(read.status).toBe(200);
    expect(read.body.name).toBe('Erika Musterfrau');
    const list = await call(t.app, 'GET', '/api/integration/residents/?external_id=ERP-1', { auth: reader.auth });
    expect(list.body.count).toBe(1);
  });

  it('keeps each key to its locations', async () => {
    const res = await put('ERP-ISO', body({ location_id: loc2 }));
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('Dieser API-Schlüssel hat keinen Zugriff auf diesen Standort.');
    await put('ERP-ISO', body());
    // The key of location 2 sees nothing of location 1 and cannot take its external id.
    expect((await call(t.app, 'GET', '/api/integration/residents/ERP-ISO/', { auth: key2.auth })).status).toBe(404);
    const list = await call(t.app, 'GET', '/api/integration/residents/', { auth: key2.auth });
    expect(list.body.results.some((r: { external_id: string }) => r.external_id === 'ERP-ISO')).toBe(false);
    const taken = await put('ERP-ISO', body({ location_id: loc2 }), key2);
    expect(taken.status).toBe(400);
    expect(taken.body.external_id).toEqual([
      'Diese externe ID gehört zu einem Konto, das dieser Schlüssel nicht ändern darf.',
    ]);
    // A reading key may not write.
    expect((await put('ERP-R', body(), reader)).status).toBe(403);
  });

  it('answers German 400s to bad input, never 500', async () => {
    for (const bad of [
      body({ name: 'A\u0000B' }),
      body({ location_id: 'eins' }),
      body({ email: 'keine-adresse' }),
      body({ move_in_on: '2026-02-30' }),
      body({ move_in_on: '2026-11-01', move_out_on: '2026-10-01' }),
      body({ apartment_number: 'A 1' }),
      body({ is_receptionist: 'ja' }),
    ]) {
      const res = await put('ERP-BAD', bad);
      expect(res.status).toBe(400);
      expectDrfError(res.body);
    }
    expect((await put('ERP-BAD', body({ move_in_on: '2026-11-01', move_out_on: '2026-10-01' }))).body).toEqual({
      move_out_on: ['Der Auszug darf nicht vor dem Einzug liegen.'],
    });
    expect((await put('bad\u00e4id', body())).status).toBe(400);
    const unicode = await put('ERP-UNI', body({ name: 'Ğülşen Öztürk 👩‍👧' }));
    expect(unicode.status).toBe(201);
    expect(unicode.body.resident.name).toBe('Ğülşen Öztürk 👩‍👧');
    const tooMany = await sync({ records: Array.from({ length: 5001 }, () => ({})) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.records).toEqual(['Höchstens 5000 Datensätze pro Aufruf.']);
    expect((await sync({ records: 'viele' })).status).toBe(400);
  });

  it('syncs 5,000 records with figures, errors per record and deactivate_missing', async () => {
    const loc = await newLocation(t);
    const k = await newApiKey(t, { locationIds: [loc], scopes: ['residents:write'] });
    const manual = await newUser(t, { locationId: loc });
    const records = Array.from({ length: 5000 }, (_, i) => ({
      external_id: `M-${i}`,
      location_id: loc,
      apartment_number: `M${loc}-${i}`,
      name: `Person ${i}`,
      email: i % 2 ? `m${loc}-${i}@example.org` : '',
      move_in_on: i % 10 === 0 ? '2099-01-01' : null,
    }));
    records[7] = { ...records[7]!, email: 'kaputt' };
    records[8] = { ...records[8]!, location_id: loc1 };
    const first = await sync({ records }, k);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ created: 4998, updated: 0, unchanged: 0, deactivated: 0 });
    expect(first.body.errors).toEqual([
      { index: 7, external_id: 'M-7', errors: { email: ['Keine gültige E-Mail-Adresse.'] } },
      {
        index: 8,
        external_id: 'M-8',
        errors: { location_id: ['Dieser API-Schlüssel hat keinen Zugriff auf diesen Standort.'] },
      },
    ]);
    // Invitations: odd indexes have an e-mail; those with a move-in in 2099 wait (none odd: i % 10 === 0 is even).
    const invited = await db()
      .selectFrom('email_outbox')
      .select('id')
      .where('kind', '=', 'invitation')
      .where('location_id', '=', loc)
      .execute();
    expect(invited.length).toBe(2499); // 2,500 odd indexes, minus 7 (bad e-mail)

    const audit = await auditCount();
    const second = await sync({ records }, k);
    expect(second.body).toMatchObject({ created: 0, updated: 0, unchanged: 4998, deactivated: 0 });
    expect(await auditCount()).toBe(audit);

    const changed = records.slice(0, 4000).map((r, i) => (i < 10 ? { ...r, name: `Neu ${i}` } : r));
    const third = await sync({ records: changed, deactivate_missing: true }, k);
    // Records 7 and 8 are still refused; eight of the first ten change.
    expect(third.body).toMatchObject({ created: 0, updated: 8, unchanged: 3990, deactivated: 1000 });
    expect(third.body.errors.map((e: { index: number }) => e.index)).toEqual([7, 8]);
    // Residents without an external id are never touched.
    const m = await db().selectFrom('users').select('is_active').where('id', '=', manual.id).executeTakeFirstOrThrow();
    expect(m.is_active).toBe(1);
    const refused = await sync({ records: [], deactivate_missing: true }, k);
    expect(refused.status).toBe(400);
  }, 120_000);

  it('takes 5,000 records with every field, more than 1 MB', async () => {
    const loc = await newLocation(t);
    const k = await newApiKey(t, { locationIds: [loc], scopes: ['residents:write'] });
    const records = Array.from({ length: 5000 }, (_, i) => ({
      external_id: `WODIS-${100000 + i}-01`,
      location_id: loc,
      apartment_number: `V${loc}-${i}`,
      name: `Katharina Müller-Lüdenscheidt ${i}`,
      email: `katharina.mueller-luedenscheidt.${loc}.${i}@example.org`,
      is_receptionist: false,
      emergency_services_deactivated: false,
      is_active: true,
      move_in_on: '2019-04-01',
      move_out_on: null,
    }));
    expect(Buffer.byteLength(JSON.stringify({ records }))).toBeGreaterThan(1_048_576 * 1.4);
    const res = await sync({ records }, k);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 5000, updated: 0, unchanged: 0, errors: [] });
  }, 120_000);

  it('opens access before move-in (invitation once) and closes it after move-out (sessions end)', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-10-01T10:00:00Z'), toFake: ['Date'] });
    const b = body({ email: 'einzug@example.org', move_in_on: '2026-11-08' });
    const res = await put('ERP-MOVE', b);
    expect(res.body.resident).toMatchObject({ access: 'scheduled', access_opens_on: '2026-10-25' });
    expect(await invitations('einzug@example.org')).toBe(0);
    await setPassword('ERP-MOVE');
    const early = await loginAs(b.apartment_number);
    expect(early.status).toBe(403);
    expect(early.body).toEqual({ detail: 'Ihr Zugang wird am 25.10.2026 freigeschaltet.', code: 'access_not_open' });
    await db()
      .updateTable('users')
      .set({ password_hash: '!kein-passwort' })
      .where('external_id', '=', 'ERP-MOVE')
      .execute();

    // One second before Berlin midnight of the DST day nothing opens; at midnight the job invites once.
    vi.setSystemTime(Date.parse('2026-10-24T21:59:59Z'));
    await runAccessJob(t.app.ctx);
    expect(await invitations('einzug@example.org')).toBe(0);
    vi.setSystemTime(Date.parse('2026-10-24T22:00:00Z'));
    await runAccessJob(t.app.ctx);
    await runAccessJob(t.app.ctx);
    expect(await invitations('einzug@example.org')).toBe(1);

    await setPassword('ERP-MOVE');
    expect((await loginAs(b.apartment_number)).status).toBe(200);

    // Move-out 2026-11-30: the last day is 2026-12-30; from 2026-12-31 (Berlin) sign-in and sessions end.
    await put('ERP-MOVE', { ...b, move_out_on: '2026-11-30' });
    vi.setSystemTime(Date.parse('2026-12-30T22:59:59Z'));
    const ok = await loginAs(b.apartment_number);
    expect(ok.status).toBe(200);
    const auth = `Token ${ok.body.token}`;
    await runAccessJob(t.app.ctx);
    expect((await call(t.app, 'GET', '/api/profile/', { auth })).status).toBe(200);
    vi.setSystemTime(Date.parse('2026-12-30T23:00:00Z'));
    expect(await runAccessJob(t.app.ctx)).toMatchObject({ closed: 1 });
    expect((await call(t.app, 'GET', '/api/profile/', { auth })).status).toBe(401);
    const late = await loginAs(b.apartment_number);
    expect(late.status).toBe(403);
    expect(late.body.detail).toMatch(/^Ihr Zugang ist seit dem 31\.12\.2026 beendet/);
    expect(await runAccessJob(t.app.ctx)).toMatchObject({ closed: 0 });

    // A later move-out reopens.
    await put('ERP-MOVE', { ...b, move_out_on: '2027-06-30' });
    expect((await loginAs(b.apartment_number)).status).toBe(200);
  });

  it('applies the same rules to the back office and the CSV import', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-10-01T10:00:00Z'), toFake: ['Date'] });
    const manager = await newUser(t, { role: 'manager', managerOf: [loc1] });
    const auth = await signIn(t, manager);
    const created = await call(t.app, 'POST', '/api/admin/residents/', {
      auth,
      payload: {
        location_id: loc1,
        name: 'Bo Backoffice',
        apartment_number: 'BO-1',
        email: 'bo@example.org',
        send_invitation: true,
        move_in_on: '2026-12-01',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ access: 'scheduled', access_opens_on: '2026-11-17', external_id: null });
    expect(await invitations('bo@example.org')).toBe(0);
    const bad = await call(t.app, 'PUT', `/api/admin/residents/${created.body.id}/`, {
      auth,
      payload: { location_id: loc1, name: 'Bo', apartment_number: 'BO-1', move_out_on: '2026-01-01' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ move_out_on: ['Der Auszug darf nicht vor dem Einzug liegen.'] });

    const imported = await call(t.app, 'POST', '/api/admin/residents/import/', {
      auth,
      payload: {
        location_id: loc1,
        rows: [
          { apartment_number: 'CSV-1', name: 'Cem Csv', email: 'cem@example.org', move_in_on: '01.12.2026' },
          { apartment_number: 'CSV-2', name: 'Clara Csv', email: 'clara@example.org', move_in_on: '2026-10-10' },
          { apartment_number: 'CSV-3', name: 'Falsch', move_in_on: '31.02.2026' },
        ],
      },
    });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ created: 2, invited: 1 });
    expect(imported.body.errors[0].errors.move_in_on).toEqual([
      'Bitte ein Datum wie 01.11.2026 oder 2026-11-01 angeben.',
    ]);
    expect(await invitations('cem@example.org')).toBe(0);
    expect(await invitations('clara@example.org')).toBe(1);

    vi.setSystemTime(Date.parse('2026-11-16T23:00:00Z'));
    await runAccessJob(t.app.ctx);
    expect(await invitations('bo@example.org')).toBe(1);
    expect(await invitations('cem@example.org')).toBe(1);
  });
});
