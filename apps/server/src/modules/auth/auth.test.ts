import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/tokens.js';
import { dialects, login, startApp, type TestApp } from '../../../test/harness.js';
import { PASSWORD, newUser, signIn } from '../../../test/factories.js';
import { NO_CREDENTIALS, NOT_FOUND, call } from '../../../test/helpers.js';

const kinds = await dialects();

/** The reset link of the newest queued mail to `to`, read from the outbox table. */
async function resetTokenFromOutbox(t: TestApp, to: string): Promise<string> {
  const mail = await t.app.ctx.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const match = /http:\/\/hausportal\.test\/forgot-password\/([A-Za-z0-9_-]+)/.exec(mail.body_text);
  expect(match, mail.body_text).not.toBeNull();
  return match![1]!;
}

describe.each(kinds)('auth (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t.close());

  describe('POST /api/login/', () => {
    it('answers 200 with only a token for the right apartment number and password', async () => {
      const user = await newUser(t);
      const res = await call(t.app, 'POST', '/api/login/', {
        payload: { apartment_number: user.apartmentNumber, password: PASSWORD },
      });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['token']);
      // 32 random bytes in base64url.
      expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    });

    it('stores only a hash of the token, never the token itself', async () => {
      const user = await newUser(t);
      const { body } = await call(t.app, 'POST', '/api/login/', {
        payload: { apartment_number: user.apartmentNumber, password: PASSWORD },
      });
      const rows = await t.app.ctx.db.selectFrom('auth_tokens').select('token_hash').execute();
      expect(rows.map((r) => r.token_hash)).toContain(hashToken(body.token));
      expect(rows.map((r) => r.token_hash)).not.toContain(body.token);
    });

    it('ignores case and surrounding spaces in the apartment number', async () => {
      const user = await newUser(t, { apartmentNumber: 'K-0707' });
      const res = await call(t.app, 'POST', '/api/login/', {
        payload: { apartment_number: '  k-0707 ', password: PASSWORD },
      });
      expect(res.status).toBe(200);
      const profile = await call(t.app, 'GET', '/api/profile/', { auth: `Token ${res.body.token}` });
      expect(profile.body.id).toBe(user.id);
    });

    it('refuses a staff account with the right password with 403 staff_account and issues no token', async () => {
      const manager = await newUser(t, { role: 'manager', email: 'hausverwaltung@example.org' });
      const tokensBefore = await t.app.ctx.db
        .selectFrom('auth_tokens')
        .select('id')
        .where('user_id', '=', manager.id)
        .execute();
      const res = await call(t.app, 'POST', '/api/login/', {
        payload: { apartment_number: 'hausverwaltung@example.org', password: PASSWORD },
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        detail: 'Dieses Konto gehört zur Hausverwaltung. Bitte melden Sie sich im Verwaltungsbereich an.',
        code: 'staff_account',
      });
      const tokensAfter = await t.app.ctx.db
        .selectFrom('auth_tokens')
        .select('id')
        .where('user_id', '=', manager.id)
        .execute();
      expect(tokensAfter).toHaveLength(tokensBefore.length);
    });

    it('answers 400 Unknown apartment number for an unknown login', async () => {
      const res = await call(t.app, 'POST', '/api/login/', {
        payload: { apartment_number: 'Z-9999', password: PASSWORD },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ non_field_errors: ['Unknown apartment number'] });
    });

    it('answers 400 Invalid Credentials for a wrong password', async () => {
      const user = await newUser(t);
      const res = await call(t.app, 'POST', '/api/login/', {
        payload: { apartment_number: user.apartmentNumber, password: `${PASSWORD}?` },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ non_field_errors: ['Invalid Credentials'] });
    });

    it('answers 400 Eingabe ist zwingend for empty or blank fields', async () => {
      const res = await call(t.app, 'POST', '/api/login/', { payload: { apartment_number: '   ', password: '' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ apartment_number: ['Eingabe ist zwingend'], password: ['Eingabe ist zwingend'] });
      const missing = await call(t.app, 'POST', '/api/login/', { payload: {} });
      expect(missing.body).toEqual({ apartment_number: ['Eingabe ist zwingend'], password: ['Eingabe ist zwingend'] });
    });

    it('refuses a deactivated account with Invalid Credentials and ends its open sessions', async () => {
      const user = await newUser(t);
      const auth = await signIn(t, user);
      await t.app.ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
      const res = await call(t.app, 'POST', '/api/login/', {
        payload: { apartment_number: user.apartmentNumber, password: PASSWORD },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ non_field_errors: ['Invalid Credentials'] });
      const profile = await call(t.app, 'GET', '/api/profile/', { auth });
      expect(profile.status).toBe(401);
      expect(profile.body).toEqual({ detail: 'Dieses Konto ist deaktiviert.' });
      // Nor does the password-reset lookup reveal anything about a deactivated account.
      const tenant = await call(t.app, 'GET', `/api/tenant/?apartment_number=${user.apartmentNumber}`);
      expect(tenant.status).toBe(404);
      expect(tenant.body).toEqual({ detail: 'Nicht gefunden.' });
    });
  });

  describe('token header', () => {
    it('accepts both "Token <key>" and "Bearer <key>"', async () => {
      const user = await newUser(t);
      const key = (await signIn(t, user)).replace(/^Token /, '');
      for (const auth of [`Token ${key}`, `Bearer ${key}`, `token ${key}`]) {
        const res = await call(t.app, 'GET', '/api/profile/', { auth });
        expect(res.status, auth.slice(0, 6)).toBe(200);
        expect(res.body.apartment_number).toBe(user.apartmentNumber);
      }
    });

    it('answers 401 with a detail when no token is sent', async () => {
      const res = await call(t.app, 'GET', '/api/profile/');
      expect(res.status).toBe(401);
      expect(res.body).toEqual(NO_CREDENTIALS);
    });

    it('answers 401 Ungültiges Token for an unknown token', async () => {
      const res = await call(t.app, 'GET', '/api/profile/', { auth: `Token ${'x'.repeat(43)}` });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Ungültiges Token.' });
    });

    it('answers 401 for a header of another scheme or a malformed one', async () => {
      for (const auth of ['Basic YTpi', 'Token', 'Token short', `Token ${'a'.repeat(20)} extra`]) {
        const res = await call(t.app, 'GET', '/api/profile/', { auth });
        expect(res.status, auth).toBe(401);
        expect(res.body).toEqual({ detail: 'Ungültiger Token-Header.' });
      }
    });

    it('expires a token unused for 30 days', async () => {
      const auth = await signIn(t, await newUser(t));
      const hash = hashToken(auth.replace(/^Token /, ''));
      const longAgo = new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString();
      await t.app.ctx.db
        .updateTable('auth_tokens')
        .set({ last_used_at: longAgo })
        .where('token_hash', '=', hash)
        .execute();
      const res = await call(t.app, 'GET', '/api/profile/', { auth });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Die Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.' });
      const left = await t.app.ctx.db.selectFrom('auth_tokens').select('id').where('token_hash', '=', hash).execute();
      expect(left).toHaveLength(0);
    });
  });

  describe('GET /api/logout/', () => {
    it('revokes the token it was called with, so the next call answers 401', async () => {
      const user = await newUser(t);
      const auth = await signIn(t, user);
      const other = await signIn(t, user);
      const res = await call(t.app, 'GET', '/api/logout/', { auth });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ detail: 'Sie wurden abgemeldet.' });
      const after = await call(t.app, 'GET', '/api/profile/', { auth });
      expect(after.status).toBe(401);
      expect(after.body).toEqual({ detail: 'Ungültiges Token.' });
      expect((await call(t.app, 'GET', '/api/logout/', { auth })).status).toBe(401);
      // Another device of the same user stays signed in.
      expect((await call(t.app, 'GET', '/api/profile/', { auth: other })).status).toBe(200);
    });

    it('answers 401 without a token', async () => {
      const res = await call(t.app, 'GET', '/api/logout/');
      expect(res.status).toBe(401);
      expect(res.body).toEqual(NO_CREDENTIALS);
    });
  });

  describe('GET /api/tenant/', () => {
    it('returns the masked e-mail address of a known apartment', async () => {
      const user = await newUser(t, { email: 'lena.lindner@example.org' });
      const res = await call(t.app, 'GET', `/api/tenant/?apartment_number=${user.apartmentNumber}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ email: 'l•••@example.org' });
      expect(res.raw.toString()).not.toContain('lena.lindner');
    });

    it('answers 404 Nicht gefunden. for an unknown apartment', async () => {
      const res = await call(t.app, 'GET', '/api/tenant/?apartment_number=Z-9999');
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    });

    it('does not look up property managers', async () => {
      const manager = await newUser(t, { role: 'manager' });
      const res = await call(t.app, 'GET', `/api/tenant/?apartment_number=${encodeURIComponent(manager.login)}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    });

    it('answers 400 Eingabe ist zwingend without an apartment number', async () => {
      for (const url of ['/api/tenant/', '/api/tenant/?apartment_number=', '/api/tenant/?apartment_number=%20%20']) {
        const res = await call(t.app, 'GET', url);
        expect(res.status, url).toBe(400);
        expect(res.body).toEqual({ apartment_number: ['Eingabe ist zwingend'] });
      }
    });
  });

  describe('password reset', () => {
    it('queues a mail with a one-time link for the apartment when the client sends the masked address', async () => {
      const user = await newUser(t, { name: 'Erik Nowak', email: 'erik.nowak@example.org' });
      const before = await t.app.ctx.db.selectFrom('email_outbox').select('id').execute();
      const res = await call(t.app, 'POST', '/api/password_reset/', {
        payload: { email: 'e•••@example.org', apartment_number: user.apartmentNumber },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'OK' });
      const mails = await t.app.ctx.db
        .selectFrom('email_outbox')
        .selectAll()
        .where('id', 'not in', before.length ? before.map((r) => r.id) : [-1])
        .execute();
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to_address).toBe('erik.nowak@example.org');
      expect(mails[0]!.subject).toBe('Neues Passwort für Hausportal');
      expect(mails[0]!.body_text).toContain('Guten Tag Erik Nowak,');
      expect(mails[0]!.body_text).toMatch(/http:\/\/hausportal\.test\/forgot-password\/[A-Za-z0-9_-]{43}/);
    });

    it('also accepts the full e-mail address alone', async () => {
      await newUser(t, { email: 'ida.ilic@example.org' });
      const res = await call(t.app, 'POST', '/api/password_reset/', { payload: { email: 'Ida.Ilic@example.org' } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'OK' });
      expect(await resetTokenFromOutbox(t, 'ida.ilic@example.org')).toHaveLength(43);
    });

    it('answers the same OK for an unknown account and sends nothing', async () => {
      const count = async () => (await t.app.ctx.db.selectFrom('email_outbox').select('id').execute()).length;
      const before = await count();
      const res = await call(t.app, 'POST', '/api/password_reset/', {
        payload: { email: 'niemand@example.org', apartment_number: 'Z-9999' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'OK' });
      expect(await count()).toBe(before);
    });

    it('answers 400 Eingabe ist zwingend when neither e-mail nor apartment number is given', async () => {
      const res = await call(t.app, 'POST', '/api/password_reset/', { payload: { email: ' ', apartment_number: '' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ email: ['Eingabe ist zwingend'] });
    });

    it('sets a new password with the token, ends every session and works only once', async () => {
      const user = await newUser(t, { email: 'frieda.fink@example.org' });
      const session = await signIn(t, user);
      await call(t.app, 'POST', '/api/password_reset/', {
        payload: { email: 'f•••@example.org', apartment_number: user.apartmentNumber },
      });
      const token = await resetTokenFromOutbox(t, 'frieda.fink@example.org');

      const mismatch = await call(t.app, 'POST', '/api/password_reset/confirm/', {
        payload: { token, password: 'Neu-Passwort1', repeat_password: 'Neu-Passwort2' },
      });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body).toEqual({ non_field_errors: ['Passwords do not match'] });

      const short = await call(t.app, 'POST', '/api/password_reset/confirm/', {
        payload: { token, password: 'kurz', repeat_password: 'kurz' },
      });
      expect(short.status).toBe(400);
      expect(short.body).toEqual({ password: ['Das Passwort muss mindestens 8 Zeichen lang sein.'] });

      const ok = await call(t.app, 'POST', '/api/password_reset/confirm/', {
        payload: { token, password: 'Neu-Passwort1', repeat_password: 'Neu-Passwort1' },
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ status: 'OK' });

      expect((await call(t.app, 'GET', '/api/profile/', { auth: session })).status).toBe(401);
      const oldPassword = await call(t.app, 'POST', '/api/login/', {
        payload: { apartment_number: user.apartmentNumber, password: PASSWORD },
      });
      expect(oldPassword.body).toEqual({ non_field_errors: ['Invalid Credentials'] });
      await login(t.app, user.login, 'Neu-Passwort1');

      const again = await call(t.app, 'POST', '/api/password_reset/confirm/', {
        payload: { token, password: 'Anderes-Pw1', repeat_password: 'Anderes-Pw1' },
      });
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ status: 'notfound' });
    });

    it('refuses an older reset link once a newer one was requested, and the newer one works once', async () => {
      const user = await newUser(t);
      const confirm = (token: string) =>
        call(t.app, 'POST', '/api/password_reset/confirm/', {
          payload: { token, password: 'Neu-Passwort1', repeat_password: 'Neu-Passwort1' },
        });
      await call(t.app, 'POST', '/api/password_reset/', { payload: { apartment_number: user.apartmentNumber } });
      const older = await resetTokenFromOutbox(t, user.email);
      await call(t.app, 'POST', '/api/password_reset/', { payload: { apartment_number: user.apartmentNumber } });
      const newer = await resetTokenFromOutbox(t, user.email);
      expect(newer).not.toBe(older);

      const stale = await confirm(older);
      expect(stale.status).toBe(404);
      expect(stale.body).toEqual({ status: 'notfound' });
      expect((await confirm(newer)).status).toBe(200);
      expect((await confirm(older)).status).toBe(404);
      await login(t.app, user.login, 'Neu-Passwort1');
    });

    it('withdraws every other token of the user when one is used', async () => {
      const user = await newUser(t);
      const expires = new Date(Date.now() + 600_000).toISOString();
      const created = new Date().toISOString();
      await t.app.ctx.db
        .insertInto('password_reset_tokens')
        .values(
          ['eins', 'zwei'].map((k) => ({
            user_id: user.id,
            token_hash: hashToken(k),
            expires_at: expires,
            used_at: null,
            created_at: created,
          })),
        )
        .execute();
      const fresh = 'Kastanie-Regen-Fahrrad7';
      const use = (token: string) =>
        call(t.app, 'POST', '/api/password_reset/confirm/', {
          payload: { token, password: fresh, repeat_password: fresh },
        });
      expect((await use('zwei')).status).toBe(200);
      expect((await use('eins')).body).toEqual({ status: 'notfound' });
      expect((await login(t.app, user.login, fresh)).length).toBeGreaterThan(20);
    });

    it('answers 404 notfound for an unknown token, even when the passwords differ', async () => {
      for (const payload of [
        { token: 'x'.repeat(43), password: 'Neu-Passwort1', repeat_password: 'Neu-Passwort1' },
        { token: 'nope', password: 'Neu-Passwort1', repeat_password: 'anders12345' },
      ]) {
        const res = await call(t.app, 'POST', '/api/password_reset/confirm/', { payload });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ status: 'notfound' });
      }
    });

    it('answers 404 notfound for an expired token and keeps the old password', async () => {
      const user = await newUser(t);
      await call(t.app, 'POST', '/api/password_reset/', { payload: { apartment_number: user.apartmentNumber } });
      const token = await resetTokenFromOutbox(t, user.email);
      await t.app.ctx.db
        .updateTable('password_reset_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', hashToken(token))
        .execute();
      const res = await call(t.app, 'POST', '/api/password_reset/confirm/', {
        payload: { token, password: 'Neu-Passwort1', repeat_password: 'Neu-Passwort1' },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: 'notfound' });
      await signIn(t, user);
    });

    it('makes reset tokens valid for 60 minutes', async () => {
      const user = await newUser(t);
      const start = Date.now();
      await call(t.app, 'POST', '/api/password_reset/', { payload: { apartment_number: user.apartmentNumber } });
      const token = await resetTokenFromOutbox(t, user.email);
      const row = await t.app.ctx.db
        .selectFrom('password_reset_tokens')
        .selectAll()
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirstOrThrow();
      const ttl = Date.parse(row.expires_at) - start;
      expect(ttl).toBeGreaterThanOrEqual(3_600_000 - 100);
      expect(ttl).toBeLessThanOrEqual(3_600_000 + 5_000);
    });
  });

  describe('PUT /api/profile/changepassword/', () => {
    const url = '/api/profile/changepassword/';

    it('answers 400 Wrong password for a wrong old password', async () => {
      const auth = await signIn(t, await newUser(t));
      const res = await call(t.app, 'PUT', url, {
        auth,
        payload: { old_password: 'falsch', new_password: 'Neu-Passwort1', repeat_password: 'Neu-Passwort1' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ old_password: ['Wrong password'] });
    });

    it('answers 400 Passwords do not match when the repetition differs', async () => {
      const auth = await signIn(t, await newUser(t));
      const res = await call(t.app, 'PUT', url, {
        auth,
        payload: { old_password: PASSWORD, new_password: 'Neu-Passwort1', repeat_password: 'Neu-Passwort2' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ non_field_errors: ['Passwords do not match'] });
    });

    it('answers 400 Eingabe ist zwingend for blank fields', async () => {
      const auth = await signIn(t, await newUser(t));
      const res = await call(t.app, 'PUT', url, {
        auth,
        payload: { old_password: ' ', new_password: '', repeat_password: '  ' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        old_password: ['Eingabe ist zwingend'],
        new_password: ['Eingabe ist zwingend', 'Das Passwort muss mindestens 8 Zeichen lang sein.'],
        repeat_password: ['Eingabe ist zwingend'],
      });
    });

    it('changes the password, keeps the current session and ends the others', async () => {
      const user = await newUser(t);
      const auth = await signIn(t, user);
      const otherDevice = await signIn(t, user);
      const res = await call(t.app, 'PUT', url, {
        auth,
        payload: { old_password: PASSWORD, new_password: 'Neu-Passwort1', repeat_password: 'Neu-Passwort1' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'OK' });
      expect((await call(t.app, 'GET', '/api/profile/', { auth })).status).toBe(200);
      expect((await call(t.app, 'GET', '/api/profile/', { auth: otherDevice })).status).toBe(401);
      const old = await call(t.app, 'POST', '/api/login/', {
        payload: { apartment_number: user.apartmentNumber, password: PASSWORD },
      });
      expect(old.body).toEqual({ non_field_errors: ['Invalid Credentials'] });
      await login(t.app, user.login, 'Neu-Passwort1');
    });

    it('answers 401 without a token', async () => {
      const res = await call(t.app, 'PUT', url, {
        payload: { old_password: PASSWORD, new_password: 'Neu-Passwort1', repeat_password: 'Neu-Passwort1' },
      });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(NO_CREDENTIALS);
    });
  });

  it('records logins and password changes in the audit log', async () => {
    const user = await newUser(t);
    const auth = await signIn(t, user);
    const changed = await call(t.app, 'PUT', '/api/profile/changepassword/', {
      auth,
      payload: { old_password: PASSWORD, new_password: 'Neu-Passwort1', repeat_password: 'Neu-Passwort1' },
    });
    expect(changed.status).toBe(200);
    const rows = await t.app.ctx.db.selectFrom('audit_log').select('action').where('user_id', '=', user.id).execute();
    const actions = rows.map((r) => r.action);
    expect(actions).toContain('login');
    expect(actions).toContain('password_changed');
  });
});
