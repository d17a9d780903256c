import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { checkResponses } from '../../../test/replies.js';
import { dialects, startApp, testConfig, type TestApp } from '../../../test/harness.js';
import { PASSWORD, newUser, type TestUser } from '../../../test/factories.js';
import { call } from '../../../test/helpers.js';
import { hashToken } from '../../lib/tokens.js';

const kinds = await dialects();

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const EXPIRED = { detail: 'Die Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.' };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** token lifetimes, the device list and signing other devices out. */
describe.each(kinds)('sessions and signed-in devices (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  /** Signs in from a browser with this User-Agent; returns the Authorization header. */
  async function signInWith(user: TestUser, userAgent: string, app: FastifyInstance = t.app): Promise<string> {
    const staff = user.role === 'manager' || user.role === 'admin';
    const res = await call(app, 'POST', staff ? '/api/staff/login/' : '/api/login/', {
      payload: staff ? { email: user.email, password: PASSWORD } : { apartment_number: user.login, password: PASSWORD },
      headers: { 'user-agent': userAgent },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return `Token ${(res.body as { token: string }).token}`;
  }
  const profile = (auth: string) => call(t.app, 'GET', '/api/profile/', { auth });
  const sessions = (auth: string) => call(t.app, 'GET', '/api/profile/sessions/', { auth });
  const moveClockTo = (ms: number) => vi.useFakeTimers({ now: ms, toFake: ['Date'] });

  it('lists the caller’s devices with label, sign-in and last use, marks this device, and keeps no address', async () => {
    const user = await newUser(t);
    const phone = await signInWith(user, ANDROID_CHROME);
    const laptop = await signInWith(user, WINDOWS_FIREFOX);
    await signInWith(await newUser(t), IPHONE_SAFARI); // someone else's session is not listed

    const res = await sessions(phone);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      count: 2,
      next: null,
      previous: null,
      results: expect.arrayContaining([
        {
          id: expect.any(Number),
          device: 'Chrome · Android',
          created_at: expect.any(String),
          last_used_at: expect.any(String),
          expires_at: expect.any(String),
          current: true,
        },
        expect.objectContaining({ device: 'Firefox · Windows', current: false }),
      ]),
    });
    const mine = (res.body as { results: { current: boolean; created_at: string; expires_at: string }[] }).results;
    const current = mine.find((s) => s.current)!;
    // A resident's session ends 90 days after sign-in.
    expect(Date.parse(current.expires_at) - Date.parse(current.created_at)).toBe(90 * DAY);
    expect(((await sessions(laptop)).body as { results: { device: string; current: boolean }[] }).results).toEqual(
      expect.arrayContaining([expect.objectContaining({ device: 'Firefox · Windows', current: true })]),
    );
    // Only the label is stored: no User-Agent, no address.
    const stored = JSON.stringify(await t.app.ctx.db.selectFrom('auth_tokens').selectAll().execute());
    expect(stored).not.toContain('Mozilla');
    expect(stored).not.toContain('127.0.0.1');
  });

  it('names devices without German words, and an unknown one not at all (each app names it in its language)', async () => {
    const user = await newUser(t);
    const curl = await signInWith(user, 'curl/8.5.0');
    await signInWith(user, 'Mozilla/5.0 (X11; Linux x86_64)');
    const devices = ((await sessions(curl)).body as { results: { device: string; current: boolean }[] }).results;
    expect(devices.map((d) => d.device).sort()).toEqual(['', 'Linux']);
    expect(devices.find((d) => d.current)?.device).toBe('');
  });

  it('signs all other devices out: their next request is 401, this one keeps working', async () => {
    const user = await newUser(t);
    const [phone, laptop, tablet] = [
      await signInWith(user, ANDROID_CHROME),
      await signInWith(user, WINDOWS_FIREFOX),
      await signInWith(user, IPHONE_SAFARI),
    ];
    const res = await call(t.app, 'POST', '/api/profile/sessions/sign-out-others/', { auth: phone });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'Alle anderen Geräte wurden abgemeldet.', count: 2 });
    for (const other of [laptop, tablet]) {
      const refused = await profile(other);
      expect(refused.status).toBe(401);
    }
    expect((await profile(phone)).status).toBe(200);
    expect((await sessions(phone)).body).toMatchObject({ count: 1, results: [{ device: 'Chrome · Android' }] });
  });

  it('signs one device out by id, and answers 404 for another person’s session', async () => {
    const user = await newUser(t);
    const phone = await signInWith(user, ANDROID_CHROME);
    const laptop = await signInWith(user, WINDOWS_FIREFOX);
    const stranger = await signInWith(await newUser(t), IPHONE_SAFARI);
    const list = (await sessions(phone)).body as { results: { id: number; current: boolean }[] };
    const laptopId = list.results.find((s) => !s.current)!.id;
    const strangersId = ((await sessions(stranger)).body as { results: { id: number }[] }).results[0]!.id;

    const foreign = await call(t.app, 'DELETE', `/api/profile/sessions/${strangersId}/`, { auth: phone });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: 'Nicht gefunden.' });
    expect((await profile(stranger)).status).toBe(200);

    const done = await call(t.app, 'DELETE', `/api/profile/sessions/${laptopId}/`, { auth: phone });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ detail: 'Das Gerät wurde abgemeldet.' });
    expect((await profile(laptop)).status).toBe(401);
    expect((await profile(phone)).status).toBe(200);
    const again = await call(t.app, 'DELETE', `/api/profile/sessions/${laptopId}/`, { auth: phone });
    expect(again.status).toBe(404);
  });

  it('ends a resident’s session 90 days after sign-in, however often it is used', async () => {
    const user = await newUser(t);
    const start = Date.now();
    const auth = await signInWith(user, ANDROID_CHROME);
    // Used every 20 days, so the 30 days unused never pass.
    for (const day of [20, 40, 60, 80, 89]) {
      moveClockTo(start + day * DAY);
      expect((await profile(auth)).status, `day ${day}`).toBe(200);
    }
    moveClockTo(start + 90 * DAY + 60_000);
    const ended = await profile(auth);
    expect(ended.status).toBe(401);
    expect(ended.body).toEqual(EXPIRED);
    // The ended session is gone, not only refused.
    expect((await profile(auth)).body).not.toEqual(EXPIRED);
  });

  it('ends a staff session after one working day (10 hours), in the back office too', async () => {
    const staff = await newUser(t, { role: 'manager', managerOf: [] });
    const start = Date.now();
    const auth = await signInWith(staff, WINDOWS_FIREFOX);
    const list = (await sessions(auth)).body as { results: { created_at: string; expires_at: string }[] };
    expect(Date.parse(list.results[0]!.expires_at) - Date.parse(list.results[0]!.created_at)).toBe(10 * HOUR);
    moveClockTo(start + 9 * HOUR + 50 * 60_000);
    expect((await call(t.app, 'GET', '/api/admin/me/', { auth })).status).toBe(200);
    moveClockTo(start + 10 * HOUR + 60_000);
    const ended = await call(t.app, 'GET', '/api/admin/me/', { auth });
    expect(ended.status).toBe(401);
    expect(ended.body).toEqual(EXPIRED);
  });

  it('does not serve a cached token past its end, nor one signed out on another process (the feed, ADR 018)', async () => {
    const user = await newUser(t);
    const auth = await signInWith(user, ANDROID_CHROME);
    const feed = () => call(t.app, 'GET', '/api/messages/', { auth });
    // The session ends in 30 seconds (as if signed in 90 days ago) …
    const tokenHash = hashToken(auth.slice('Token '.length));
    const ends = Date.now() + 30_000;
    await t.app.ctx.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(ends).toISOString() })
      .where('token_hash', '=', tokenHash)
      .execute();
    // … and the feed puts it in this process's token cache, which it then reads without a lookup.
    expect((await feed()).status).toBe(200);
    expect((await feed()).status).toBe(200);
    moveClockTo(ends + 1_000);
    const ended = await feed();
    expect(ended.status).toBe(401);
    expect(ended.body).toEqual(EXPIRED);
    vi.useRealTimers();

    // A second process on the same database signs the first one's device out.
    const other = await buildApp({
      config: testConfig(t.db),
      database: t.db.handle,
      logger: false,
      checkResponses,
    });
    try {
      const phone = await signInWith(user, ANDROID_CHROME);
      expect((await call(t.app, 'GET', '/api/messages/', { auth: phone })).status).toBe(200);
      const laptop = await signInWith(user, WINDOWS_FIREFOX, other);
      const signedOut = await call(other, 'POST', '/api/profile/sessions/sign-out-others/', { auth: laptop });
      expect(signedOut.body).toMatchObject({ count: 1 });
      expect((await call(t.app, 'GET', '/api/messages/', { auth: phone })).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('puts the devices in the data export (Art. 15), without address or User-Agent', async () => {
    const user = await newUser(t);
    const auth = await signInWith(user, IPHONE_SAFARI);
    const res = await call(t.app, 'GET', '/api/profile/export/', { auth });
    expect(res.status).toBe(200);
    expect((res.body as { sessions: unknown }).sessions).toEqual([
      {
        device: 'Safari · iPhone',
        created_at: expect.any(String),
        last_used_at: expect.any(String),
        expires_at: expect.any(String),
      },
    ]);
  });

  it('answers 401 without a session and a German 400 for a bad id', async () => {
    expect((await call(t.app, 'GET', '/api/profile/sessions/')).status).toBe(401);
    const auth = await signInWith(await newUser(t), ANDROID_CHROME);
    const bad = await call(t.app, 'DELETE', '/api/profile/sessions/abc/', { auth });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).not.toMatch(/expected|Invalid/);
  });
});
