import { PassThrough } from 'node:stream';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { PASSWORD, newUser, signIn } from '../../../test/factories.js';
import { call, type Reply } from '../../../test/helpers.js';

const kinds = await dialects();
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const PASSWORD_OK = PASSWORD;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A fresh address per test, so tests do not share budgets (and Redis keys of earlier runs). */
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function attempts(t: () => TestApp) {
  return {
    login: (apartment: string, ip: string, password = 'falsch', cookies?: Record<string, string>) =>
      call(t().app, 'POST', '/api/login/', {
        payload: { apartment_number: apartment, password },
        remoteAddress: ip,
        cookies,
      }),
    tenant: (apartment: string, ip: string) =>
      call(t().app, 'GET', `/api/tenant/?apartment_number=${encodeURIComponent(apartment)}`, { remoteAddress: ip }),
    reset: (apartment: string, ip: string) =>
      call(t().app, 'POST', '/api/password_reset/', {
        payload: { email: 'x•••@example.org', apartment_number: apartment },
        remoteAddress: ip,
      }),
    confirm: (token: string, ip: string) =>
      call(t().app, 'POST', '/api/password_reset/confirm/', {
        payload: { token, password: 'Neu-Passwort1', repeat_password: 'Neu-Passwort1' },
        remoteAddress: ip,
      }),
  };
}

const statuses = (replies: Reply[]) => replies.map((r) => r.status);
const count = (replies: Reply[], status: number) => replies.filter((r) => r.status === status).length;

describe.each(kinds)('sign-in throttling with the production figures (%s)', (kind) => {
  let t: TestApp;
  const a = attempts(() => t);
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t.close());

  it('lets 40 correct logins from one address within a minute all succeed', async () => {
    const [one, two] = [await newUser(t), await newUser(t)];
    const ip = address();
    const replies: Reply[] = [];
    for (let i = 0; i < 40; i++) replies.push(await a.login(i % 2 ? one.login : two.login, ip, PASSWORD_OK));
    expect(statuses(replies)).toEqual(Array(40).fill(200));
  });

  it('does not let ten wrong passwords from address A stop the right password from address B', async () => {
    const { login } = await newUser(t);
    const [attacker, owner] = [address(), address()];
    for (let i = 0; i < 10; i++) {
      const res = await a.login(login, attacker, `rate-${i}`);
      expect(res.status, `failure ${i + 1}`).toBe(400);
      expect(res.body).toEqual({ non_field_errors: ['Invalid Credentials'] });
    }
    // The attacker's address is done guessing at this apartment …
    const blocked = await a.login(login, attacker, PASSWORD_OK);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ detail: 'Zu viele Versuche. Bitte versuchen Sie es in 15 Minuten erneut.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    // … but the owner, elsewhere, signs in at once.
    expect((await a.login(login, owner, PASSWORD_OK)).status).toBe(200);
  });

  it('forgets the failures of an address and apartment once the right password is given there', async () => {
    const { login } = await newUser(t);
    const ip = address();
    for (let i = 0; i < 9; i++) expect((await a.login(login, ip)).status).toBe(400);
    expect((await a.login(login, ip, PASSWORD_OK)).status).toBe(200);
    const again: Reply[] = [];
    for (let i = 0; i < 9; i++) again.push(await a.login(login, ip));
    expect(statuses(again)).toEqual(Array(9).fill(400));
  });

  it('lets correct credentials in from an address whose failures are spent, while its guesses get 429', async () => {
    // One neighbour behind the building's NAT: 100 wrong passwords spread over 11 apartments.
    const ip = address();
    const guessed = await Promise.all(Array.from({ length: 11 }, () => newUser(t)));
    const replies: Reply[] = [];
    for (let i = 0; i < 100; i++) replies.push(await a.login(guessed[i % 11]!.login, ip, `geraten-${i}`));
    expect(statuses(replies)).toEqual(Array(100).fill(400));
    // Another resident of the house, on a new device (no device cookie), types the right password.
    const neighbour = await newUser(t);
    const inside = await a.login(neighbour.login, ip, PASSWORD_OK);
    expect(inside.status).toBe(200);
    expect(inside.body).toEqual({ token: expect.any(String) });
    // Guessing from the address stays stopped: a wrong password is not even answered with 400.
    for (const login of [neighbour.login, guessed[0]!.login, (await newUser(t)).login]) {
      const guess = await a.login(login, ip, 'noch-ein-versuch');
      expect(guess.status, login).toBe(429);
      expect(guess.body).toEqual({
        detail: expect.stringMatching(/^Zu viele Versuche\. Bitte versuchen Sie es in \d+ Minuten? erneut\.$/),
      });
      expect(Number(guess.headers['retry-after'])).toBeGreaterThan(800);
    }
  });

  it('checks at most ten of 30 parallel wrong passwords from one address', async () => {
    const { login } = await newUser(t);
    const ip = address();
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => a.login(login, ip, `parallel-${i}`)));
    expect(count(replies, 400)).toBe(10);
    expect(count(replies, 429)).toBe(20);
  });

  it('does not limit signed-in calls', async () => {
    const auth = await signIn(t, await newUser(t, { role: 'receptionist' }));
    for (let i = 0; i < 30; i++) expect((await call(t.app, 'GET', '/api/profile/', { auth })).status).toBe(200);
  });
});

