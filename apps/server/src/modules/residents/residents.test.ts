import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, login, startApp, type TestApp } from '../../../test/harness.js';
import {
  PASSWORD,
  newComment,
  newLike,
  newLocation,
  newPost,
  newProfilePicture,
  newUser,
  signIn,
  type TestUser,
} from '../../../test/factories.js';
import { FORBIDDEN, NOT_FOUND, call, expectDrfError, expectPage } from '../../../test/helpers.js';

const kinds = await dialects();
const ERASED_NAME = 'ehemalige:r Bewohner:in';
const QUEUED = { detail: 'Die E-Mail wurde in den Versand gegeben.' };
const DAY_MS = 24 * 3600 * 1000;

describe.each(kinds)('residents in the back office (%s)', (kind) => {
  let t: TestApp;
  let park: number;
  let see: number;
  let manager: string; // manages park only
  let managerUser: TestUser;
  let seeManager: string; // manages see only
  let admin: string;
  let dora: TestUser; // resident of see
  beforeAll(async () => {
    t = await startApp(kind);
    park = await newLocation(t, { title: 'Residenz am Stadtpark' });
    see = await newLocation(t, { title: 'Haus am See' });
    managerUser = await newUser(t, { role: 'manager', managerOf: [park] });
    dora = await newUser(t, { locationId: see, name: 'Dora Seemann', apartmentNumber: 'S-0101' });
    [manager, seeManager, admin] = await Promise.all([
      signIn(t, managerUser),
      newUser(t, { role: 'manager', managerOf: [see] }).then((u) => signIn(t, u)),
      newUser(t, { role: 'admin' }).then((u) => signIn(t, u)),
    ]);
  });
  afterAll(() => t.close());

  const get = (auth: string, url: string) => call(t.app, 'GET', url, { auth });
  const post = (auth: string, url: string, payload?: object) => call(t.app, 'POST', url, { auth, payload });
  const put = (auth: string, url: string, payload: object) => call(t.app, 'PUT', url, { auth, payload });
  const create = (auth: string, body: object) =>
    post(auth, '/api/admin/residents/', {
      location_id: park,
      name: 'Neue Person',
      email: '',
      is_receptionist: false,
      emergency_services_deactivated: false,
      ...body,
    });
  /** A location of its own with a manager, so lists hold exactly what a test puts there. */
  async function ownLocation() {
    const location = await newLocation(t);
    const auth = await signIn(t, await newUser(t, { role: 'manager', managerOf: [location] }));
    return { location, auth };
  }
  /** The newest queued mail to `to`. */
  const mailTo = (to: string) =>
    t.app.ctx.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', to)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  const tokenIn = (body: string) =>
    /http:\/\/hausportal\.test\/(?:willkommen|forgot-password)\/([A-Za-z0-9_-]+)/.exec(body)![1]!;
  const auditOf = (entityId: number, action: string) =>
    t.app.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', entityId)
      .where('action', '=', action)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  describe('GET /api/admin/residents/', () => {
    it('lists the residents of the caller’s locations by apartment number, with every field', async () => {
      const { location, auth } = await ownLocation();
      const b = await newUser(t, { locationId: location, apartmentNumber: 'L-0202', name: 'Bernd' });
      await newUser(t, { locationId: location, apartmentNumber: 'L-0101', role: 'receptionist' });
      const res = await get(auth, '/api/admin/residents/');
      expect(res.status).toBe(200);
      expectPage(res.body, 2, 2);
      expect(res.body.results.map((r: { apartment_number: string }) => r.apartment_number)).toEqual([
        'L-0101',
        'L-0202',
      ]);
      expect(res.body.results[0].is_receptionist).toBe(true);
      expect(res.body.results[1]).toEqual({
        id: b.id,
        name: 'Bernd',
        apartment_number: 'L-0202',
        email: b.email,
        location_id: location,
        location_title: expect.any(String),
        is_receptionist: false,
        emergency_services_deactivated: false,
        is_active: true,
        invited_at: null,
        erased_at: null,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        account_status: 'never',
        last_login_at: null,
        activation_expires_at: null,
        external_id: null,
        move_in_on: null,
        move_out_on: null,
        access: 'open',
        access_opens_on: null,
        access_closes_on: null,
      });
    });

    it('never lists residents of another manager’s location, nor staff', async () => {
      const res = await get(manager, '/api/admin/residents/?page_size=100');
      const ids = res.body.results.map((r: { id: number }) => r.id);
      expect(ids).not.toContain(dora.id);
      expect(ids).not.toContain(managerUser.id);
      expect(res.body.results.every((r: { location_id: number }) => r.location_id === park)).toBe(true);
    });

    it('answers 404 for a location_id outside the caller’s locations, whatever id is sent', async () => {
      for (const id of [see, 999_999]) {
        const res = await get(manager, `/api/admin/residents/?location_id=${id}`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
    });

    it('shows an admin the residents of every location and filters by location', async () => {
      const res = await get(admin, `/api/admin/residents/?location_id=${see}`);
      expect(res.body.results.map((r: { id: number }) => r.id)).toContain(dora.id);
      const seen = await get(seeManager, '/api/admin/residents/?page_size=100');
      expect(seen.body.results.map((r: { id: number }) => r.id)).toContain(dora.id);
    });

    it('finds residents by name, apartment number or e-mail, ignoring case also beyond ASCII', async () => {
      const { location, auth } = await ownLocation();
      const mueller = await newUser(t, { locationId: location, name: 'Jürgen Müller', apartmentNumber: 'M-0001' });
      const oezil = await newUser(t, {
        locationId: location,
        name: 'Ayşe Özil',
        apartmentNumber: 'M-0002',
        email: 'ayse.oezil@example.org',
      });
      await newUser(t, { locationId: location, name: 'Anna Andere', apartmentNumber: 'Q-0003' });
      const found = async (search: string) =>
        (await get(auth, `/api/admin/residents/?search=${encodeURIComponent(search)}`)).body.results.map(
          (r: { id: number }) => r.id,
        );
      expect(await found('müller')).toEqual([mueller.id]);
      expect(await found('MÜLLER')).toEqual([mueller.id]);
      expect(await found('jÜrgen')).toEqual([mueller.id]);
      expect(await found('ÖZIL')).toEqual([oezil.id]);
      expect(await found('m-000')).toEqual([mueller.id, oezil.id]);
      expect(await found('AYSE.OEZIL@')).toEqual([oezil.id]);
      // Wildcards of either dialect are searched for literally.
      for (const s of ['%', '_', '*', '?', '[', '.*', '(', '\\']) expect(await found(s), s).toEqual([]);
    });

    it('filters by active and pages with page_size', async () => {
      const { location, auth } = await ownLocation();
      const users = [];
      for (let i = 1; i <= 3; i++)
        users.push(await newUser(t, { locationId: location, apartmentNumber: `P-${i}00${location}` }));
      await post(auth, `/api/admin/residents/${users[0]!.id}/deactivate/`);
      expect(
        (await get(auth, '/api/admin/residents/?active=false')).body.results.map((r: { id: number }) => r.id),
      ).toEqual([users[0]!.id]);
      expect((await get(auth, '/api/admin/residents/?active=true')).body.count).toBe(2);
      const page = await get(auth, '/api/admin/residents/?page_size=2');
      expectPage(page.body, 3, 2);
      expect(page.body.next).toBe('/api/admin/residents/?page=2&page_size=2');
      const second = await get(auth, '/api/admin/residents/?page=2&page_size=2');
      expectPage(second.body, 3, 1);
    });

    it('answers 400 with a DRF body to hostile query values', async () => {
      for (const q of [
        'page_size=101',
        'page_size=0',
        'page=abc',
        'location_id=-1',
        'location_id=1e99',
        'active=vielleicht',
        `search=${'x'.repeat(300)}`,
      ]) {
        const res = await get(manager, `/api/admin/residents/?${q}`);
        expect(res.status, q).toBe(400);
        expectDrfError(res.body);
      }
    });

    it('answers 403 to residents and receptionists', async () => {
      for (const role of ['resident', 'receptionist'] as const) {
        const auth = await signIn(t, await newUser(t, { role, locationId: park }));
        for (const [method, url] of [
          ['GET', '/api/admin/residents/'],
          ['POST', '/api/admin/residents/'],
          ['POST', '/api/admin/residents/import/'],
          ['POST', `/api/admin/residents/${dora.id}/erasure/`],
        ] as const) {
          const res = await call(t.app, method, url, { auth, payload: method === 'POST' ? {} : undefined });
          expect(res.status, `${role} ${method} ${url}`).toBe(403);
          expect(res.body).toEqual(FORBIDDEN);
        }
      }
    });
  });

  describe('POST /api/admin/residents/', () => {
    it('creates a resident without a usable password and audits it with the location', async () => {
      const res = await create(manager, {
        name: 'Zoë Neumann',
        apartment_number: 'N-0101',
        email: ' Zoe.Neumann@Example.org ',
        emergency_services_deactivated: true,
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        name: 'Zoë Neumann',
        apartment_number: 'N-0101',
        email: 'zoe.neumann@example.org',
        location_id: park,
        location_title: 'Residenz am Stadtpark',
        is_receptionist: false,
        emergency_services_deactivated: true,
        is_active: true,
        invited_at: null,
      });
      // No password works until one is set through the invitation link.
      for (const password of [PASSWORD, '', '!kein-passwort']) {
        const attempt = await call(t.app, 'POST', '/api/login/', {
          payload: { apartment_number: 'N-0101', password: password || 'x' },
          remoteAddress: '10.9.9.9',
        });
        expect(attempt.status).toBe(400);
        expect(attempt.body).toEqual({ non_field_errors: ['Invalid Credentials'] });
      }
      const entry = await auditOf(res.body.id, 'resident_created');
      expect(entry.location_id).toBe(park);
      expect(JSON.parse(entry.after!)).toMatchObject({ name: 'Zoë Neumann', apartment_number: 'N-0101' });
    });

    it('makes a receptionist when is_receptionist is set', async () => {
      const res = await create(manager, { apartment_number: 'N-REZ', is_receptionist: true });
      expect(res.body.is_receptionist).toBe(true);
      const row = await t.app.ctx.db
        .selectFrom('users')
        .select('role')
        .where('id', '=', res.body.id)
        .executeTakeFirstOrThrow();
      expect(row.role).toBe('receptionist');
    });

    it('refuses an apartment number that signs in already, in any location and any case', async () => {
      for (const apartment of ['S-0101', 's-0101', ' S-0101 ']) {
        const res = await create(manager, { apartment_number: apartment });
        expect(res.status, apartment).toBe(400);
        expect(res.body).toEqual({ apartment_number: ['Diese Wohnungsnummer ist bereits vergeben.'] });
      }
    });

    it('answers 404 for a location outside the caller’s locations and creates nothing', async () => {
      const res = await create(manager, { location_id: see, apartment_number: 'X-404' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
      const row = await t.app.ctx.db.selectFrom('users').select('id').where('login', '=', 'x-404').executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it('answers German field errors for invalid values', async () => {
      const res = await create(manager, { apartment_number: 'a b@c', name: '  ', email: 'kein-at' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        apartment_number: ['Nur Buchstaben, Ziffern und die Zeichen - . / _ erlaubt, ohne Leerzeichen.'],
        name: ['Eingabe ist zwingend'],
        email: ['Keine gültige E-Mail-Adresse.'],
      });
      const noMail = await create(manager, { apartment_number: 'N-0303', send_invitation: true });
      expect(noMail.status).toBe(400);
      expect(noMail.body).toEqual({ email: ['Für diese Person ist keine E-Mail-Adresse hinterlegt.'] });
    });

    it('answers 400, never 500, to wrong types and huge values', async () => {
      for (const body of [
        { location_id: 'eins', apartment_number: 'H-1' },
        { location_id: 2 ** 40, apartment_number: 'H-2' },
        { apartment_number: 123 },
        { apartment_number: 'H-3', name: 'x'.repeat(151) },
        { apartment_number: 'H-4', is_receptionist: 'ja' },
        { apartment_number: 'H-5', email: 'a@'.repeat(200) },
        { apartment_number: '😀' },
      ]) {
        const res = await create(manager, body);
        expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
        expectDrfError(res.body);
      }
    });

    it('sends the invitation right away when asked', async () => {
      const res = await create(manager, {
        apartment_number: 'N-0404',
        email: 'sofort@example.org',
        send_invitation: true,
      });
      expect(res.status).toBe(201);
      expect(res.body.invited_at).not.toBeNull();
      expect((await mailTo('sofort@example.org')).kind).toBe('invitation');
    });
  });

  describe('GET and PUT /api/admin/residents/:id/', () => {
    it('answers 404 for a resident of another manager’s location or a staff member', async () => {
      for (const id of [dora.id, managerUser.id, 999_999]) {
        expect((await get(manager, `/api/admin/residents/${id}/`)).status).toBe(404);
        const res = await put(manager, `/api/admin/residents/${id}/`, {
          location_id: park,
          name: 'Übernommen',
          apartment_number: `U-${id}`,
        });
        expect(res.status).toBe(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
      const unchanged = await t.app.ctx.db
        .selectFrom('users')
        .select('name')
        .where('id', '=', dora.id)
        .executeTakeFirstOrThrow();
      expect(unchanged.name).toBe('Dora Seemann');
    });

    it('changes every field, moves the login along and audits before and after', async () => {
      const resident = await newUser(t, { locationId: park, apartmentNumber: 'E-0001', name: 'Erika Alt' });
      const res = await put(manager, `/api/admin/residents/${resident.id}/`, {
        location_id: park,
        name: 'Erika Neu',
        apartment_number: 'E-0002',
        email: 'erika@example.org',
        is_receptionist: true,
        emergency_services_deactivated: true,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: resident.id,
        name: 'Erika Neu',
        apartment_number: 'E-0002',
        email: 'erika@example.org',
        is_receptionist: true,
        emergency_services_deactivated: true,
      });
      expect((await get(manager, `/api/admin/residents/${resident.id}/`)).body.name).toBe('Erika Neu');
      // The apartment number is the login.
      expect(
        (await call(t.app, 'POST', '/api/login/', { payload: { apartment_number: 'E-0002', password: PASSWORD } }))
          .status,
      ).toBe(200);
      const entry = await auditOf(resident.id, 'resident_updated');
      expect(entry.location_id).toBe(park);
      expect(JSON.parse(entry.before!)).toMatchObject({ name: 'Erika Alt', apartment_number: 'E-0001' });
      expect(JSON.parse(entry.after!)).toMatchObject({
        name: 'Erika Neu',
        apartment_number: 'E-0002',
        is_receptionist: true,
      });
    });

    it('keeps the own apartment number but refuses one of somebody else', async () => {
      const resident = await newUser(t, { locationId: park, apartmentNumber: 'E-0100' });
      const body = { location_id: park, name: 'Gleich', apartment_number: 'e-0100' };
      expect((await put(manager, `/api/admin/residents/${resident.id}/`, body)).status).toBe(200);
      const taken = await put(manager, `/api/admin/residents/${resident.id}/`, { ...body, apartment_number: 'S-0101' });
      expect(taken.status).toBe(400);
      expect(taken.body).toEqual({ apartment_number: ['Diese Wohnungsnummer ist bereits vergeben.'] });
    });

    it('answers 404 when moving a resident to a location outside the caller’s', async () => {
      const resident = await newUser(t, { locationId: park });
      const res = await put(manager, `/api/admin/residents/${resident.id}/`, {
        location_id: see,
        name: 'Umzug',
        apartment_number: resident.apartmentNumber,
      });
      expect(res.status).toBe(404);
      expect((await get(manager, `/api/admin/residents/${resident.id}/`)).body.location_id).toBe(park);
    });
  });

  describe('deactivate and activate', () => {
    it('ends every session at once, refuses the login, and lets the resident in again once activated', async () => {
      const resident = await newUser(t, { locationId: park });
      const [phone, laptop] = [await signIn(t, resident), await signIn(t, resident)];
      const res = await post(manager, `/api/admin/residents/${resident.id}/deactivate/`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: resident.id, is_active: false });
      for (const auth of [phone, laptop]) {
        const after = await get(auth, '/api/profile/');
        expect(after.status).toBe(401);
        expect(after.body).toEqual({ detail: 'Ungültiges Token.' });
      }
      const refused = await call(t.app, 'POST', '/api/login/', {
        payload: { apartment_number: resident.apartmentNumber, password: PASSWORD },
      });
      expect(refused.body).toEqual({ non_field_errors: ['Invalid Credentials'] });
      const entry = await auditOf(resident.id, 'resident_deactivated');
      expect(entry.location_id).toBe(park);
      expect(JSON.parse(entry.after!)).toMatchObject({ is_active: false });

      const back = await post(manager, `/api/admin/residents/${resident.id}/activate/`);
      expect(back.body.is_active).toBe(true);
      expect((await get(await signIn(t, resident), '/api/profile/')).status).toBe(200);
    });

    it('answers 404 for a resident of another location and changes nothing', async () => {
      const auth = await signIn(t, dora);
      expect((await post(manager, `/api/admin/residents/${dora.id}/deactivate/`)).status).toBe(404);
      expect((await get(auth, '/api/profile/')).status).toBe(200);
    });
  });

  describe('invitation and password reset', () => {
    it('queues a durable invitation whose link sets the first password, valid for 7 days', async () => {
      const created = await create(manager, { apartment_number: 'I-0101', email: 'ines@example.org', name: 'Ines' });
      const res = await post(manager, `/api/admin/residents/${created.body.id}/invitation/`);
      expect(res.status).toBe(202);
      expect(res.body).toEqual(QUEUED);
      const mail = await mailTo('ines@example.org');
      expect(mail).toMatchObject({ kind: 'invitation', location_id: park, contains_secret: 1, status: 'pending' });
      expect(mail.body_text).toContain('I-0101');
      const reset = await t.app.ctx.db
        .selectFrom('password_reset_tokens')
        .select('expires_at')
        .where('user_id', '=', created.body.id)
        .executeTakeFirstOrThrow();
      const validFor = Date.parse(reset.expires_at) - Date.now();
      expect(validFor).toBeGreaterThan(7 * DAY_MS - 60_000);
      expect(validFor).toBeLessThanOrEqual(7 * DAY_MS);
      expect((await get(manager, `/api/admin/residents/${created.body.id}/`)).body.invited_at).not.toBeNull();

      const confirm = await call(t.app, 'POST', '/api/password_reset/confirm/', {
        payload: { token: tokenIn(mail.body_text), password: 'Erstes-Passwort1', repeat_password: 'Erstes-Passwort1' },
      });
      expect(confirm.status).toBe(200);
      const auth = await login(t.app, 'I-0101', 'Erstes-Passwort1');
      expect((await get(auth, '/api/profile/')).body).toMatchObject({ name: 'Ines', apartment_number: 'I-0101' });
      const entry = await auditOf(created.body.id, 'resident_invited');
      expect(entry.location_id).toBe(park);
    });

    it('queues a reset mail valid for one hour, and only the newest link works', async () => {
      const resident = await newUser(t, { locationId: park, email: 'rita@example.org' });
      await post(manager, `/api/admin/residents/${resident.id}/invitation/`);
      const first = tokenIn((await mailTo('rita@example.org')).body_text);
      const res = await post(manager, `/api/admin/residents/${resident.id}/password-reset/`);
      expect(res.status).toBe(202);
      expect(res.body).toEqual(QUEUED);
      const mail = await mailTo('rita@example.org');
      expect(mail).toMatchObject({ kind: 'reset', location_id: park, contains_secret: 1 });
      const reset = await t.app.ctx.db
        .selectFrom('password_reset_tokens')
        .select('expires_at')
        .where('user_id', '=', resident.id)
        .executeTakeFirstOrThrow();
      expect(Date.parse(reset.expires_at) - Date.now()).toBeLessThanOrEqual(3_600_000);
      const stale = await call(t.app, 'POST', '/api/password_reset/confirm/', {
        payload: { token: first, password: 'Zweites-Passwort1', repeat_password: 'Zweites-Passwort1' },
      });
      expect(stale.status).toBe(404);
      const ok = await call(t.app, 'POST', '/api/password_reset/confirm/', {
        payload: {
          token: tokenIn(mail.body_text),
          password: 'Zweites-Passwort1',
          repeat_password: 'Zweites-Passwort1',
        },
      });
      expect(ok.status).toBe(200);
      await login(t.app, resident.login, 'Zweites-Passwort1');
    });

    it('answers 400 when the resident has no e-mail address, and 404 outside the caller’s locations', async () => {
      const created = await create(manager, { apartment_number: 'I-0202' });
      for (const action of ['invitation', 'password-reset']) {
        const res = await post(manager, `/api/admin/residents/${created.body.id}/${action}/`);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ email: ['Für diese Person ist keine E-Mail-Adresse hinterlegt.'] });
        const foreign = await post(manager, `/api/admin/residents/${dora.id}/${action}/`);
        expect(foreign.status).toBe(404);
      }
      const mails = await t.app.ctx.db
        .selectFrom('email_outbox')
        .select('id')
        .where('to_address', '=', dora.email)
        .execute();
      expect(mails).toHaveLength(0);
    });
  });

  describe('POST /api/admin/residents/:id/erasure/', () => {
    /** A resident of park with a picture, a post (liked and commented by a neighbour), a comment and a like. */
    async function activeResident() {
      // Published before the resident moves in, so no notification mail names them.
      const notice = await post(manager, '/api/admin/notices/', { title: 'Aushang', text: 'x', location_ids: [park] });
      const neighbour = await newUser(t, { locationId: park, role: 'receptionist' });
      const resident = await newUser(t, { locationId: park, name: 'Gustav Geheim', email: 'gustav@example.org' });
      await newProfilePicture(t, resident);
      const own = await newPost(t, resident, { text: 'Mein Beitrag' });
      await newComment(t, own, neighbour);
      await newLike(t, own, neighbour);
      const other = await newPost(t, neighbour, { text: 'Beitrag der Nachbarin' });
      const comment = await newComment(t, other, resident, { text: 'Mein Kommentar' });
      await newLike(t, other, resident);
      const auth = await signIn(t, resident);
      await post(manager, `/api/admin/residents/${resident.id}/invitation/`);
      // A notice the resident opened: who read what is personal data too.
      expect((await post(auth, `/api/notices/${notice.body.id}/opened/`)).status).toBe(200);
      // And a document the resident opened.
      const doc = await t.app.ctx.db
        .insertInto('documents')
        .values({
          location_id: park,
          apartment_number: null,
          title: 'Hausordnung',
          icon: '',
          file_key: 'documents/x.pdf',
          file_name: 'x.pdf',
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect((await post(auth, `/api/documents/${doc.id}/opened/`)).status).toBe(204);
      return { resident, neighbour, own, other, comment, auth, neighbourAuth: await signIn(t, neighbour) };
    }

    it('anonymizes: personal data gone, posts stay under the anonymous name, sessions end', async () => {
      const w = await activeResident();
      await put(manager, `/api/admin/residents/${w.resident.id}/`, {
        location_id: park,
        name: 'Gustav Geheim',
        apartment_number: w.resident.apartmentNumber,
        email: 'gustav@example.org',
      });
      const res = await post(manager, `/api/admin/residents/${w.resident.id}/erasure/`, { content: 'anonymize' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: w.resident.id, erased_at: expect.stringMatching(/^\d{4}-/) });

      expect((await get(w.auth, '/api/profile/')).status).toBe(401);
      const shown = await get(manager, `/api/admin/residents/${w.resident.id}/`);
      expect(shown.body).toMatchObject({ name: ERASED_NAME, email: '', apartment_number: '', is_active: false });
      const user = await t.app.ctx.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', w.resident.id)
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({ login: `erased-${w.resident.id}`, profile_picture: null, email: '' });
      for (const table of [
        'auth_tokens',
        'push_subscriptions',
        'password_reset_tokens',
        'notice_reads',
        'document_reads',
      ] as const) {
        const rows = await t.app.ctx.db
          .selectFrom(table)
          .select('user_id')
          .where('user_id', '=', w.resident.id)
          .execute();
        expect(rows, table).toHaveLength(0);
      }
      // The apartment number is free again for the next tenant.
      expect((await create(manager, { apartment_number: w.resident.apartmentNumber })).status).toBe(201);

      const feed = await get(w.neighbourAuth, '/api/messages/?page_size=100');
      const post_ = feed.body.results.find((m: { id: number }) => m.id === w.own);
      expect(post_).toMatchObject({ user_name: ERASED_NAME, user_image: null });
      const comments = await get(w.neighbourAuth, `/api/messages/${w.other}/comments/`);
      expect(comments.body.results.map((c: { user_name: string }) => c.user_name)).toContain(ERASED_NAME);

      // The audit log says what happened, not to whom; earlier copies of the data are gone.
      const entries = await t.app.ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'user')
        .where('entity_id', '=', w.resident.id)
        .execute();
      const text = JSON.stringify(entries);
      for (const secret of ['Gustav', 'gustav@example.org', w.resident.apartmentNumber])
        expect(text).not.toContain(secret);
      const erased = entries.find((e) => e.action === 'resident_erased')!;
      expect(erased).toMatchObject({ location_id: park });
      expect(JSON.parse(erased.details!)).toEqual({ content: 'anonymize' });
      // Nor do the mails that carried the name and address stay.
      const mails = await t.app.ctx.db
        .selectFrom('email_outbox')
        .select('id')
        .where('to_address', '=', 'gustav@example.org')
        .execute();
      expect(mails).toHaveLength(0);
    });

    it('deletes: posts, comments and likes go and the counts are recomputed', async () => {
      const w = await activeResident();
      const before = await get(w.neighbourAuth, '/api/messages/?page_size=100');
      const res = await post(manager, `/api/admin/residents/${w.resident.id}/erasure/`, { content: 'delete' });
      expect(res.status).toBe(200);
      const after = await get(w.neighbourAuth, '/api/messages/?page_size=100');
      expect(after.body.count).toBe(before.body.count - 1);
      expect(after.body.results.map((m: { id: number }) => m.id)).not.toContain(w.own);
      const other = after.body.results.find((m: { id: number }) => m.id === w.other);
      expect(other).toMatchObject({ like_count: 0, comment_count: 0 });
      const comments = await get(w.neighbourAuth, `/api/messages/${w.other}/comments/`);
      expect(comments.body.count).toBe(0);
      expect((await get(w.neighbourAuth, `/api/messages/${w.own}/`)).status).toBe(404);
      const location = await t.app.ctx.db
        .selectFrom('locations')
        .select('approved_message_count')
        .where('id', '=', park)
        .executeTakeFirstOrThrow();
      const approved = await t.app.ctx.db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('location_id', '=', park)
        .where('status', '=', 'approved')
        .executeTakeFirstOrThrow();
      expect(Number(location.approved_message_count)).toBe(Number(approved.n));
      expect((await get(w.auth, '/api/profile/')).status).toBe(401);
    });

    it('answers 404 for another location’s resident and 400 for an unknown content choice', async () => {
      expect((await post(manager, `/api/admin/residents/${dora.id}/erasure/`, { content: 'delete' })).status).toBe(404);
      expect((await get(await signIn(t, dora), '/api/profile/')).body.name).toBe('Dora Seemann');
      const resident = await newUser(t, { locationId: park });
      for (const body of [{}, { content: 'alles' }, { content: 1 }]) {
        const res = await post(manager, `/api/admin/residents/${resident.id}/erasure/`, body);
        expect(res.status).toBe(400);
        expectDrfError(res.body);
      }
    });

    it('refuses to edit or re-activate an erased resident', async () => {
      const resident = await newUser(t, { locationId: park });
      await post(manager, `/api/admin/residents/${resident.id}/erasure/`, { content: 'anonymize' });
      const edit = await put(manager, `/api/admin/residents/${resident.id}/`, {
        location_id: park,
        name: 'Wieder da',
        apartment_number: 'W-0001',
      });
      expect(edit.status).toBe(400);
      expect(edit.body).toEqual({ non_field_errors: ['Die Daten dieser Person wurden gelöscht.'] });
      expect((await post(manager, `/api/admin/residents/${resident.id}/activate/`)).status).toBe(400);
    });
  });
});
