import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, login, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newUser, signIn } from '../../../test/factories.js';
import { FORBIDDEN, NOT_FOUND, call, expectDrfError } from '../../../test/helpers.js';

const kinds = await dialects();

describe.each(kinds)('resident import (%s)', (kind) => {
  let t: TestApp;
  let see: number;
  let manager: string; // manages every location made by ownLocation() and `see`
  let managerId: number;
  beforeAll(async () => {
    t = await startApp(kind);
    see = await newLocation(t);
    const user = await newUser(t, { role: 'manager', managerOf: [] });
    managerId = user.id;
    manager = await signIn(t, user);
  });
  afterAll(() => t.close());

  /** A fresh location the manager runs, so every test imports into an empty one. */
  async function ownLocation(): Promise<number> {
    const id = await newLocation(t);
    await t.app.ctx.db.insertInto('manager_locations').values({ user_id: managerId, location_id: id }).execute();
    return id;
  }
  const importRows = (location_id: number, rows: unknown[], extra: object = {}, auth = manager) =>
    call(t.app, 'POST', '/api/admin/residents/import/', {
      auth,
      payload: { location_id, rows, dry_run: false, send_invitations: false, ...extra },
    });
  const residentsOf = (locationId: number) =>
    t.app.ctx.db
      .selectFrom('users')
      .select(['apartment_number', 'name', 'email', 'role', 'emergency_services_deactivated', 'password_hash'])
      .where('location_id', '=', locationId)
      .orderBy('apartment_number')
      .execute();
  const prefix = (n: number) => `I${n}`;

  // PostgreSQL answered 500 when no row was valid (a NUL placeholder in the
  // login lookup), and a NUL inside a row reached the database.
  it('answers a batch without a single valid row with its row errors, not a 500', async () => {
    const loc = await ownLocation();
    const res = await importRows(loc, [{ apartment_number: 'X X', name: 'I' }]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 0, updated: 0 });
    expect(res.body.errors).toHaveLength(1);
    expect(await residentsOf(loc)).toEqual([]);
  });

  it('refuses a NUL byte inside a row with a German 400 and changes nothing', async () => {
    const loc = await ownLocation();
    for (const row of [
      { apartment_number: 'N-01', name: 'Null\u0000Byte' },
      { apartment_number: 'N-\u000002', name: 'Nora' },
      { apartment_number: 'N-03', name: 'Nils', email: 'n\u0000@example.org' },
    ]) {
      const res = await importRows(loc, [row]);
      expect(res.status, JSON.stringify(row)).toBe(400);
      expect(res.body).toEqual({ rows: ['Die Eingabe enthält ein unzulässiges Zeichen (NUL).'] });
    }
    expect(await residentsOf(loc)).toEqual([]);
  });

  it('creates new residents, reports counts, and gives them no usable password', async () => {
    const loc = await ownLocation();
    const p = prefix(loc);
    const res = await importRows(loc, [
      { apartment_number: `${p}-0101`, name: 'Anna Ähnlich', email: 'Anna@Example.org' },
      {
        apartment_number: `${p}-0102`,
        name: 'Bernd',
        email: '',
        is_receptionist: 'ja',
        emergency_services_deactivated: true,
      },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 2, updated: 0, unchanged: 0, invited: 0, errors: [] });
    const rows = await residentsOf(loc);
    expect(rows).toMatchObject([
      { apartment_number: `${p}-0101`, name: 'Anna Ähnlich', email: 'anna@example.org', role: 'resident' },
      {
        apartment_number: `${p}-0102`,
        name: 'Bernd',
        email: '',
        role: 'receptionist',
        emergency_services_deactivated: 1,
      },
    ]);
    // No argon2 hash per row: the marker no password matches.
    expect(new Set(rows.map((r) => r.password_hash)).size).toBe(1);
    expect(rows[0]!.password_hash.startsWith('$argon2')).toBe(false);
    const attempt = await call(t.app, 'POST', '/api/login/', {
      payload: { apartment_number: `${p}-0101`, password: rows[0]!.password_hash },
    });
    expect(attempt.body).toEqual({ non_field_errors: ['Invalid Credentials'] });
    const audited = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'location_id'])
      .where('location_id', '=', loc)
      .where('action', '=', 'resident_created')
      .execute();
    expect(audited).toHaveLength(2);
  });

  it('is idempotent: the same call again leaves everything unchanged, and changed fields update', async () => {
    const loc = await ownLocation();
    const p = prefix(loc);
    const rows = [
      { apartment_number: `${p}-1`, name: 'Carla', email: 'carla@example.org' },
      { apartment_number: `${p}-2`, name: 'Dieter', email: 'dieter@example.org', is_receptionist: false },
    ];
    expect((await importRows(loc, rows)).body).toMatchObject({ created: 2 });
    expect((await importRows(loc, rows)).body).toEqual({
      created: 0,
      updated: 0,
      unchanged: 2,
      invited: 0,
      errors: [],
    });
    // Case of the address and of the apartment number as typed in the CSV do not count as a change.
    const again = await importRows(loc, [{ ...rows[0], email: 'CARLA@example.org' }]);
    expect(again.body).toMatchObject({ unchanged: 1 });
    const changed = await importRows(loc, [
      { ...rows[0], name: 'Carla Neu' },
      { apartment_number: `${p}-2`, name: 'Dieter' },
    ]);
    expect(changed.body).toEqual({ created: 0, updated: 1, unchanged: 1, invited: 0, errors: [] });
    const stored = await residentsOf(loc);
    expect(stored.map((r) => [r.name, r.email])).toEqual([
      ['Carla Neu', 'carla@example.org'],
      // Fields left out of a row keep their value.
      ['Dieter', 'dieter@example.org'],
    ]);
    const entry = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('location_id', '=', loc)
      .where('action', '=', 'resident_updated')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.before!)).toMatchObject({ name: 'Carla' });
    expect(JSON.parse(entry.after!)).toMatchObject({ name: 'Carla Neu' });
  });

  it('reports German errors per row with the CSV line and skips only those rows', async () => {
    const loc = await ownLocation();
    const p = prefix(loc);
    const res = await importRows(loc, [
      { apartment_number: `${p}-1`, name: 'Gut', email: 'gut@example.org', line: 2 },
      { apartment_number: `${p}-2`, name: 'Schlecht', email: 'kein-at', line: 3 },
      { apartment_number: '', name: '', line: 4 },
      { apartment_number: `${p} 5`, name: 'x'.repeat(151), is_receptionist: 'vielleicht' },
      'keine Zeile',
      null,
      { apartment_number: 42, name: ['Liste'] },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(1);
    expect(res.body.errors).toEqual([
      { row: 1, line: 3, errors: { email: ['Keine gültige E-Mail-Adresse.'] } },
      { row: 2, line: 4, errors: { apartment_number: ['Eingabe ist zwingend'], name: ['Eingabe ist zwingend'] } },
      {
        row: 3,
        errors: {
          apartment_number: ['Nur Buchstaben, Ziffern und die Zeichen - . / _ erlaubt, ohne Leerzeichen.'],
          name: ['Höchstens 150 Zeichen erlaubt.'],
          is_receptionist: ['Erwartet ja oder nein.'],
        },
      },
      { row: 4, errors: { non_field_errors: ['Die Zeile ist kein Datensatz.'] } },
      { row: 5, errors: { non_field_errors: ['Die Zeile ist kein Datensatz.'] } },
      { row: 6, errors: { apartment_number: [expect.any(String)], name: [expect.any(String)] } },
    ]);
    expect((await residentsOf(loc)).map((r) => r.apartment_number)).toEqual([`${p}-1`]);
  });

  it('refuses an apartment number twice in one batch, and one taken by another location without naming it', async () => {
    const loc = await ownLocation();
    const p = prefix(loc);
    const other = await newUser(t, { locationId: see, apartmentNumber: `${p}-SEE` });
    const res = await importRows(loc, [
      { apartment_number: `${p}-1`, name: 'Eins' },
      { apartment_number: `${p}-1`.toLowerCase(), name: 'Eins nochmal' },
      { apartment_number: other.apartmentNumber, name: 'Fremd' },
      { apartment_number: `${p}-2`, name: 'Zwei' },
    ]);
    expect(res.body.created).toBe(1);
    expect(res.body.errors).toEqual([
      { row: 0, errors: { apartment_number: ['Diese Wohnungsnummer kommt in den Daten mehrfach vor.'] } },
      { row: 1, errors: { apartment_number: ['Diese Wohnungsnummer kommt in den Daten mehrfach vor.'] } },
      { row: 2, errors: { apartment_number: ['Diese Wohnungsnummer ist bereits vergeben.'] } },
    ]);
    const untouched = await t.app.ctx.db
      .selectFrom('users')
      .select(['name', 'location_id'])
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(untouched.location_id).toBe(see);
  });

  it('changes nothing on a dry run but reports what it would do', async () => {
    const loc = await ownLocation();
    const p = prefix(loc);
    await importRows(loc, [{ apartment_number: `${p}-1`, name: 'Alt' }]);
    const auditBefore = await t.app.ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('location_id', '=', loc)
      .execute();
    const res = await importRows(
      loc,
      [
        { apartment_number: `${p}-1`, name: 'Neu' },
        { apartment_number: `${p}-2`, name: 'Zwei', email: 'zwei@example.org' },
        { apartment_number: `${p}-3`, name: 'Drei', email: 'x' },
      ],
      { dry_run: true, send_invitations: true },
    );
    expect(res.body).toMatchObject({ created: 1, updated: 1, unchanged: 0, invited: 1 });
    expect(res.body.errors).toHaveLength(1);
    expect((await residentsOf(loc)).map((r) => r.name)).toEqual(['Alt']);
    const auditAfter = await t.app.ctx.db.selectFrom('audit_log').select('id').where('location_id', '=', loc).execute();
    expect(auditAfter).toHaveLength(auditBefore.length);
    const mails = await t.app.ctx.db
      .selectFrom('email_outbox')
      .select('id')
      .where('to_address', '=', 'zwei@example.org')
      .execute();
    expect(mails).toHaveLength(0);
  });

  it('invites every row with an e-mail address whose account was never used, once, and the link works', async () => {
    const loc = await ownLocation();
    const p = prefix(loc);
    await importRows(loc, [{ apartment_number: `${p}-0`, name: 'Schon da', email: 'schon@example.org' }]);
    const res = await importRows(
      loc,
      [
        { apartment_number: `${p}-0`, name: 'Schon da', email: 'schon@example.org' },
        { apartment_number: `${p}-1`, name: 'Mit Adresse', email: `einladung-${loc}@example.org` },
        { apartment_number: `${p}-2`, name: 'Ohne Adresse' },
      ],
      { send_invitations: true },
    );
    // 'Schon da' was imported without invitation and never signed in: invited now too.
    expect(res.body).toEqual({ created: 2, updated: 0, unchanged: 1, invited: 2, errors: [] });
    const mails = await t.app.ctx.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('location_id', '=', loc)
      .orderBy('id')
      .execute();
    expect(mails.map((m) => m.to_address).sort()).toEqual([`einladung-${loc}@example.org`, 'schon@example.org']);
    const mail = mails.find((m) => m.to_address === `einladung-${loc}@example.org`)!;
    expect(mail).toMatchObject({
      to_address: `einladung-${loc}@example.org`,
      kind: 'invitation',
      contains_secret: 1,
    });
    const token = /willkommen\/([A-Za-z0-9_-]+)/.exec(mail.body_text)![1]!;
    const confirm = await call(t.app, 'POST', '/api/password_reset/confirm/', {
      payload: { token, password: 'Import-Passwort1', repeat_password: 'Import-Passwort1' },
    });
    expect(confirm.status).toBe(200);
    await login(t.app, `${p}-1`, 'Import-Passwort1');
    const invited = await t.app.ctx.db
      .selectFrom('users')
      .select('invited_at')
      .where('login', '=', `${p}-1`.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(invited.invited_at).not.toBeNull();

    // The same file again sends nothing: one signed in, the other's link is still waiting.
    const again = await importRows(
      loc,
      [
        { apartment_number: `${p}-0`, name: 'Schon da', email: 'schon@example.org' },
        { apartment_number: `${p}-1`, name: 'Mit Adresse', email: `einladung-${loc}@example.org` },
      ],
      { send_invitations: true },
    );
    expect(again.body).toEqual({ created: 0, updated: 0, unchanged: 2, invited: 0, errors: [] });
    expect(
      await t.app.ctx.db.selectFrom('email_outbox').select('id').where('location_id', '=', loc).execute(),
    ).toHaveLength(2);
  });

  it('answers 404 for a location outside the caller’s, 403 for residents, 400 for bad envelopes', async () => {
    const other = await newLocation(t);
    const res = await importRows(other, [{ apartment_number: 'Z-1', name: 'Z' }]);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
    expect(await residentsOf(other)).toHaveLength(0);
    const resident = await signIn(t, await newUser(t, { locationId: other }));
    const refused = await importRows(other, [{ apartment_number: 'Z-1', name: 'Z' }], {}, resident);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(FORBIDDEN);
    const loc = await ownLocation();
    for (const body of [
      { location_id: loc, rows: [] },
      { location_id: loc, rows: Array.from({ length: 1001 }, () => ({})) },
      { location_id: loc, rows: 'a;b;c' },
      { location_id: 'eins', rows: [{}] },
      { location_id: loc, rows: [{}], dry_run: 'ja' },
    ]) {
      const bad = await call(t.app, 'POST', '/api/admin/residents/import/', { auth: manager, payload: body });
      expect(bad.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expectDrfError(bad.body);
    }
  });

  it('imports 5000 residents in ten calls of 500 and then finds all of them unchanged', async () => {
    const loc = await ownLocation();
    const p = prefix(loc);
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      apartment_number: `${p}-${String(i).padStart(5, '0')}`,
      name: `Bewohner:in ${i}`,
      email: i % 2 ? `massen-${loc}-${i}@example.org` : '',
      is_receptionist: i % 100 === 0 ? 'ja' : 'nein',
      line: i + 2,
    }));
    const started = Date.now();
    let created = 0;
    for (let i = 0; i < rows.length; i += 500) {
      const res = await importRows(loc, rows.slice(i, i + 500));
      expect(res.status).toBe(200);
      expect(res.body.errors).toEqual([]);
      created += res.body.created;
    }
    const elapsed = Date.now() - started;
    console.log(`[${kind}] Import von 5000 Bewohner:innen in 10 Aufrufen zu 500: ${(elapsed / 1000).toFixed(1)} s`);
    expect(created).toBe(5000);
    const count = await t.app.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('location_id', '=', loc)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(5000);
    let unchanged = 0;
    for (let i = 0; i < rows.length; i += 500)
      unchanged += (await importRows(loc, rows.slice(i, i + 500))).body.unchanged;
    expect(unchanged).toBe(5000);
  }, 120_000);
});
