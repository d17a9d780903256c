import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { PASSWORD, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { FORBIDDEN, call, type Reply } from '../../../test/helpers.js';

const kinds = await dialects();
/** A fresh address per test, so tests do not share throttle budgets. */
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const CODE_REQUIRED = {
  detail: 'Bitte geben Sie den 6-stelligen Code aus Ihrer Authenticator-App oder einen Wiederherstellungscode ein.',
  code: 'two_factor_required',
};
const WRONG_CODE = { code: ['Der Code ist falsch oder abgelaufen. Bitte geben Sie den aktuellen Code ein.'] };
const CODE_USED = { code: ['Dieser Code wurde schon verwendet. Bitte warten Sie auf den nächsten Code Ihrer App.'] };
const SETUP_REQUIRED = {
  detail:
    'Ihre Hausverwaltung verlangt für alle Konten die Anmeldung mit zweitem Faktor. Bitte richten Sie sie zuerst ein.',
  code: 'two_factor_setup_required',
};

/** The code an authenticator app shows for `secret`, `offsetSteps` 30-second steps from now. */
function appCode(secret: string, offsetSteps = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });
}

/** A code that is none of the three the server accepts now (±1 step). */
function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1].map((o) => appCode(secret, o)));
  for (let n = 0; ; n++) {
    const candidate = String((123456 + n * 7919) % 1_000_000).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

describe.each(kinds)('staff second factor (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t.close());

  const staffLogin = (email: string, password: string, code?: string, remoteAddress = address()) =>
    call(t.app, 'POST', '/api/staff/login/', {
      payload: { email, password, ...(code === undefined ? {} : { code }) },
      remoteAddress,
    });

  /** Sets up the member's second factor through the API, confirming with the current code. */
  async function withTwoFactor(user: TestUser, session?: string) {
    const auth = session ?? (await signIn(t, user));
    const setup = await call(t.app, 'POST', '/api/admin/two-factor/setup/', { auth });
    expect(setup.status).toBe(200);
    const secret: string = setup.body.secret;
    const confirm = await call(t.app, 'POST', '/api/admin/two-factor/confirm/', {
      auth,
      payload: { code: appCode(secret) },
    });
    expect(confirm.status).toBe(200);
    return { auth, secret, recoveryCodes: confirm.body.recovery_codes as string[], setup, confirm };
  }

  it('sets up with a QR code and the secret as text, and only a valid first code confirms it', async () => {
    const manager = await newUser(t, { role: 'manager' });
    const auth = await signIn(t, manager);
    const before = await call(t.app, 'GET', '/api/admin/two-factor/', { auth });
    expect(before.body).toEqual({ enabled: false, enabled_at: null, required: false, recovery_codes_left: 0 });

    const setup = await call(t.app, 'POST', '/api/admin/two-factor/setup/', { auth });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauth_url).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.body.qr_code.split(',')[1], 'base64').toString()).toContain('<svg');

    // A wrong code does not confirm, and signing in still needs no code.
    const wrong = await call(t.app, 'POST', '/api/admin/two-factor/confirm/', {
      auth,
      payload: { code: wrongCode(setup.body.secret) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(WRONG_CODE);
    expect((await staffLogin(manager.email, PASSWORD)).status).toBe(200);

    const ok = await call(t.app, 'POST', '/api/admin/two-factor/confirm/', {
      auth,
      payload: { code: appCode(setup.body.secret) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.recovery_codes).toHaveLength(10);
    expect(new Set(ok.body.recovery_codes).size).toBe(10);
    for (const c of ok.body.recovery_codes) expect(c).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);

    const after = await call(t.app, 'GET', '/api/admin/two-factor/', { auth });
    expect(after.body).toMatchObject({ enabled: true, required: false, recovery_codes_left: 10 });
    // Set up once: a new setup is refused instead of replacing the secret.
    const again = await call(t.app, 'POST', '/api/admin/two-factor/setup/', { auth });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ non_field_errors: ['Die Zwei-Faktor-Anmeldung ist bereits eingerichtet.'] });
    // The audit log records it, without secret or codes.
    const entry = await t.app.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('user_id', '=', manager.id)
      .where('action', '=', 'two_factor_enabled')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(entry)).not.toContain(setup.body.secret);
  });

  it('stores the secret encrypted, never in plain text', async () => {
    const manager = await newUser(t, { role: 'manager' });
    const { secret } = await withTwoFactor(manager);
    const row = await t.app.ctx.db
      .selectFrom('staff_two_factor')
      .selectAll()
      .where('user_id', '=', manager.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_enc).toMatch(/^v1:/);
    expect(row.secret_enc).not.toContain(secret);
    const codes = await t.app.ctx.db
      .selectFrom('staff_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', manager.id)
      .execute();
    expect(codes).toHaveLength(10);
  });

  it('asks for the code after a correct password, refuses a wrong one and signs in with the right one', async () => {
    const manager = await newUser(t, { role: 'manager' });
    const { secret } = await withTwoFactor(manager);

    const missing = await staffLogin(manager.email, PASSWORD);
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual(CODE_REQUIRED);
    expect(missing.body.token).toBeUndefined();
    // A wrong password says nothing about a second factor.
    const badPassword = await staffLogin(manager.email, `${PASSWORD}x`, appCode(secret, 1));
    expect(badPassword.status).toBe(400);
    expect(badPassword.body).toEqual({ non_field_errors: ['E-Mail oder Passwort ist falsch.'] });

    const wrong = await staffLogin(manager.email, PASSWORD, wrongCode(secret));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(WRONG_CODE);

    // The next step's code (the setup used this step's): within the allowed drift.
    const code = appCode(secret, 1);
    const ok = await staffLogin(manager.email, PASSWORD, code.replace(/^(\d{3})/, '$1 '));
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body)).toEqual(['token']);
    const me = await call(t.app, 'GET', '/api/admin/me/', { auth: `Token ${ok.body.token}` });
    expect(me.status).toBe(200);

    // The same code again: refused, even with the right password (replay).
    const replay = await staffLogin(manager.email, PASSWORD, code);
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual(CODE_USED);
    // A code two steps old is outside the drift.
    expect((await staffLogin(manager.email, PASSWORD, appCode(secret, -2))).body).toEqual(WRONG_CODE);
  });

  it('accepts a recovery code once in place of the app code', async () => {
    const manager = await newUser(t, { role: 'manager' });
    const { auth, recoveryCodes } = await withTwoFactor(manager);
    const code = recoveryCodes[3]!;
    const first = await staffLogin(manager.email, PASSWORD, code.toUpperCase());
    expect(first.status).toBe(200);
    expect(first.body.token).toBeTruthy();
    const second = await staffLogin(manager.email, PASSWORD, code);
    expect(second.status).toBe(400);
    expect(second.body).toEqual(WRONG_CODE);
    const status = await call(t.app, 'GET', '/api/admin/two-factor/', { auth });
    expect(status.body.recovery_codes_left).toBe(9);
  });

  it('replaces the recovery codes on request with a current app code', async () => {
    const manager = await newUser(t, { role: 'manager' });
    const { auth, secret, recoveryCodes } = await withTwoFactor(manager);
    const refused = await call(t.app, 'POST', '/api/admin/two-factor/recovery-codes/', {
      auth,
      payload: { code: wrongCode(secret) },
    });
    expect(refused.status).toBe(400);
    const renewed = await call(t.app, 'POST', '/api/admin/two-factor/recovery-codes/', {
      auth,
      payload: { code: appCode(secret, 1) },
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recovery_codes).toHaveLength(10);
    expect((await staffLogin(manager.email, PASSWORD, recoveryCodes[0])).status).toBe(400);
    expect((await staffLogin(manager.email, PASSWORD, renewed.body.recovery_codes[0])).status).toBe(200);
  });

  it('throttles wrong codes like wrong passwords: after ten from one address, 429 with Retry-After', async () => {
    const manager = await newUser(t, { role: 'manager' });
    const { secret } = await withTwoFactor(manager);
    const ip = address();
    const bad = wrongCode(secret);
    for (let i = 0; i < 10; i++) expect((await staffLogin(manager.email, PASSWORD, bad, ip)).status).toBe(400);
    const blocked = await staffLogin(manager.email, PASSWORD, appCode(secret, 1), ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(/^Zu viele Versuche/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a required second factor: password sign-in, then 403 everywhere but the setup until it is set up', async () => {
    const admin = await newUser(t, { role: 'admin' });
    const manager = await newUser(t, { role: 'manager' });
    const adminAuth = await signIn(t, admin);
    const managerAuth = await signIn(t, manager);

    // An administrator without a second factor of their own cannot require it (and lock themselves out).
    const early = await call(t.app, 'PUT', '/api/admin/two-factor/requirement/', {
      auth: adminAuth,
      payload: { required: true },
    });
    expect(early.status).toBe(400);
    expect(early.body).toEqual({
      non_field_errors: [
        'Bitte richten Sie zuerst Ihre eigene Zwei-Faktor-Anmeldung ein, bevor Sie sie für alle Konten verlangen.',
      ],
    });
    await withTwoFactor(admin, adminAuth);

    // Only administrators set it.
    const byManager = await call(t.app, 'PUT', '/api/admin/two-factor/requirement/', {
      auth: managerAuth,
      payload: { required: true },
    });
    expect(byManager.status).toBe(403);
    expect(byManager.body).toEqual(FORBIDDEN);
    const bad = await call(t.app, 'PUT', '/api/admin/two-factor/requirement/', {
      auth: adminAuth,
      payload: { required: 'ja' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ required: ['Erwartet true oder false.'] });

    const set = await call(t.app, 'PUT', '/api/admin/two-factor/requirement/', {
      auth: adminAuth,
      payload: { required: true },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ required: true, enabled: true });

    try {
      // The manager still signs in with the password alone …
      const login = await staffLogin(manager.email, PASSWORD);
      expect(login.status).toBe(200);
      const auth = `Token ${login.body.token}`;
      // … but every other back-office call answers 403 with the code the web routes by.
      for (const [method, url] of [
        ['GET', '/api/admin/me/'],
        ['GET', '/api/admin/residents/'],
        ['GET', '/api/admin/overview/'],
        ['POST', '/api/admin/two-factor/recovery-codes/'],
      ] as const) {
        const res = await call(t.app, method, url, {
          auth,
          payload: method === 'POST' ? { code: '123456' } : undefined,
        });
        expect(res.status, url).toBe(403);
        expect(res.body, url).toEqual(SETUP_REQUIRED);
      }
      const status = await call(t.app, 'GET', '/api/admin/two-factor/', { auth });
      expect(status.status).toBe(200);
      expect(status.body).toMatchObject({ required: true, enabled: false });

      // It cannot be switched off while required.
      const { secret } = await withTwoFactor(manager, auth);
      expect((await call(t.app, 'GET', '/api/admin/me/', { auth })).status).toBe(200);
      const off = await call(t.app, 'POST', '/api/admin/two-factor/disable/', {
        auth,
        payload: { password: PASSWORD, code: appCode(secret, 1) },
      });
      expect(off.status).toBe(403);
      expect(off.body.detail).toMatch(/verlangt die Zwei-Faktor-Anmeldung/);

      // The requirement is in the audit log.
      const entry = await t.app.ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'two_factor_requirement')
        .where('user_id', '=', admin.id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(entry.after!)).toEqual({ required: true });
    } finally {
      await call(t.app, 'PUT', '/api/admin/two-factor/requirement/', {
        auth: adminAuth,
        payload: { required: false },
      });
    }
  });

  it('switches off with password and a current code when not required', async () => {
    const manager = await newUser(t, { role: 'manager' });
    const { auth, secret } = await withTwoFactor(manager);
    const wrongPassword = await call(t.app, 'POST', '/api/admin/two-factor/disable/', {
      auth,
      payload: { password: 'falsch-falsch', code: appCode(secret, 1) },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toEqual({ password: ['Das Passwort ist falsch.'] });
    const off = await call(t.app, 'POST', '/api/admin/two-factor/disable/', {
      auth,
      payload: { password: PASSWORD, code: appCode(secret, 1) },
    });
    expect(off.status).toBe(200);
    expect((await staffLogin(manager.email, PASSWORD)).status).toBe(200);
  });

  it('an administrator resets a lost phone: factor gone, sessions ended; a manager may not', async () => {
    const admin = await newUser(t, { role: 'admin' });
    const manager = await newUser(t, { role: 'manager' });
    const other = await newUser(t, { role: 'manager' });
    const resident = await newUser(t);
    const { auth: managerAuth } = await withTwoFactor(manager);
    const adminAuth = await signIn(t, admin);

    const byManager = await call(t.app, 'DELETE', `/api/admin/two-factor/staff/${manager.id}/`, {
      auth: await signIn(t, other),
    });
    expect(byManager.status).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/two-factor/staff/', { auth: managerAuth })).status).toBe(403);

    const list = await call(t.app, 'GET', '/api/admin/two-factor/staff/?page_size=100', { auth: adminAuth });
    expect(list.status).toBe(200);
    expect(list.body.results.find((r: { id: number }) => r.id === manager.id)).toMatchObject({ enabled: true });
    expect(list.body.results.find((r: { id: number }) => r.id === other.id)).toMatchObject({ enabled: false });
    expect(list.body.results.some((r: { id: number }) => r.id === resident.id)).toBe(false);

    expect(
      (await call(t.app, 'DELETE', `/api/admin/two-factor/staff/${resident.id}/`, { auth: adminAuth })).status,
    ).toBe(404);
    const reset = await call(t.app, 'DELETE', `/api/admin/two-factor/staff/${manager.id}/`, { auth: adminAuth });
    expect(reset.status).toBe(200);
    expect(reset.body.detail).toMatch(/zurückgesetzt/);
    expect((await call(t.app, 'GET', '/api/admin/me/', { auth: managerAuth })).status).toBe(401);
    expect((await staffLogin(manager.email, PASSWORD)).status).toBe(200);
    const entry = await t.app.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'two_factor_reset')
      .where('entity_id', '=', manager.id)
      .executeTakeFirst();
    expect(entry).toMatchObject({ user_id: admin.id, entity: 'user' });
  });

  it('never sends the secret again after the setup', async () => {
    const manager = await newUser(t, { role: 'manager' });
    const { auth, secret, recoveryCodes } = await withTwoFactor(manager);
    const replies: Reply[] = [
      await call(t.app, 'GET', '/api/admin/two-factor/', { auth }),
      await call(t.app, 'POST', '/api/admin/two-factor/setup/', { auth }),
      await call(t.app, 'GET', '/api/admin/me/', { auth }),
      await staffLogin(manager.email, PASSWORD),
      await staffLogin(manager.email, PASSWORD, appCode(secret, 1)),
      await call(t.app, 'GET', '/api/admin/audit/?page_size=100', { auth }),
    ];
    for (const reply of replies) {
      const text = reply.raw.toString();
      expect(text).not.toContain(secret);
      for (const c of recoveryCodes) expect(text).not.toContain(c);
    }
  });
});
