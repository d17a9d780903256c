import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { PASSWORD, newLocation, newUser, signIn } from '../../../test/factories.js';
import { FORBIDDEN, NO_CREDENTIALS, call } from '../../../test/helpers.js';

const kinds = await dialects();
const FAILED = { non_field_errors: ['E-Mail oder Passwort ist falsch.'] };
const STAFF_ACCOUNT = {
  detail: 'Dieses Konto gehört zur Hausverwaltung. Bitte melden Sie sich im Verwaltungsbereich an.',
  code: 'staff_account',
};
/** A fresh address per test, so tests do not share throttle budgets. */
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe.each(kinds)('staff session (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t.close());

  const staffLogin = (email: string, password: string, remoteAddress = address()) =>
    call(t.app, 'POST', '/api/staff/login/', { payload: { email, password }, remoteAddress });

  describe('POST /api/staff/login/', () => {
    it('gives a manager and an admin a token that opens the back office', async () => {
      for (const role of ['manager', 'admin'] as const) {
        const user = await newUser(t, { role });
        const res = await staffLogin(user.email, PASSWORD);
        expect(res.status, role).toBe(200);
        expect(Object.keys(res.body)).toEqual(['token']);
        const me = await call(t.app, 'GET', '/api/admin/me/', { auth: `Token ${res.body.token}` });
        expect(me.status).toBe(200);
        expect(me.body).toMatchObject({ id: user.id, role });
      }
    });

    it('ignores case and surrounding spaces in the e-mail address', async () => {
      const user = await newUser(t, { role: 'manager', email: 'Buero.Nord@Example.org' });
      const res = await staffLogin('  BUERO.nord@example.ORG ', PASSWORD);
      expect(res.status).toBe(200);
      const me = await call(t.app, 'GET', '/api/admin/me/', { auth: `Token ${res.body.token}` });
      expect(me.body.id).toBe(user.id);
    });

    it('answers one message for a wrong password, an unknown address and a deactivated account', async () => {
      const manager = await newUser(t, { role: 'manager' });
      const gone = await newUser(t, { role: 'manager' });
      await t.app.ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', gone.id).execute();
      for (const [email, password] of [
        [manager.email, `${PASSWORD}x`],
        ['niemand@example.org', PASSWORD],
        [gone.email, PASSWORD],
      ] as const) {
        const res = await staffLogin(email, password);
        expect(res.status, email).toBe(400);
        expect(res.body).toEqual(FAILED);
      }
    });

    it('refuses residents and receptionists with their own credentials, whatever they type as e-mail', async () => {
      const resident = await newUser(t, { email: 'anna.bewohnerin@example.org' });
      const receptionist = await newUser(t, { role: 'receptionist' });
      for (const email of [
        resident.email,
        resident.apartmentNumber,
        receptionist.email,
        receptionist.apartmentNumber,
      ]) {
        const res = await staffLogin(email, PASSWORD);
        expect(res.status, email).toBe(400);
        expect(res.body).toEqual(FAILED);
      }
    });

    it('answers 400 Eingabe ist zwingend for empty, blank or missing fields', async () => {
      const res = await staffLogin('  ', '');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ email: ['Eingabe ist zwingend'], password: ['Eingabe ist zwingend'] });
      const missing = await call(t.app, 'POST', '/api/staff/login/', { payload: {} });
      expect(missing.body).toEqual({ email: ['Eingabe ist zwingend'], password: ['Eingabe ist zwingend'] });
    });

    it('answers 400, not 500, to hostile input', async () => {
      for (const payload of [
        { email: ['a'], password: PASSWORD },
        { email: 'x'.repeat(10_000), password: PASSWORD },
        { email: "' OR ''='", password: "' OR ''='" },
        { email: 'ü\u0000@example.org', password: PASSWORD },
      ]) {
        const res = await call(t.app, 'POST', '/api/staff/login/', { payload, remoteAddress: address() });
        expect(res.status, JSON.stringify(payload).slice(0, 40)).toBe(400);
      }
    });

    it('records the sign-in in the audit log', async () => {
      const manager = await newUser(t, { role: 'manager' });
      await signIn(t, manager);
      const entry = await t.app.ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('user_id', '=', manager.id)
        .where('action', '=', 'login')
        .executeTakeFirst();
      expect(entry).toMatchObject({ entity: 'user', entity_id: manager.id });
    });

    it('throttles guessing like the residents’ login: after ten failures from one address even the right password waits', async () => {
      const manager = await newUser(t, { role: 'manager' });
      const ip = address();
      for (let i = 0; i < 10; i++) expect((await staffLogin(manager.email, `rate-${i}`, ip)).status).toBe(400);
      const blocked = await staffLogin(manager.email, PASSWORD, ip);
      expect(blocked.status).toBe(429);
      expect(blocked.body.detail).toMatch(/^Zu viele Versuche/);
      // Another address is not affected.
      expect((await staffLogin(manager.email, PASSWORD)).status).toBe(200);
    });

    it('shares its throttle with /api/login/ for the same account', async () => {
      const manager = await newUser(t, { role: 'manager' });
      const ip = address();
      for (let i = 0; i < 5; i++) {
        const res = await call(t.app, 'POST', '/api/login/', {
          payload: { apartment_number: manager.email, password: `rate-${i}` },
          remoteAddress: ip,
        });
        expect(res.status).toBe(400);
      }
      for (let i = 0; i < 5; i++) expect((await staffLogin(manager.email, `staff-${i}`, ip)).status).toBe(400);
      expect((await staffLogin(manager.email, PASSWORD, ip)).status).toBe(429);
    });
  });

  describe('POST /api/login/ with a staff account', () => {
    it('answers 403 staff_account for the right password and issues no token', async () => {
      const admin = await newUser(t, { role: 'admin' });
      const res = await call(t.app, 'POST', '/api/login/', {
        payload: { apartment_number: admin.email, password: PASSWORD },
        remoteAddress: address(),
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(STAFF_ACCOUNT);
      const tokens = await t.app.ctx.db
        .selectFrom('auth_tokens')
        .select('id')
        .where('user_id', '=', admin.id)
        .execute();
      expect(tokens).toHaveLength(0);
    });

    it('answers the usual Invalid Credentials for a wrong password, so it tells nobody the account is staff', async () => {
      const manager = await newUser(t, { role: 'manager' });
      const res = await call(t.app, 'POST', '/api/login/', {
        payload: { apartment_number: manager.email, password: 'falsch-falsch' },
        remoteAddress: address(),
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ non_field_errors: ['Invalid Credentials'] });
    });
  });

  it('ends a staff session with GET /api/logout/', async () => {
    const auth = await signIn(t, await newUser(t, { role: 'manager' }));
    expect((await call(t.app, 'GET', '/api/logout/', { auth })).status).toBe(200);
    const after = await call(t.app, 'GET', '/api/admin/me/', { auth });
    expect(after.status).toBe(401);
  });

  describe('GET /api/admin/me/', () => {
    it('shows a manager their own locations only, and an admin every location', async () => {
      const park = await newLocation(t, { title: 'Residenz am Stadtpark', name: 'Stadtpark GmbH' });
      const see = await newLocation(t, { title: 'Haus am See' });
      const manager = await newUser(t, { role: 'manager', name: 'Frau Verwalterin', managerOf: [park] });
      const me = await call(t.app, 'GET', '/api/admin/me/', { auth: await signIn(t, manager) });
      expect(me.status).toBe(200);
      expect(me.body).toEqual({
        id: manager.id,
        name: 'Frau Verwalterin',
        email: manager.email,
        role: 'manager',
        locations: [{ id: park, title: 'Residenz am Stadtpark', name: 'Stadtpark GmbH' }],
        access_days: { opens_before_move_in: 14, closes_after_move_out: 30 },
      });
      const admin = await call(t.app, 'GET', '/api/admin/me/', {
        auth: await signIn(t, await newUser(t, { role: 'admin' })),
      });
      expect(admin.body.role).toBe('admin');
      expect(admin.body.locations.map((l: { id: number }) => l.id)).toEqual(expect.arrayContaining([park, see]));
    });

    it("names the installation's configured access days around move-in and move-out", async () => {
      const other = await startApp(kind, {
        ACCESS_OPENS_DAYS_BEFORE_MOVE_IN: '3',
        ACCESS_CLOSES_DAYS_AFTER_MOVE_OUT: '0',
      });
      try {
        const me = await call(other.app, 'GET', '/api/admin/me/', {
          auth: await signIn(other, await newUser(other, { role: 'manager' })),
        });
        expect(me.status).toBe(200);
        expect(me.body.access_days).toEqual({ opens_before_move_in: 3, closes_after_move_out: 0 });
      } finally {
        await other.close();
      }
    });

    it('answers 403 to residents and receptionists and 401 without a token', async () => {
      for (const role of ['resident', 'receptionist'] as const) {
        const res = await call(t.app, 'GET', '/api/admin/me/', { auth: await signIn(t, await newUser(t, { role })) });
        expect(res.status, role).toBe(403);
        expect(res.body).toEqual(FORBIDDEN);
      }
      const anonymous = await call(t.app, 'GET', '/api/admin/me/');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual(NO_CREDENTIALS);
    });
  });

  describe('GET /api/admin/staff/', () => {
    it('lists a manager the colleagues of their locations and an admin everyone on the staff', async () => {
      const [a, b] = [await newLocation(t), await newLocation(t)];
      const me = await newUser(t, { role: 'manager', managerOf: [a] });
      const colleague = await newUser(t, { role: 'manager', managerOf: [a, b] });
      const stranger = await newUser(t, { role: 'manager', managerOf: [b] });
      const resident = await newUser(t, { locationId: a });
      const mine = await call(t.app, 'GET', '/api/admin/staff/', { auth: await signIn(t, me) });
      // Paged like every list, not a bare array.
      expect(mine.body).toMatchObject({ count: expect.any(Number), next: null, previous: null });
      const ids = mine.body.results.map((s: { id: number }) => s.id);
      expect(ids).toEqual(expect.arrayContaining([me.id, colleague.id]));
      expect(ids).not.toContain(stranger.id);
      expect(ids).not.toContain(resident.id);
      const admin = await newUser(t, { role: 'admin' });
      const all = (
        await call(t.app, 'GET', '/api/admin/staff/?page_size=100', { auth: await signIn(t, admin) })
      ).body.results.map((s: { id: number }) => s.id);
      expect(all).toEqual(expect.arrayContaining([me.id, colleague.id, stranger.id, admin.id]));
      expect(all).not.toContain(resident.id);
    });
  });
});
