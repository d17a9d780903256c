import { Writable } from 'node:stream';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggableUrl } from '../src/plugins/request-log.js';
import { dialects, startApp, type TestApp } from './harness.js';
import { PASSWORD, newLocation, newUser, signIn } from './factories.js';
import { call, pdfText } from './helpers.js';
import { parseMail } from './mail.js';
import { startSmtp } from './smtp.js';

// the log is JSON lines, each line of a request carries its id,
// which the client gets back as X-Request-Id; and no password, token, reset or activation link,
// device cookie, TOTP code, recovery code or TOTP secret ever reaches it, even at LOG_LEVEL=trace.

const kinds = await dialects();
const CODE = /\b([A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4})\b/;
const appCode = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret) });

describe.each(kinds)('the log (%s)', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let log = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      log += chunk.toString();
      done();
    },
  });
  /** Every secret value that passed through a request or response in this suite. */
  const secrets = new Map<string, string>();
  const keep = (what: string, value: string | undefined) => {
    expect(value, what).toBeTruthy();
    secrets.set(what, value!);
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startApp(kind, { LOG_LEVEL: 'trace', SMTP_URL: smtp.url }, undefined, stream);
  }, 30_000);
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('runs sign-in, reset, activation, password change and TOTP without one secret in the log', async () => {
    const location = await newLocation(t);
    const anna = await newUser(t, { locationId: location, email: 'anna@example.org' });
    keep('password', PASSWORD);

    // Sign-in: the token in the answer, the device cookie it sets; then both sent back.
    const login = await call(t.app, 'POST', '/api/login/', {
      payload: { apartment_number: anna.login, password: PASSWORD },
    });
    expect(login.status).toBe(200);
    keep('API token', login.body.token);
    const [deviceName, deviceValue] = Object.entries(login.cookies).find(([n]) => n.startsWith('hp_device_'))!;
    keep('device cookie', deviceValue);
    const auth = `Token ${login.body.token}`;
    expect((await call(t.app, 'GET', '/api/profile/', { auth, cookies: { [deviceName]: deviceValue } })).status).toBe(
      200,
    );
    await call(t.app, 'GET', '/api/profile/', { headers: { authorization: 'Bearer nicht-unser-format-1234567890' } });
    keep('foreign bearer token', 'nicht-unser-format-1234567890');

    // Password reset: the link from the mail, its page, and the confirmation.
    expect((await call(t.app, 'POST', '/api/password_reset/', { payload: { email: anna.email } })).status).toBe(200);
    const deadline = Date.now() + 10_000;
    while (smtp.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const mail = await parseMail(smtp.received[0]!.raw);
    const link = /http:\/\/hausportal\.test\/forgot-password\/(\S+)/.exec(mail.text);
    keep('reset link', link?.[0]);
    keep('reset token', link?.[1]);
    await call(t.app, 'GET', `/forgot-password/${link![1]}`);
    const reset = 'Kastanienallee-Regenschirm-93';
    keep('new password (reset)', reset);
    const confirmed = await call(t.app, 'POST', '/api/password_reset/confirm/', {
      payload: { token: link![1], password: reset, repeat_password: reset },
    });
    expect(confirmed.status).toBe(200);

    // Profile: change the password with the old one.
    const changed = 'Wasserturm-Lindenblatt-47';
    keep('new password (profile)', changed);
    const again = await signIn(t, { ...anna, login: anna.login }).catch(() => null);
    expect(again).toBeNull(); // the old password no longer works
    const relogin = await call(t.app, 'POST', '/api/login/', {
      payload: { apartment_number: anna.login, password: reset },
    });
    keep('API token after reset', relogin.body.token);
    const change = await call(t.app, 'PUT', '/api/profile/changepassword/', {
      auth: `Token ${relogin.body.token}`,
      payload: { old_password: reset, new_password: changed, repeat_password: changed },
    });
    expect(change.status).toBe(200);

    // Activation: a letter's code, typed in with a first password.
    const admin = await newUser(t, { role: 'admin' });
    const adminAuth = await signIn(t, admin);
    keep('staff token', adminAuth.slice('Token '.length));
    const bernd = await newUser(t, { locationId: location });
    const letters = await call(t.app, 'POST', '/api/admin/residents/activation-letters/', {
      auth: adminAuth,
      payload: { ids: [bernd.id] },
    });
    expect(letters.status).toBe(200);
    const code = CODE.exec(await pdfText(letters.raw))?.[1];
    keep('activation code', code);
    keep('activation code without dashes', code?.replaceAll('-', ''));
    await call(t.app, 'GET', `/aktivieren/${code}`);
    const first = 'Ahornweg-Fensterbank-58';
    keep('first password (activation)', first);
    const activated = await call(t.app, 'POST', '/api/activation/', {
      payload: { code, password: first, repeat_password: first },
    });
    expect(activated.status).toBe(200);

    // TOTP for staff: the secret, a code of the app, the recovery codes, a sign-in with a code.
    const setup = await call(t.app, 'POST', '/api/admin/two-factor/setup/', { auth: adminAuth });
    expect(setup.status).toBe(200);
    keep('TOTP secret', setup.body.secret);
    const totp = appCode(setup.body.secret);
    keep('TOTP code', totp);
    const confirm = await call(t.app, 'POST', '/api/admin/two-factor/confirm/', {
      auth: adminAuth,
      payload: { code: totp },
    });
    expect(confirm.status).toBe(200);
    (confirm.body.recovery_codes as string[]).forEach((c, i) => keep(`recovery code ${i}`, c));
    const staff = await call(t.app, 'POST', '/api/staff/login/', {
      payload: { email: admin.email, password: PASSWORD, code: confirm.body.recovery_codes[0] },
    });
    expect(staff.status).toBe(200);
    keep('staff token after TOTP', staff.body.token);

    // Signed links: the unsubscribe signature and a craftsman's job link.
    await call(t.app, 'GET', '/api/notifications/unsubscribe/?user=1&topic=messages&sig=Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2');
    keep('unsubscribe signature', 'Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2');
    await call(t.app, 'GET', '/api/auftrag/Qq1Rr2Ss3Tt4Uu5Vv6Ww7Xx8Yy9/');
    keep('craftsman link token', 'Qq1Rr2Ss3Tt4Uu5Vv6Ww7Xx8Yy9');

    // The log was written, verbosely, about exactly these requests ...
    const lines = log.trim().split('\n');
    expect(lines.length).toBeGreaterThan(15);
    expect(log).toContain('"msg":"request completed"');
    expect(log).toContain('"url":"/api/password_reset/confirm/"');
    expect(log).toContain('"url":"/forgot-password/[entfernt]"');
    // ... and holds none of their secrets: not in a URL, a header, a body or a message.
    const leaked = [...secrets].filter(([, value]) => log.includes(value)).map(([what]) => what);
    expect(leaked).toEqual([]);
    expect(log).not.toMatch(/authorization|set-cookie|"cookie"/i);
  }, 60_000);

  it('writes JSON lines with the request id on every line of a request and returns it as X-Request-Id', async () => {
    log = '';
    const res = await call(t.app, 'GET', '/api/health/');
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = log
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { reqId?: string; msg: string });
    const own = lines.filter((l) => l.reqId === id);
    // One line per request (issue 34), with what an operator reads: method, safe URL, status, time.
    expect(own.map((l) => l.msg)).toEqual(['request completed']);
    expect(own[0]).toMatchObject({ req: { method: 'GET', url: '/api/health/' }, res: { statusCode: 200 } });
    expect(typeof (own[0] as { responseTime?: unknown }).responseTime).toBe('number');

    // A proxy's own id is kept when it looks like one; anything else is replaced.
    const given = await call(t.app, 'GET', '/api/health/', { headers: { 'x-request-id': 'caddy-4f2a.9:17_b' } });
    expect(given.headers['x-request-id']).toBe('caddy-4f2a.9:17_b');
    expect(log).toContain('"reqId":"caddy-4f2a.9:17_b"');
    for (const bad of ['a b', 'x'.repeat(129), '<script>', 'eins\u00e4']) {
      const res = await call(t.app, 'GET', '/api/health/', { headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    // Errors carry it too.
    const missing = await call(t.app, 'GET', '/api/messages/1/');
    expect(missing.status).toBe(401);
    expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('loggableUrl', () => {
  it('keeps paths and paging, and replaces query values and token-like path segments', () => {
    expect(loggableUrl('/api/messages/17/?page=2&search=Meier')).toBe('/api/messages/17/?page=2&search=[entfernt]');
    expect(loggableUrl('/forgot-password/abcDEF123456789_-xyzXYZ')).toBe('/forgot-password/[entfernt]');
    expect(loggableUrl('/aktivieren/ABCD-EFGH-JKLM')).toBe('/aktivieren/[entfernt]');
    expect(loggableUrl('/auftrag/kurz')).toBe('/auftrag/[entfernt]');
    expect(loggableUrl('/api/x/kurz1/', { token: 'kurz1' })).toBe('/api/x/[entfernt]/');
    expect(loggableUrl('/api/media/photos/x.jpg?exp=1&sig=abc')).toBe(
      '/api/media/photos/x.jpg?exp=[entfernt]&sig=[entfernt]',
    );
  });
});
