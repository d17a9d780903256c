import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newUser, signIn } from '../../../test/factories.js';
import { call } from '../../../test/helpers.js';

// ADR 028: apartment numbers live in per-location namespaces.
// A manager's create or import must not tell whether a number exists in a location they do not
// run; with a prefix, a number of another namespace is refused by its form alone.

const kinds = await dialects();
const TAKEN = 'Diese Wohnungsnummer ist bereits vergeben.';
const NEEDS_A = 'Wohnungsnummern in diesem Standort beginnen mit „A-“.';

describe.each(kinds)('apartment-number prefixes (%s)', (kind) => {
  let t: TestApp;
  let park: number; // prefix A-
  let see: number; // prefix B-
  let manager: string; // manages park only
  let admin: string;
  let parkResident: number;
  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t, { title: 'Residenz am Stadtpark', apartmentPrefix: 'A-' });
    see = await newLocation(t, { title: 'Haus am See', apartmentPrefix: 'B-' });
    await newUser(t, { locationId: see, apartmentNumber: 'B-0101' });
    parkResident = (await newUser(t, { locationId: park, apartmentNumber: 'A-0101' })).id;
    [manager, admin] = await Promise.all([
      newUser(t, { role: 'manager', managerOf: [park] }).then((u) => signIn(t, u)),
      newUser(t, { role: 'admin' }).then((u) => signIn(t, u)),
    ]);
  });
  afterAll(() => t.close());

  const create = (auth: string, apartment_number: string, location_id = park) =>
    call(t.app, 'POST', '/api/admin/residents/', {
      auth,
      payload: { location_id, name: 'Neue Person', apartment_number },
    });
  const importRows = (auth: string, rows: object[], dry_run: boolean, location_id = park) =>
    call(t.app, 'POST', '/api/admin/residents/import/', {
      auth,
      payload: { location_id, rows, dry_run, send_invitations: false },
    });
  const putLocation = (auth: string, id: number, body: object) =>
    call(t.app, 'PUT', `/api/admin/locations/${id}/`, { auth, payload: { title: `Haus ${id}`, ...body } });
  const prefixOf = async (id: number) =>
    (
      await t.app.ctx.db
        .selectFrom('locations')
        .select('apartment_prefix')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).apartment_prefix;
  const loginExists = async (apartment: string) =>
    Boolean(
      await t.app.ctx.db
        .selectFrom('users')
        .select('id')
        .where('login', '=', apartment.toLowerCase())
        .executeTakeFirst(),
    );

  describe('a manager of location A- creating a resident', () => {
    it('gets the identical answer for a number that exists in location B- and one that does not', async () => {
      const existing = await create(manager, 'B-0101');
      const unknown = await create(manager, 'B-9999');
      expect(existing.status).toBe(400);
      expect(existing.body).toEqual({ apartment_number: [NEEDS_A] });
      expect(unknown).toMatchObject({ status: existing.status, body: existing.body });
      expect(await loginExists('B-9999')).toBe(false);
    });

    it('matches the prefix case-insensitively, stores the number as entered, and says "bereits vergeben" for a taken one', async () => {
      const created = await create(manager, 'a-0202');
      expect(created.status).toBe(201);
      expect(created.body.apartment_number).toBe('a-0202');
      const taken = await create(manager, 'A-0101');
      expect(taken.status).toBe(400);
      expect(taken.body).toEqual({ apartment_number: [TAKEN] });
    });

    it('refuses to change a resident’s number to one outside the namespace', async () => {
      const res = await call(t.app, 'PUT', `/api/admin/residents/${parkResident}/`, {
        auth: manager,
        payload: { location_id: park, name: 'Anna', apartment_number: 'B-0101' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ apartment_number: [NEEDS_A] });
      const ok = await call(t.app, 'PUT', `/api/admin/residents/${parkResident}/`, {
        auth: manager,
        payload: { location_id: park, name: 'Anna', apartment_number: 'A-0101' },
      });
      expect(ok.status).toBe(200);
    });
  });

  describe('a manager of location A- importing', () => {
    for (const dryRun of [true, false]) {
      it(`answers a number of location B- and an unknown B- number alike (${dryRun ? 'dry run' : 'real run'})`, async () => {
        const existing = await importRows(manager, [{ apartment_number: 'B-0101', name: 'Fremd', line: 2 }], dryRun);
        const unknown = await importRows(manager, [{ apartment_number: 'B-9999', name: 'Fremd', line: 2 }], dryRun);
        expect(existing.status).toBe(200);
        expect(existing.body).toEqual({
          created: 0,
          updated: 0,
          unchanged: 0,
          invited: 0,
          errors: [{ row: 0, line: 2, errors: { apartment_number: [NEEDS_A] } }],
        });
        expect(unknown).toMatchObject({ status: existing.status, body: existing.body });
        expect(await loginExists('B-9999')).toBe(false);
      });

      it(`imports numbers of its namespace and says "bereits vergeben" for a taken one (${dryRun ? 'dry run' : 'real run'})`, async () => {
        const fresh = `A-IMP-${dryRun ? 'D' : 'R'}`;
        const res = await importRows(
          manager,
          [
            { apartment_number: fresh, name: 'Neu' },
            { apartment_number: 'X-0001', name: 'Falsch' },
          ],
          dryRun,
        );
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ created: 1, errors: [{ row: 1, errors: { apartment_number: [NEEDS_A] } }] });
        expect(await loginExists(fresh)).toBe(!dryRun);
      });
    }

    it('gives a number taken by a staff account or another location the generic answer (no prefix on the location)', async () => {
      const plain = await newLocation(t);
      const plainManager = await signIn(t, await newUser(t, { role: 'manager', managerOf: [plain] }));
      const other = await importRows(plainManager, [{ apartment_number: 'B-0101', name: 'Fremd' }], true, plain);
      expect(other.body.errors).toEqual([{ row: 0, errors: { apartment_number: [TAKEN] } }]);
      const single = await create(plainManager, 'B-0101', plain);
      expect(single.body).toEqual({ apartment_number: [TAKEN] });
    });
  });

  describe('the prefix in the location settings', () => {
    it('is shown to managers, but only an administrator changes it (403 with a reason)', async () => {
      const shown = await call(t.app, 'GET', `/api/admin/locations/${park}/`, { auth: manager });
      expect(shown.body.apartment_prefix).toBe('A-');
      const refused = await putLocation(manager, park, { apartment_prefix: 'P-' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        detail: 'Nur Administrator:innen können das Präfix der Wohnungsnummern eines Standorts ändern.',
      });
      const removal = await putLocation(manager, park, { apartment_prefix: null });
      expect(removal.status).toBe(403);
      // The value it has, sent back as the GET gave it, is no change.
      expect(
        (await putLocation(manager, park, { apartment_prefix: 'A-', title: 'Residenz am Stadtpark' })).status,
      ).toBe(200);
      expect(await prefixOf(park)).toBe('A-');
    });

    it('lets an administrator set, change and remove it, audited', async () => {
      const loc = await newLocation(t);
      await newUser(t, { locationId: loc, apartmentNumber: 'Q-1' });
      const set = await putLocation(admin, loc, { apartment_prefix: ' q- ' });
      expect(set.status).toBe(200);
      expect(set.body.apartment_prefix).toBe('q-');
      expect((await putLocation(admin, loc, { apartment_prefix: 'Q' })).body.apartment_prefix).toBe('Q');
      const entry = await t.app.ctx.db
        .selectFrom('audit_log')
        .select(['before', 'after'])
        .where('entity', '=', 'location')
        .where('entity_id', '=', loc)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(entry.before!)).toMatchObject({ apartment_prefix: 'q-' });
      expect(JSON.parse(entry.after!)).toMatchObject({ apartment_prefix: 'Q' });
      const removed = await putLocation(admin, loc, { apartment_prefix: '' });
      expect(removed.body.apartment_prefix).toBeNull();
      expect(await prefixOf(loc)).toBeNull();
    });

    it('refuses a prefix that overlaps another location’s, case-insensitively', async () => {
      const loc = await newLocation(t);
      for (const prefix of ['a', 'b-', 'A-', 'B']) {
        const res = await putLocation(admin, loc, { apartment_prefix: prefix });
        expect(res.status, prefix).toBe(400);
        expect(res.body.apartment_prefix[0]).toMatch(/^Das Präfix überschneidet sich mit „[AB]-“ des Standorts/);
      }
      expect(await prefixOf(loc)).toBeNull();
      expect((await putLocation(admin, loc, { apartment_prefix: 'AB-' })).status).toBe(200);
    });

    it('refuses a prefix that existing residents of the location do not start with, naming how many', async () => {
      const loc = await newLocation(t);
      await newUser(t, { locationId: loc, apartmentNumber: 'M-1' });
      await newUser(t, { locationId: loc, apartmentNumber: '0102' });
      await newUser(t, { locationId: loc, apartmentNumber: 'Mx-3' });
      const res = await putLocation(admin, loc, { apartment_prefix: 'M-' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        apartment_prefix: [
          '2 Wohnungsnummern dieses Standorts beginnen nicht mit „M-“. Bitte ändern Sie diese zuerst oder wählen Sie ein anderes Präfix.',
        ],
      });
      expect(await prefixOf(loc)).toBeNull();
      expect((await putLocation(admin, loc, { apartment_prefix: 'M' })).status).toBe(400);
    });

    it('refuses malformed prefixes with German messages', async () => {
      const loc = await newLocation(t);
      for (const [prefix, message] of [
        ['A B', 'Nur Buchstaben und Ziffern, optional mit einem „-“ am Ende (z. B. „A-“ oder „SEE-“).'],
        ['-A', 'Nur Buchstaben und Ziffern, optional mit einem „-“ am Ende (z. B. „A-“ oder „SEE-“).'],
        ['A--', 'Nur Buchstaben und Ziffern, optional mit einem „-“ am Ende (z. B. „A-“ oder „SEE-“).'],
        ['ABCDEFGHIJK', 'Höchstens 10 Zeichen erlaubt.'],
      ]) {
        const res = await putLocation(admin, loc, { apartment_prefix: prefix });
        expect(res.status, prefix).toBe(400);
        expect(res.body).toEqual({ apartment_prefix: [message] });
      }
    });
  });
});
