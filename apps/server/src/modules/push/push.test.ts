import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newLocation, newUser, signIn, type TestUser } from '../../../test/factories.js';
import { NO_CREDENTIALS, NOT_FOUND, call } from '../../../test/helpers.js';

const kinds = await dialects();

const subscription = (n: number) =>
  JSON.stringify({
    endpoint: `https://fcm.googleapis.com/fcm/send/${n}`,
    expirationTime: null,
    keys: { p256dh: `BP${n}key`, auth: `auth${n}` },
  });

describe.each(kinds)('push tokens (%s)', (kind) => {
  let t: TestApp;
  let annaUser: TestUser;
  let anna: string;
  let bernd: string; // a neighbour in the same location
  beforeAll(async () => {
    t = await startApp(kind);
    const location = await newLocation(t);
    annaUser = await newUser(t, { locationId: location });
    const berndUser = await newUser(t, { locationId: location });
    [anna, bernd] = await Promise.all([signIn(t, annaUser), signIn(t, berndUser)]);
  });
  afterAll(() => t.close());

  const rowsOf = (user: TestUser) =>
    t.app.ctx.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', user.id).execute();

  it('registers a web push subscription and answers 201 with its id', async () => {
    const res = await call(t.app, 'POST', '/api/fcm/token/', {
      auth: anna,
      payload: { type: 'web', registration_id: subscription(1) },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), type: 'web', registration_id: subscription(1) });
    expect((await rowsOf(annaUser)).map((r) => r.registration_id)).toEqual([subscription(1)]);
  });

  it('answers 200 with the same id when the same subscription is registered again', async () => {
    const first = await call(t.app, 'POST', '/api/fcm/token/', {
      auth: anna,
      payload: { type: 'web', registration_id: subscription(2) },
    });
    const again = await call(t.app, 'POST', '/api/fcm/token/', {
      auth: anna,
      payload: { type: 'web', registration_id: subscription(2) },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await rowsOf(annaUser)).filter((r) => r.registration_id === subscription(2))).toHaveLength(1);
  });

  it('answers 400 for a registration_id that is not a PushSubscription', async () => {
    for (const registration_id of [
      'fcm-token-123',
      '{"endpoint":"https://x"}',
      '{"endpoint":"https://fcm.googleapis.com/fcm/send/a","keys":{"p256dh":1,"auth":"b"}}',
    ]) {
      const res = await call(t.app, 'POST', '/api/fcm/token/', {
        auth: anna,
        payload: { type: 'web', registration_id },
      });
      expect(res.status, registration_id).toBe(400);
      expect(res.body).toEqual({
        registration_id: ['Ungültiges Push-Abonnement (erwartet wird ein PushSubscription-JSON).'],
      });
    }
  });

  /** Anna registers a subscription with this endpoint. */
  const registerEndpoint = (endpoint: string) =>
    call(t.app, 'POST', '/api/fcm/token/', {
      auth: anna,
      payload: { type: 'web', registration_id: JSON.stringify({ endpoint, keys: { p256dh: 'a', auth: 'b' } }) },
    });

  it('refuses endpoints that are not an https push service (SSRF): plain http, loopback, other hosts', async () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/a',
      'https://127.0.0.1/push',
      'https://169.254.169.254/latest/meta-data',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/a',
      'https://fcm.googleapis.com:8443/fcm/send/a',
      'https://push.example.org/send/1',
    ]) {
      const res = await registerEndpoint(endpoint);
      expect(res.status, endpoint).toBe(400);
      expect(res.body).toEqual({ registration_id: ['Dieser Push-Dienst wird nicht unterstützt.'] });
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/abc',
    ]) {
      expect((await registerEndpoint(endpoint)).status, endpoint).toBe(201);
    }
  });

  it('answers 400 for a type other than web and for a missing registration_id', async () => {
    const wrongType = await call(t.app, 'POST', '/api/fcm/token/', {
      auth: anna,
      payload: { type: 'android', registration_id: subscription(3) },
    });
    expect(wrongType.status).toBe(400);
    expect(Object.keys(wrongType.body)).toEqual(['type']);
    const missing = await call(t.app, 'POST', '/api/fcm/token/', { auth: anna, payload: { type: 'web' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ registration_id: ['Eingabe ist zwingend'] });
  });

  it("deletes the caller's own subscription with 204 and then answers 404", async () => {
    const { body } = await call(t.app, 'POST', '/api/fcm/token/', {
      auth: anna,
      payload: { type: 'web', registration_id: subscription(4) },
    });
    const res = await call(t.app, 'DELETE', `/api/fcm/token/${body.id}/`, { auth: anna });
    expect(res.status).toBe(204);
    expect(res.raw.length).toBe(0);
    expect((await rowsOf(annaUser)).map((r) => r.id)).not.toContain(body.id);
    const again = await call(t.app, 'DELETE', `/api/fcm/token/${body.id}/`, { auth: anna });
    expect(again.status).toBe(404);
    expect(again.body).toEqual(NOT_FOUND);
  });

  it("answers 404 when deleting another user's subscription and keeps it", async () => {
    const { body } = await call(t.app, 'POST', '/api/fcm/token/', {
      auth: anna,
      payload: { type: 'web', registration_id: subscription(5) },
    });
    const res = await call(t.app, 'DELETE', `/api/fcm/token/${body.id}/`, { auth: bernd });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
    expect((await rowsOf(annaUser)).map((r) => r.id)).toContain(body.id);
  });

  it('lets two users register the same browser subscription separately', async () => {
    const a = await call(t.app, 'POST', '/api/fcm/token/', {
      auth: anna,
      payload: { type: 'web', registration_id: subscription(6) },
    });
    const b = await call(t.app, 'POST', '/api/fcm/token/', {
      auth: bernd,
      payload: { type: 'web', registration_id: subscription(6) },
    });
    expect(b.status).toBe(201);
    expect(b.body.id).not.toBe(a.body.id);
  });

  it('hands out one stable VAPID public key for pushManager.subscribe()', async () => {
    const first = await call(t.app, 'GET', '/api/push/config/', { auth: anna });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(['public_key']);
    // An uncompressed P-256 point, base64url: 65 bytes.
    expect(Buffer.from(first.body.public_key, 'base64url')).toHaveLength(65);
    expect((await call(t.app, 'GET', '/api/push/config/', { auth: bernd })).body).toEqual(first.body);
    expect(JSON.stringify(first.body)).not.toMatch(/private/i);
  });

  it('answers 401 to anonymous callers', async () => {
    const config = await call(t.app, 'GET', '/api/push/config/');
    expect(config.status).toBe(401);
    expect(config.body).toEqual(NO_CREDENTIALS);
    const post = await call(t.app, 'POST', '/api/fcm/token/', {
      payload: { type: 'web', registration_id: subscription(7) },
    });
    expect(post.status).toBe(401);
    expect(post.body).toEqual(NO_CREDENTIALS);
    const del = await call(t.app, 'DELETE', '/api/fcm/token/1/');
    expect(del.status).toBe(401);
    expect(del.body).toEqual(NO_CREDENTIALS);
  });
});