describe.each(kinds)('sign-in throttling, shortened figures (%s)', (kind) => {
  let t: TestApp;
  const a = attempts(() => t);
  beforeAll(async () => {
    t = await startApp(kind, {}, (c) => {
      c.throttle.login.perPair = { points: 3, durationSec: 60 };
      c.throttle.login.perIp = { points: 6, durationSec: 60 };
      c.throttle.login.overBudgetDelayMs = 50;
      c.throttle.login.perDevice = { points: 3, durationSec: 60 };
      c.throttle.login.account = { freeFailures: 4, windowSec: 600, maxDelaySec: 60 };
      c.throttle.tenant = { perPair: { points: 3, durationSec: 60 }, perIp: { points: 5, durationSec: 60 } };
      c.throttle.reset = { perIp: { points: 6, durationSec: 60 }, perAccount: { points: 2, durationSec: 60 } };
      c.throttle.resetConfirm = { perIp: { points: 3, durationSec: 60 } };
    });
  });
  afterAll(() => t.close());

  /** Failures from new addresses each, until the account is slowed down; returns the 429. */
  async function slowDown(apartment: string): Promise<Reply> {
    for (let i = 0; i < 5; i++) expect((await a.login(apartment, address(), `verteilt-${i}`)).status).toBe(400);
    const refused = await a.login(apartment, address(), PASSWORD_OK);
    expect(refused.status).toBe(429);
    return refused;
  }

  it('counts the failures of one address across apartments', async () => {
    const ip = address();
    const apartments = ['Z-1', 'Z-2', 'Z-3', 'Z-4', 'Z-5', 'Z-6'];
    const { login } = await newUser(t);
    for (const apt of apartments) expect((await a.login(apt, ip)).status).toBe(400);
    // Spent: a wrong password from the address now gets 429 …
    const res = await a.login(login, ip);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ detail: 'Zu viele Versuche. Bitte versuchen Sie es in 1 Minute erneut.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // … but the right one still gets in, and elsewhere nothing changed.
    expect((await a.login(login, ip, PASSWORD_OK)).status).toBe(200);
    expect((await a.login(login, address(), PASSWORD_OK)).status).toBe(200);
  });

  it('checks an account from a spent address only a few times, so spraying from there stays stopped', async () => {
    const ip = address();
    for (const apt of ['Y-1', 'Y-2', 'Y-3', 'Y-4', 'Y-5', 'Y-6']) expect((await a.login(apt, ip)).status).toBe(400);
    const { login } = await newUser(t);
    // Three checks an hour per apartment (overBudgetPerPair) once the address is spent …
    for (let i = 0; i < 3; i++) expect((await a.login(login, ip, `falsch-${i}`)).status).toBe(429);
    // … then not even the right password is checked from there; a new device elsewhere is.
    const refused = await a.login(login, ip, PASSWORD_OK);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await a.login(login, address(), PASSWORD_OK)).status).toBe(200);
  });

  it('slows guessing from many addresses at one apartment down with a growing delay instead of a lock', async () => {
    const { login } = await newUser(t);
    const refused = await slowDown(login);
    expect(refused.body).toEqual({
      detail:
        'Für diesen Benutzernamen gab es sehr viele fehlgeschlagene Anmeldungen. Bitte versuchen Sie es in 1 Sekunde erneut oder setzen Sie Ihr Passwort über „Passwort vergessen?“ neu.',
    });
    expect(refused.headers['retry-after']).toBe('1');
    await sleep(1100);
    // The delay has passed: the next wrong guess is checked, and doubles the delay.
    expect((await a.login(login, address(), 'noch-einer')).status).toBe(400);
    const longer = await a.login(login, address(), PASSWORD_OK);
    expect(longer.status).toBe(429);
    expect(longer.headers['retry-after']).toBe('2');
    await sleep(2100);
    // Not a lock: once the delay has passed, the right password signs in from anywhere.
    expect((await a.login(login, address(), PASSWORD_OK)).status).toBe(200);
  });

  it('lets a device that signed in to the apartment before sign in while the apartment is slowed down', async () => {
    const { login } = await newUser(t);
    const first = await a.login(login, address(), PASSWORD_OK);
    expect(first.status).toBe(200);
    const [name, value] = Object.entries(first.cookies).find(([n]) => n.startsWith('hp_device_'))!;
    expect(first.headers['set-cookie']).toMatch(/HttpOnly; SameSite=Strict/);
    expect(first.headers['set-cookie']).toMatch(/Path=\/api\/login\//);

    await slowDown(login);
    // A forged cookie, or one of another apartment, is worth nothing …
    const forged = await a.login(login, address(), PASSWORD_OK, { [name]: `${value.slice(0, -3)}xyz` });
    expect(forged.status).toBe(429);
    const foreign = await a.login(login, address(), PASSWORD_OK, {
      [name.replace(/.$/, (c) => (c === '0' ? '1' : '0'))]: value,
    });
    expect(foreign.status).toBe(429);
    // … the owner's own device signs in.
    const owner = await a.login(login, address(), PASSWORD_OK, { [name]: value });
    expect(owner.status).toBe(200);
  });

  it('limits wrong passwords on a trusted device on their own', async () => {
    const { login } = await newUser(t);
    const first = await a.login(login, address(), PASSWORD_OK);
    const cookies = Object.fromEntries(Object.entries(first.cookies).filter(([n]) => n.startsWith('hp_device_')));
    const replies: Reply[] = [];
    for (let i = 0; i < 4; i++) replies.push(await a.login(login, address(), `geraet-${i}`, cookies));
    expect(statuses(replies)).toEqual([400, 400, 400, 429]);
  });

  it('lifts the delay when the owner sets a new password through the reset link', async () => {
    const user = await newUser(t);
    await slowDown(user.login);
    expect((await a.reset(user.login, address())).status).toBe(200);
    const mail = await t.app.ctx.db
      .selectFrom('email_outbox')
      .select('body_text')
      .where('to_address', '=', user.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = /forgot-password\/([A-Za-z0-9_-]+)/.exec(mail.body_text)![1]!;
    expect((await a.confirm(token, address())).status).toBe(200);
    expect((await a.login(user.login, address(), 'Neu-Passwort1')).status).toBe(200);
  });

  // 60 of 60 lookups of real apartments succeeded from one address.
  it('counts every tenant lookup per address, real apartments too, and unknown ones per name', async () => {
    const [one, two] = [await newUser(t), await newUser(t)];
    const ip = address();
    const found: Reply[] = [];
    for (let i = 0; i < 6; i++) found.push(await a.tenant(i % 2 ? one.login : two.login, ip));
    expect(statuses(found)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(found[5]!.body).toEqual({ detail: 'Zu viele Versuche. Bitte versuchen Sie es in 1 Minute erneut.' });
    // Another address has its own budget; one unknown name tried again and again stops sooner.
    const other = address();
    const unknown: Reply[] = [];
    for (let i = 0; i < 4; i++) unknown.push(await a.tenant('Z-1', other));
    expect(statuses(unknown)).toEqual([404, 404, 404, 429]);
  });

  it('counts an IPv6 host as its /64: spreading lookups and guesses over its addresses gains nothing', async () => {
    const [one, two] = [await newUser(t), await newUser(t)];
    const net = `2001:db8:${randomInt(0xffff).toString(16)}:${randomInt(0xffff).toString(16)}`;
    const lookups: Reply[] = [];
    for (let i = 1; i <= 6; i++)
      lookups.push(await a.tenant(i % 2 ? one.login : two.login, `${net}::${i.toString(16)}`));
    expect(statuses(lookups)).toEqual([200, 200, 200, 200, 200, 429]);
    // The next /64 is another household.
    expect((await a.tenant(one.login, `${net.replace('2001:db8:', '2001:db9:')}::1`)).status).toBe(200);
    const mapped = address();
    for (let i = 0; i < 5; i++) expect((await a.tenant(one.login, mapped)).status).toBe(200);
    expect((await a.tenant(one.login, `::ffff:${mapped}`)).status).toBe(429);
  });

  it('limits reset mails per apartment, so nobody can flood an inbox', async () => {
    const user = await newUser(t);
    const replies: Reply[] = [];
    for (let i = 0; i < 3; i++) replies.push(await a.reset(user.login, address()));
    expect(statuses(replies)).toEqual([200, 200, 429]);
    expect(replies[2]!.body).toEqual({
      detail:
        'Für diesen Benutzernamen wurden gerade mehrere E-Mails verschickt. Bitte prüfen Sie Ihr Postfach. Bitte versuchen Sie es in 1 Minute erneut.',
    });
    const mails = await t.app.ctx.db
      .selectFrom('email_outbox')
      .select('id')
      .where('to_address', '=', user.email)
      .execute();
    expect(mails).toHaveLength(2);
  });

  it('limits reset requests per address, whichever apartment', async () => {
    const ip = address();
    const replies: Reply[] = [];
    for (let i = 0; i < 7; i++) replies.push(await a.reset(`Z-${i}`, ip));
    expect(statuses(replies)).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });

  it('limits invalid reset tokens per address', async () => {
    const ip = address();
    const replies: Reply[] = [];
    for (let i = 0; i < 4; i++) replies.push(await a.confirm(`erfunden-${i}`, ip));
    expect(statuses(replies)).toEqual([404, 404, 404, 429]);
  });
});

describe.each(kinds)('the client address behind a reverse proxy (%s)', (kind) => {
  let t: TestApp;
  let off: TestApp;
  const log = new PassThrough();
  const lines: string[] = [];
  log.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  /** The resident who signs in through the proxy, the same apartment in both apps. */
  const APARTMENT = 'P-0101';
  beforeAll(async () => {
    t = await startApp(kind, { TRUST_PROXY: '1' }, (c) => {
      c.throttle.login.perPair = { points: 2, durationSec: 60 };
    });
    off = await startApp(kind, { LOG_LEVEL: 'warn' }, undefined, log);
    await newUser(t, { apartmentNumber: APARTMENT });
    await newUser(off, { apartmentNumber: APARTMENT });
  });
  afterAll(async () => {
    await t.close();
    await off.close();
  });

  const viaProxy = (app: TestApp, forwardedFor: string, password = 'falsch') =>
    call(app.app, 'POST', '/api/login/', {
      payload: { apartment_number: APARTMENT, password },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('with TRUST_PROXY=1 counts the address the proxy saw, which a client cannot forge', async () => {
    const [client, neighbour] = [address(), address()];
    // The client puts a made-up address in front; the proxy appends the real one.
    for (let i = 0; i < 2; i++) expect((await viaProxy(t, `198.51.100.${i}, ${client}`)).status).toBe(400);
    expect((await viaProxy(t, `198.51.100.9, ${client}`, PASSWORD_OK)).status).toBe(429);
    expect((await viaProxy(t, neighbour, PASSWORD_OK)).status).toBe(200);
  });

  it('warns once in the log when forwarded requests arrive while TRUST_PROXY is off', async () => {
    for (let i = 0; i < 3; i++) await viaProxy(off, address(), PASSWORD_OK);
    const warnings = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level === 40);
    const proxy = warnings.filter((w) => w.msg.includes('TRUST_PROXY'));
    expect(proxy).toHaveLength(1);
    expect(proxy[0]!.msg).toContain('Anfragen kommen mit X-Forwarded-For, aber TRUST_PROXY ist aus');
  });
});

const redisUp = await (async () => {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false });
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    console.warn(`\n!!! Redis nicht erreichbar (${REDIS_URL}): der Redis-Test wird ÜBERSPRUNGEN !!!\n`);
    return false;
  } finally {
    client.disconnect();
  }
})();

/** Waits until the app's counter store has its Redis connection. */
describe.runIf(redisUp)('sign-in throttling with REDIS_URL', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    const tighten = (c: Parameters<NonNullable<Parameters<typeof startApp>[2]>>[0]) => {
      c.throttle.login.perPair = { points: 3, durationSec: 60 };
    };
    one = await startApp('sqlite', { REDIS_URL }, tighten);
    two = await startApp('sqlite', { REDIS_URL }, tighten);
    // Until their connection is up, the counters fall back to each process's memory by design;
    // an app on an empty database is listening before that, so wait for it.
  });
  afterAll(async () => {
    await one.close();
    await two.close();
  });

  it('shares the counters between two server processes', async () => {
    // Redis outlives the test run: a fresh address and apartment keep earlier runs out of the count.
    const ip = address();
    const apartment = `Z-${randomInt(1e9)}`;
    const [a1, a2] = [attempts(() => one), attempts(() => two)];
    for (let i = 0; i < 3; i++) expect((await (i % 2 ? a1 : a2).login(apartment, ip)).status).toBe(400);
    expect((await a2.login(apartment, ip)).status).toBe(429);
    expect((await a1.login(apartment, ip)).status).toBe(429);
  });
});
