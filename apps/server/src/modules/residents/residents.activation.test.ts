import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { dialects, login, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { FORBIDDEN, NOT_FOUND, call, expectDrfError, pdfText } from '../../../test/helpers.js';
import { countNeverSignedIn } from './residents.repository.js';

const kinds = await dialects();
const DAY_MS = 24 * 3600 * 1000;
const CODE = /\b([A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4})\b/g;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Account status, activation letters, /aktivieren and the import's invitations. */
describe.each(kinds)('residents get into their accounts (%s)', (kind) => {
  let t: TestApp;
  let park: number;
  let see: number;
  let manager: string; // manages park only
  let managerUser: TestUser;
  let dora: TestUser; // resident of see
  beforeAll(async () => {
    t = await startApp(kind, {}, (c) => {
      c.throttle.activation = {
        perPair: { points: 3, durationSec: 60 },
        perIp: { points: 5, durationSec: 60 },
        overBudgetPerPair: { points: 2, durationSec: 60 },
      };
    });
    park = await newLocation(t, { title: 'Residenz am Stadtpark', phone: '030 1234567' });
    see = await newLocation(t, { title: 'Haus am See' });
    managerUser = await newUser(t, { role: 'manager', managerOf: [park] });
    manager = await signIn(t, managerUser);
    dora = await newUser(t, { locationId: see, name: 'Dora Seemann' });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  let ips = 0;
  /** A fresh client address, so throttle budgets of one test do not touch another's. */
  const address = () => `10.22.${Math.floor(++ips / 250)}.${(ips % 250) + 1}`;
  const letters = (ids: unknown, auth = manager) =>
    call(t.app, 'POST', '/api/admin/residents/activation-letters/', { auth, payload: { ids } });
  const activate = (payload: object, ip = address()) =>
    call(t.app, 'POST', '/api/activation/', { payload, remoteAddress: ip });
  const resident = (opts: Parameters<typeof newUser>[1] = {}) => newUser(t, { locationId: park, ...opts });
  const getResident = (id: number) => call(t.app, 'GET', `/api/admin/residents/${id}/`, { auth: manager });
  /** Prints letters and returns the codes as the PDF shows them, in page order. */
  async function codesFor(ids: number[]): Promise<string[]> {
    const res = await letters(ids);
    expect(res.status).toBe(200);
    return [...(await pdfText(res.raw)).matchAll(CODE)].map((m) => m[1]!);
  }

  describe('activation letters', () => {
    it('makes one A4 page per resident with location, name, apartment, a code and its validity', async () => {
      const anna = await resident({ name: 'Anna Łukasiewicz', apartmentNumber: 'L-0101' });
      const bernd = await resident({ name: 'Bernd Muster', apartmentNumber: 'L-0102' });
      const before = Date.now();
      const res = await letters([bernd.id, anna.id]);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-disposition']).toBe('attachment; filename="Aktivierungsbriefe-2.pdf"');
      expect(res.raw.subarray(0, 5).toString()).toBe('%PDF-');

      const { getDocumentProxy } = await import('unpdf');
      const doc = await getDocumentProxy(new Uint8Array(res.raw));
      expect(doc.numPages).toBe(2);
      const page = await doc.getPage(1);
      const [, , width, height] = page.view;
      expect([Math.round(width!), Math.round(height!)]).toEqual([595, 842]);

      const text = await pdfText(res.raw);
      for (const expected of [
        'Residenz am Stadtpark',
        'Telefon 030 1234567',
        'Anna Łukasiewicz',
        'Wohnung L-0101',
        'Bernd Muster',
        'Wohnung L-0102',
        'Ihr Aktivierungscode',
        'http://hausportal.test/aktivieren',
      ])
        expect(text).toContain(expected);
      const codes = [...text.matchAll(CODE)].map((m) => m[1]!);
      expect(codes).toHaveLength(2);
      expect(new Set(codes).size).toBe(2);
      // In apartment order: Anna's page comes first.
      expect(text.indexOf('Wohnung L-0101')).toBeLessThan(text.indexOf('Wohnung L-0102'));

      // Valid for 30 days, as a Berlin date on the letter.
      const rows = await t.app.ctx.db
        .selectFrom('activation_codes')
        .selectAll()
        .where('user_id', 'in', [anna.id, bernd.id])
        .execute();
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        const ms = Date.parse(row.expires_at) - before;
        expect(ms).toBeGreaterThanOrEqual(30 * DAY_MS - 1000);
        expect(ms).toBeLessThan(30 * DAY_MS + 60_000);
        expect(row.created_by).toBe(managerUser.id);
        expect(row.used_at).toBeNull();
      }
      const validUntil = new Intl.DateTimeFormat('de-DE', {
        timeZone: 'Europe/Berlin',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      }).format(new Date(rows[0]!.expires_at));
      expect(text).toContain(`Gültig bis ${validUntil}`);

      // Only the hashes are stored: no code appears in any column of the table or the audit log.
      expect(rows.map((r) => r.code_hash).sort()).toEqual(codes.map((c) => sha256(c.replaceAll('-', ''))).sort());
      const stored = JSON.stringify([rows, await t.app.ctx.db.selectFrom('audit_log').selectAll().execute()]);
      for (const code of codes) {
        expect(stored).not.toContain(code);
        expect(stored).not.toContain(code.replaceAll('-', ''));
      }
      const audit = await t.app.ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'activation_letter_printed')
        .where('entity_id', '=', anna.id)
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ user_id: managerUser.id, location_id: park });
    });

    it('names a single letter after the apartment', async () => {
      const one = await resident({ apartmentNumber: 'EG/links' });
      const res = await letters([one.id]);
      expect(res.headers['content-disposition']).toBe('attachment; filename="Aktivierungsbrief-EG_links.pdf"');
    });

    it('replaces a resident’s earlier unused code with the new letter’s', async () => {
      const r = await resident();
      const [first] = await codesFor([r.id]);
      const [second] = await codesFor([r.id]);
      expect(second).not.toBe(first);
      const old = await activate({ code: first, password: 'Neues-Passwort1', repeat_password: 'Neues-Passwort1' });
      expect(old.status).toBe(400);
      expect(old.body.code[0]).toMatch(/^Diesen Aktivierungscode gibt es nicht\./);
      const fresh = await activate({ code: second, password: 'Neues-Passwort1', repeat_password: 'Neues-Passwort1' });
      expect(fresh.status).toBe(200);
    });

    it('answers 404 for a resident of another location or an unknown id, and prints nothing', async () => {
      const own = await resident();
      for (const ids of [[dora.id], [own.id, dora.id], [own.id, 999_999], [managerUser.id]]) {
        const res = await letters(ids);
        expect(res.status, JSON.stringify(ids)).toBe(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
      const codes = await t.app.ctx.db
        .selectFrom('activation_codes')
        .select('id')
        .where('user_id', '=', own.id)
        .execute();
      expect(codes).toHaveLength(0);
    });

    it('refuses deactivated and erased residents by name with a German 400', async () => {
      const active = await resident();
      const locked = await resident({ name: 'Gesperrt Person', apartmentNumber: 'L-0777' });
      const erased = await resident();
      expect(
        (await call(t.app, 'POST', `/api/admin/residents/${locked.id}/deactivate/`, { auth: manager })).status,
      ).toBe(200);
      expect(
        (
          await call(t.app, 'POST', `/api/admin/residents/${erased.id}/erasure/`, {
            auth: manager,
            payload: { content: 'anonymize' },
          })
        ).status,
      ).toBe(200);
      const res = await letters([active.id, locked.id, erased.id]);
      expect(res.status).toBe(400);
      expectDrfError(res.body);
      expect(res.body.ids[0]).toBe(
        'Für gelöschte oder deaktivierte Konten gibt es keine Aktivierungsbriefe: Gesperrt Person (Wohnung L-0777), eine gelöschte Person. Bitte wählen Sie diese ab oder aktivieren Sie das Konto zuerst.',
      );
      const codes = await t.app.ctx.db
        .selectFrom('activation_codes')
        .select('id')
        .where('user_id', '=', active.id)
        .execute();
      expect(codes).toHaveLength(0);
    });

    it('refuses bad bodies and more than 500 letters with German 400s, and residents with 403', async () => {
      const r = await resident();
      for (const [ids, message] of [
        [[], 'Bitte wählen Sie mindestens eine Person aus.'],
        [
          Array.from({ length: 501 }, () => r.id),
          'Höchstens 500 Aktivierungsbriefe auf einmal. Bitte wählen Sie weniger aus.',
        ],
        ['1,2', 'Eine Liste von Bewohner:innen erwartet.'],
        [['eins'], 'Eine ganze Zahl erwartet.'],
      ] as const) {
        const res = await letters(ids);
        expect(res.status, JSON.stringify(ids).slice(0, 40)).toBe(400);
        expectDrfError(res.body);
        expect(JSON.stringify(res.body)).toContain(message);
      }
      const refused = await letters([r.id], await signIn(t, r));
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(FORBIDDEN);
    });
  });

  describe('POST /api/activation/', () => {
    it('sets the password and e-mail address, uses the code once, and the resident signs in', async () => {
      const r = await resident({ email: '', apartmentNumber: 'L-0201' });
      const [code] = await codesFor([r.id]);
      // Typed in lower case with blanks instead of dashes: still the code.
      const res = await activate({
        code: code!.toLowerCase().replaceAll('-', ' '),
        password: 'Mein-Passwort1',
        repeat_password: 'Mein-Passwort1',
        email: ' Neu@Example.org ',
      });
      expect(res.status).toBe(200);
      // Signed in at once (ADR 044): the answer carries a session token.
      expect(res.body).toEqual({
        apartment_number: 'L-0201',
        detail: 'Ihr Konto ist eingerichtet. Bitte melden Sie sich jetzt an.',
        token: expect.any(String),
      });
      const row = await t.app.ctx.db.selectFrom('users').selectAll().where('id', '=', r.id).executeTakeFirstOrThrow();
      expect(row.email).toBe('neu@example.org');
      expect(row.last_login_at).not.toBeNull();
      expect((await getResident(r.id)).body.account_status).toBe('active');

      await login(t.app, 'L-0201', 'Mein-Passwort1');

      const again = await activate({ code, password: 'Anderes-Passwort1', repeat_password: 'Anderes-Passwort1' });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({
        code: [
          'Dieser Aktivierungscode wurde bereits verwendet. Melden Sie sich mit Ihrer Wohnungsnummer und Ihrem Passwort an.',
        ],
      });
      const auth = await login(t.app, 'L-0201', 'Mein-Passwort1');
      // The data export (Art. 15) names the letter and the last sign-in, never the code.
      const exported = await call(t.app, 'GET', '/api/profile/export/', { auth });
      expect(exported.status).toBe(200);
      expect(exported.body.profile.last_login_at).toEqual(expect.any(String));
      expect(exported.body.activation_letters).toEqual([
        { created_at: expect.any(String), expires_at: expect.any(String), used_at: expect.any(String) },
      ]);
      expect(JSON.stringify(exported.body)).not.toContain(code!.replaceAll('-', ''));
      const audit = await t.app.ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'account_activated')
        .where('entity_id', '=', r.id)
        .execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.details!)).toEqual({ email_added: true });
    });

    it('ends the sessions of an account that had a password, and keeps its e-mail when none is given', async () => {
      const r = await resident();
      const session = await signIn(t, r);
      const [code] = await codesFor([r.id]);
      const res = await activate({ code, password: 'Ganz-neu-123', repeat_password: 'Ganz-neu-123' });
      expect(res.status).toBe(200);
      expect((await call(t.app, 'GET', '/api/profile/', { auth: session })).status).toBe(401);
      const row = await t.app.ctx.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', r.id)
        .executeTakeFirstOrThrow();
      expect(row.email).toBe(r.email);
      await login(t.app, r.login, 'Ganz-neu-123');
    });

    it('refuses a code after its 30 days', async () => {
      const r = await resident();
      const [code] = await codesFor([r.id]);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 30 * DAY_MS + 60_000 });
      const res = await activate({ code, password: 'Mein-Passwort1', repeat_password: 'Mein-Passwort1' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: ['Dieser Aktivierungscode ist abgelaufen. Bitte bitten Sie Ihre Hausverwaltung um einen neuen Brief.'],
      });
      vi.useRealTimers();
      await login(t.app, r.login); // the old password still works
    });

    it('refuses the code of a deactivated or erased account as unknown', async () => {
      const locked = await resident();
      const erased = await resident();
      const [lockedCode, erasedCode] = await codesFor([locked.id, erased.id].sort((a, b) => a - b));
      await call(t.app, 'POST', `/api/admin/residents/${locked.id}/deactivate/`, { auth: manager });
      await call(t.app, 'POST', `/api/admin/residents/${erased.id}/erasure/`, {
        auth: manager,
        payload: { content: 'anonymize' },
      });
      for (const code of [lockedCode, erasedCode]) {
        const res = await activate({ code, password: 'Mein-Passwort1', repeat_password: 'Mein-Passwort1' });
        expect(res.status).toBe(400);
        expect(res.body.code[0]).toMatch(/^Diesen Aktivierungscode gibt es nicht\./);
      }
      // The erasure deleted the erased account's codes altogether.
      const left = await t.app.ctx.db
        .selectFrom('activation_codes')
        .select('id')
        .where('user_id', '=', erased.id)
        .execute();
      expect(left).toHaveLength(0);
    });

    it('answers bad input with German field errors, checking the code before the passwords', async () => {
      const r = await resident();
      const [code] = await codesFor([r.id]);
      const cases: [object, Record<string, string[]>][] = [
        [
          { code: 'ABC', password: 'Mein-Passwort1', repeat_password: 'Mein-Passwort1' },
          { code: ['Der Aktivierungscode besteht aus 12 Buchstaben und Ziffern, z. B. ABCD-EFGH-JKLM.'] },
        ],
        [
          // 0, O, 1 and I are not in the alphabet.
          { code: 'O0I1-ABCD-EFGH', password: 'Mein-Passwort1', repeat_password: 'Mein-Passwort1' },
          { code: ['Der Aktivierungscode besteht aus 12 Buchstaben und Ziffern, z. B. ABCD-EFGH-JKLM.'] },
        ],
        [
          { code, password: 'kurz', repeat_password: 'kurz' },
          { password: ['Das Passwort muss mindestens 8 Zeichen lang sein.'] },
        ],
        [
          { code, password: 'Mein-Passwort1', repeat_password: 'Mein-Passwort2' },
          { repeat_password: ['Die Passwörter stimmen nicht überein.'] },
        ],
        [
          { code, password: 'Mein-Passwort1', repeat_password: 'Mein-Passwort1', email: 'keine-adresse' },
          { email: ['Keine gültige E-Mail-Adresse.'] },
        ],
        [{}, { code: ['Der Aktivierungscode besteht aus 12 Buchstaben und Ziffern, z. B. ABCD-EFGH-JKLM.'] }],
      ];
      for (const [payload, errors] of cases) {
        const res = await activate(payload);
        expect(res.status, JSON.stringify(payload)).toBe(400);
        expectDrfError(res.body);
        expect(res.body).toMatchObject(errors);
      }
      // None of these used the code.
      expect((await activate({ code, password: 'Mein-Passwort1', repeat_password: 'Mein-Passwort1' })).status).toBe(
        200,
      );
    });

    it('stops an address that guesses codes with 429, Retry-After and a German text; the right code still works there', async () => {
      const ip = address();
      for (let i = 0; i < 5; i++) {
        const res = await activate(
          { code: `ABCD-EFGH-JK${'ABCDE'[i]}${'Z'}`, password: 'Mein-Passwort1', repeat_password: 'Mein-Passwort1' },
          ip,
        );
        expect(res.status).toBe(400);
      }
      // The address has spent its failures: another guess is refused …
      const blocked = await activate(
        { code: 'ABCD-EFGH-JKFZ', password: 'Mein-Passwort1', repeat_password: 'Mein-Passwort1' },
        ip,
      );
      expect(blocked.status).toBe(429);
      expect(blocked.headers['retry-after']).toBe('60');
      expect(blocked.body).toEqual({ detail: 'Zu viele Versuche. Bitte versuchen Sie es in 1 Minute erneut.' });
      // … but a neighbour behind the same address activates with the right code of their letter.
      const r = await resident();
      const [code] = await codesFor([r.id]);
      const neighbour = await activate({ code, password: 'Mein-Passwort1', repeat_password: 'Mein-Passwort1' }, ip);
      expect(neighbour.status).toBe(200);
      // Another address is not affected either.
      const [other] = await codesFor([(await resident()).id]);
      expect(
        (await activate({ code: other, password: 'Mein-Passwort1', repeat_password: 'Mein-Passwort1' })).status,
      ).toBe(200);
    });

    it('stops an address that keeps trying one code sooner', async () => {
      const ip = address();
      const code = 'ZZZZ-YYYY-XXXX';
      for (let i = 0; i < 3; i++)
        expect(
          (await activate({ code, password: 'Mein-Passwort1', repeat_password: 'Mein-Passwort1' }, ip)).status,
        ).toBe(400);
      const blocked = await activate({ code, password: 'Mein-Passwort1', repeat_password: 'Mein-Passwort1' }, ip);
      expect(blocked.status).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
    });
  });

  describe('account status', () => {
    it('is Nie angemeldet, Eingeladen, Aktiv or Deaktiviert, filterable, and sign-ins set last_login_at', async () => {
      const location = await newLocation(t);
      const auth = await signIn(t, await newUser(t, { role: 'manager', managerOf: [location] }));
      const mk = (apartmentNumber: string, email = `${apartmentNumber.toLowerCase()}@example.org`) =>
        newUser(t, { locationId: location, apartmentNumber, email });
      const never = await mk('S-1');
      const invitedByMail = await mk('S-2');
      const invitedByLetter = await mk('S-3');
      const active = await mk('S-4');
      const deactivated = await mk('S-5');
      const activeThenLocked = await mk('S-6');
      await newUser(t, { locationId: location, apartmentNumber: 'S-7', role: 'receptionist' });

      expect((await call(t.app, 'POST', `/api/admin/residents/${invitedByMail.id}/invitation/`, { auth })).status).toBe(
        202,
      );
      expect((await letters([invitedByLetter.id], auth)).status).toBe(200);
      const before = Date.now();
      await signIn(t, active);
      await signIn(t, activeThenLocked);
      await call(t.app, 'POST', `/api/admin/residents/${deactivated.id}/deactivate/`, { auth });
      await call(t.app, 'POST', `/api/admin/residents/${activeThenLocked.id}/deactivate/`, { auth });

      const list = await call(t.app, 'GET', `/api/admin/residents/?location_id=${location}`, { auth });
      expect(list.status).toBe(200);
      const byApartment = Object.fromEntries(
        list.body.results.map((r: { apartment_number: string; account_status: string }) => [
          r.apartment_number,
          r.account_status,
        ]),
      );
      expect(byApartment).toEqual({
        'S-1': 'never',
        'S-2': 'invited',
        'S-3': 'invited',
        'S-4': 'active',
        'S-5': 'deactivated',
        'S-6': 'deactivated',
        'S-7': 'never',
      });
      const activeRow = list.body.results.find((r: { id: number }) => r.id === active.id);
      expect(Date.parse(activeRow.last_login_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(list.body.results.find((r: { id: number }) => r.id === never.id).last_login_at).toBeNull();
      const letterRow = list.body.results.find((r: { id: number }) => r.id === invitedByLetter.id);
      expect(Date.parse(letterRow.activation_expires_at)).toBeGreaterThan(Date.now() + 29 * DAY_MS);

      for (const [status, expected] of [
        ['never', ['S-1', 'S-7']],
        ['invited', ['S-2', 'S-3']],
        ['active', ['S-4']],
        ['deactivated', ['S-5', 'S-6']],
      ] as const) {
        const res = await call(t.app, 'GET', `/api/admin/residents/?location_id=${location}&status=${status}`, {
          auth,
        });
        expect(res.status).toBe(200);
        expect(res.body.count).toBe(expected.length);
        expect(res.body.results.map((r: { apartment_number: string }) => r.apartment_number)).toEqual(expected);
      }
      const bad = await call(t.app, 'GET', `/api/admin/residents/?status=aktiv`, { auth });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ status: ['Erwartet invited, active, never oder deactivated.'] });

      // The start page's count: active residents who never signed in, per location.
      const counts = await countNeverSignedIn(t.app.ctx.db, [location, see]);
      // S-1, S-2, S-3 and the receptionist S-7; not the deactivated ones, not the one who signed in.
      expect(counts.get(location)).toBe(4);
      expect(counts.get(see)).toBe(1); // Dora
    });

    it('expires Eingeladen with the link: an invitation older than 7 days is Nie angemeldet again', async () => {
      const r = await resident();
      await call(t.app, 'POST', `/api/admin/residents/${r.id}/invitation/`, { auth: manager });
      expect((await getResident(r.id)).body.account_status).toBe('invited');
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 7 * DAY_MS + 60_000 });
      // A staff session ends 10 hours after sign-in (ADR 024): a week later the manager signs in again.
      manager = await signIn(t, managerUser);
      expect((await getResident(r.id)).body.account_status).toBe('never');
    });
  });

  describe('CSV import', () => {
    it('invites by default every new row with an e-mail address and names duplicate lines', async () => {
      const location = await newLocation(t);
      const auth = await signIn(t, await newUser(t, { role: 'manager', managerOf: [location] }));
      const res = await call(t.app, 'POST', '/api/admin/residents/import/', {
        auth,
        payload: {
          location_id: location,
          rows: [
            { apartment_number: 'C-1', name: 'Mit Adresse', email: `c1-${location}@example.org`, line: 2 },
            { apartment_number: 'C-2', name: 'Ohne Adresse', line: 3 },
            { apartment_number: 'C-3', name: 'Doppelt', line: 4 },
            { apartment_number: 'c-3', name: 'Doppelt klein', line: 7 },
            { apartment_number: 'C-4', name: 'Kaputt', email: 'kaputt', line: 8 },
          ],
        },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        created: 2,
        updated: 0,
        unchanged: 0,
        invited: 1,
        errors: [
          { row: 2, line: 4, errors: { apartment_number: ['Wohnung doppelt in Zeile 7'] } },
          { row: 3, line: 7, errors: { apartment_number: ['Wohnung doppelt in Zeile 4'] } },
          { row: 4, line: 8, errors: { email: ['Keine gültige E-Mail-Adresse.'] } },
        ],
      });
      const mails = await t.app.ctx.db
        .selectFrom('email_outbox')
        .select(['to_address', 'kind'])
        .where('location_id', '=', location)
        .execute();
      expect(mails).toEqual([{ to_address: `c1-${location}@example.org`, kind: 'invitation' }]);
      const list = await call(t.app, 'GET', `/api/admin/residents/?location_id=${location}`, { auth });
      expect(list.body.results.map((r: { account_status: string }) => r.account_status)).toEqual(['invited', 'never']);
    });
  });
});
