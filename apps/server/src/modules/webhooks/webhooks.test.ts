import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@hausportal/contract';
import { dialects, startApp, type TestApp } from '../../../test/harness.js';
import { newApiKey, newLocation, newUser, signIn, type TestApiKey } from '../../../test/factories.js';
import { NOT_FOUND, call, expectDrfError, expectPage } from '../../../test/helpers.js';
import { parseMail } from '../../../test/mail.js';
import { startSmtp } from '../../../test/smtp.js';
import { startReceiver, type Receiver } from '../../../test/webhook-receiver.js';
import { inTransaction } from '../../db/database.js';
import { isoFromMs } from '../../lib/time.js';
import { publicLookup } from '../../outbox/webhook-endpoint.js';
import { purgeOldDeliveries } from './webhooks.actions.js';
import { webhookSecretBox } from './webhooks.queue.js';
import { queueWebhooks } from './webhooks.queue.js';
import { WEBHOOKS_ADMIN_ONLY } from './webhooks.presenter.js';
import { insertEndpoint } from './webhooks.repository.js';

const kinds = await dialects();
const DAY = 24 * 3_600_000;

describe.each(kinds)('webhooks (%s)', (kind) => {
  let t: TestApp;
  let rx: Receiver;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let adminEmail: string;
  let loc1: number;
  let loc2: number;
  let admin: string;
  let manager: string;
  let key1: TestApiKey;
  let key2: TestApiKey;

  beforeAll(async () => {
    rx = await startReceiver();
    smtp = await startSmtp();
    t = await startApp(kind, { WEBHOOK_ENDPOINT_ALLOWLIST: rx.origin, SMTP_URL: smtp.url }, (c) => {
      c.webhooks.timeoutMs = 400;
      c.webhooks.pollMs = 3_600_000;
    });
    loc1 = await newLocation(t);
    loc2 = await newLocation(t);
    [admin, manager] = await Promise.all([
      newUser(t, { role: 'admin' }).then((u) => {
        adminEmail = u.email;
        return signIn(t, u);
      }),
      newUser(t, { role: 'manager', managerOf: [loc1, loc2] }).then((u) => signIn(t, u)),
    ]);
    key1 = await newApiKey(t, { locationIds: [loc1], scopes: ['tickets:read'], name: 'ERP Wodis' });
    key2 = await newApiKey(t, { locationIds: [loc2], scopes: ['tickets:read'], name: 'ERP Nord' });
  });
  afterAll(async () => {
    await t.close();
    await rx.close();
    await smtp.close();
  });
  beforeEach(async () => {
    // What an earlier test left on its way goes first, so each test sees only its own requests.
    await t.app.ctx.webhooks.flush();
    await t.app.ctx.db.deleteFrom('webhook_endpoints').execute();
    await t.app.ctx.db.deleteFrom('email_outbox').execute();
    rx.received.length = 0;
    rx.answer({ status: 204 });
  });
  afterEach(() => vi.useRealTimers());

  const db = () => t.app.ctx.db;
  const register = async (keyId: number, body: Record<string, unknown> = {}) => {
    const res = await call(t.app, 'POST', `/api/admin/integration/keys/${keyId}/webhooks/`, {
      auth: admin,
      payload: { url: rx.url, events: ['ticket.created'], ...body },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    rx.setSecret(res.body.secret);
    return res.body as { id: number; secret: string };
  };
  const emit = (locationId: number, event: WebhookEvent = 'ticket.created', data: Record<string, unknown> = {}) =>
    inTransaction(db(), (trx) =>
      queueWebhooks(trx, { locationId, event, data: { ticket_id: 7, location_id: locationId, ...data } }),
    );
  const flush = () => t.app.ctx.webhooks.flush();
  const deliveries = async (endpointId: number, query = '') => {
    const res = await call(t.app, 'GET', `/api/admin/integration/webhooks/${endpointId}/deliveries/${query}`, {
      auth: admin,
    });
    expect(res.status).toBe(200);
    return res.body.results as {
      id: number;
      message_id: string;
      status: string;
      attempts: number;
      response_code: number | null;
      last_error: string | null;
      next_attempt_at: string | null;
    }[];
  };
  /** Makes every pending delivery due now (instead of waiting out the back-off). */
  const dueNow = () =>
    db()
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: new Date().toISOString() })
      .where('status', '=', 'pending')
      .execute();

  describe('endpoints in the back office', () => {
    it('are for administrators only: a manager gets 403 in German on every route', async () => {
      const ep = await register(key1.id);
      const routes: [string, string, object?][] = [
        ['GET', `/api/admin/integration/keys/${key1.id}/webhooks/`],
        ['POST', `/api/admin/integration/keys/${key1.id}/webhooks/`, { url: rx.url, events: ['ticket.created'] }],
        ['PATCH', `/api/admin/integration/webhooks/${ep.id}/`, { enabled: false }],
        ['DELETE', `/api/admin/integration/webhooks/${ep.id}/`],
        ['POST', `/api/admin/integration/webhooks/${ep.id}/rotate-secret/`],
        ['GET', `/api/admin/integration/webhooks/${ep.id}/deliveries/`],
      ];
      for (const [method, url, payload] of routes) {
        const res = await call(t.app, method as 'GET', url, { auth: manager, payload });
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body).toEqual({ detail: WEBHOOKS_ADMIN_ONLY });
      }
      expect(WEBHOOKS_ADMIN_ONLY).toMatch(/^Nur Administrator/);
    });

    it('registers an endpoint with a secret shown once, lists it without, changes, audits and deletes it', async () => {
      const res = await call(t.app, 'POST', `/api/admin/integration/keys/${key1.id}/webhooks/`, {
        auth: admin,
        payload: { url: rx.url, events: ['ticket.created', 'parcel.logged'], description: 'Wodis' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        api_key_id: key1.id,
        url: rx.url,
        description: 'Wodis',
        events: ['ticket.created', 'parcel.logged'],
        enabled: true,
        disabled_reason: null,
        failing_since: null,
      });
      expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const list = await call(t.app, 'GET', `/api/admin/integration/keys/${key1.id}/webhooks/`, { auth: admin });
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ count: 1, next: null, previous: null });
      expect(list.body.results).toHaveLength(1);
      expect(list.body.results[0]).not.toHaveProperty('secret');
      // Stored sealed, not in plain text.
      const stored = await db().selectFrom('webhook_endpoints').select('secret').executeTakeFirstOrThrow();
      expect(stored.secret).not.toContain(res.body.secret.slice(6));
      expect(webhookSecretBox(t.app.ctx.secret).open(stored.secret)).toBe(res.body.secret);

      const patched = await call(t.app, 'PATCH', `/api/admin/integration/webhooks/${res.body.id}/`, {
        auth: admin,
        payload: { events: ['booking.created'], enabled: false },
      });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ events: ['booking.created'], enabled: false, disabled_reason: null });

      const del = await call(t.app, 'DELETE', `/api/admin/integration/webhooks/${res.body.id}/`, { auth: admin });
      expect(del.status).toBe(204);
      const gone = await call(t.app, 'PATCH', `/api/admin/integration/webhooks/${res.body.id}/`, {
        auth: admin,
        payload: { enabled: true },
      });
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual(NOT_FOUND);

      const audit = await db()
        .selectFrom('audit_log')
        .select(['action', 'before', 'after'])
        .where('entity', '=', 'webhook_endpoint')
        .where('entity_id', '=', res.body.id)
        .orderBy('id')
        .execute();
      expect(audit.map((a) => a.action)).toEqual([
        'webhook_endpoint.create',
        'webhook_endpoint.update',
        'webhook_endpoint.delete',
      ]);
      for (const a of audit) expect(`${a.before}${a.after}`).not.toContain('whsec_');
    });

    it('refuses addresses that are not https, private or loopback, with credentials, or no URL (German 400)', async () => {
      const cases: [string, RegExp][] = [
        ['http://erp.example.org/hooks', /Nur https-Adressen/],
        ['https://127.0.0.1/hooks', /Interne, private und Loopback-Adressen/],
        ['https://10.0.0.8/hooks', /Interne, private und Loopback-Adressen/],
        ['https://169.254.169.254/latest/meta-data', /Interne, private und Loopback-Adressen/],
        ['https://[::1]/hooks', /Interne, private und Loopback-Adressen/],
        ['https://[::ffff:192.168.0.1]/hooks', /Interne, private und Loopback-Adressen/],
        ['https://localhost:8443/hooks', /Interne, private und Loopback-Adressen/],
        ['https://ich:geheim@erp.example.org/hooks', /keine Zugangsdaten/],
        ['erp.example.org', /vollständige Adresse/],
        ['ftp://erp.example.org/', /vollständige Adresse/],
      ];
      for (const [url, message] of cases) {
        const res = await call(t.app, 'POST', `/api/admin/integration/keys/${key1.id}/webhooks/`, {
          auth: admin,
          payload: { url, events: ['ticket.created'] },
        });
        expect(res.status, url).toBe(400);
        expectDrfError(res.body);
        expect(res.body.url[0], url).toMatch(message);
      }
      const unknown = await call(t.app, 'POST', `/api/admin/integration/keys/${key1.id}/webhooks/`, {
        auth: admin,
        payload: { url: 'https://erp.example.org/hooks', events: ['ticket.deleted'] },
      });
      expect(unknown.status).toBe(400);
      expect(JSON.stringify(unknown.body)).toContain('Unbekanntes Ereignis');
      const ok = await call(t.app, 'POST', `/api/admin/integration/keys/${key1.id}/webhooks/`, {
        auth: admin,
        payload: { url: 'https://erp.example.org/hooks', events: [...WEBHOOK_EVENTS] },
      });
      expect(ok.status).toBe(201);
      const noKey = await call(t.app, 'POST', `/api/admin/integration/keys/999999/webhooks/`, {
        auth: admin,
        payload: { url: 'https://erp.example.org/hooks', events: ['ticket.created'] },
      });
      expect(noKey.status).toBe(404);
    });
  });

  describe('delivery', () => {
    it('signs per Standard Webhooks: the package verifies it, and the payload is type, timestamp, data', async () => {
      const ep = await register(key1.id);
      expect(await emit(loc1, 'ticket.created', { number: 'P-12' })).toBe(1);
      await flush();
      expect(rx.received).toHaveLength(1);
      const got = rx.received[0]!;
      expect(got.id).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
      expect(got.contentType).toBe('application/json');
      expect(got.signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(Math.abs(Number(got.timestamp) - Date.now() / 1000)).toBeLessThan(5);
      expect(got.verified).toMatchObject({
        type: 'ticket.created',
        data: { ticket_id: 7, location_id: loc1, number: 'P-12' },
      });
      expect(new Date((got.verified as { timestamp: string }).timestamp).toISOString()).toBeTruthy();
      const [d] = await deliveries(ep.id);
      expect(d).toMatchObject({ status: 'delivered', attempts: 1, response_code: 204, message_id: got.id });
      expect(d!.next_attempt_at).toBeNull();
    });

    it('only to endpoints subscribed to the event, switched on, of a valid key covering the location', async () => {
      const ep1 = await register(key1.id, { events: ['ticket.created', 'parcel.logged'] });
      const ep2 = await register(key2.id, { events: [...WEBHOOK_EVENTS] });
      expect(await emit(loc1, 'booking.created')).toBe(0);
      expect(await emit(loc1, 'parcel.logged')).toBe(1);
      // A key for location 2 gets nothing of location 1.
      expect(await deliveries(ep2.id)).toHaveLength(0);
      await call(t.app, 'PATCH', `/api/admin/integration/webhooks/${ep1.id}/`, {
        auth: admin,
        payload: { enabled: false },
      });
      expect(await emit(loc1, 'parcel.logged')).toBe(0);
      const expired = await newApiKey(t, {
        locationIds: [loc1],
        scopes: ['tickets:read'],
        expiresAt: isoFromMs(Date.now() - 1000),
      });
      await register(expired.id);
      const revoked = await newApiKey(t, { locationIds: [loc1], scopes: ['tickets:read'] });
      await register(revoked.id);
      await db()
        .updateTable('api_keys')
        .set({ revoked_at: new Date().toISOString() })
        .where('id', '=', revoked.id)
        .execute();
      expect(await emit(loc1, 'ticket.created')).toBe(0);
      expect(await emit(loc2, 'ticket.created')).toBe(1);
    });

    it('retries a receiver that is down (503, then refused) and delivers once, with the same webhook-id', async () => {
      const ep = await register(key1.id);
      rx.answer({ status: 503, body: 'Wartung', headers: { 'retry-after': '1' } });
      await emit(loc1);
      await flush();
      let [d] = await deliveries(ep.id);
      expect(d).toMatchObject({
        status: 'pending',
        attempts: 1,
        response_code: 503,
        last_error: 'Antwort 503: Wartung',
      });
      const wait = Date.parse(d!.next_attempt_at!) - Date.now();
      expect(wait).toBeGreaterThan(3_000); // 5 s ± 10 %, not the 1 s of Retry-After
      expect(wait).toBeLessThan(6_000);
      await flush(); // not due yet: nothing sent
      expect(rx.received).toHaveLength(1);
      const failing = await call(t.app, 'GET', `/api/admin/integration/keys/${key1.id}/webhooks/`, { auth: admin });
      expect(failing.body.results[0].failing_since).not.toBeNull();

      // Down altogether: the connection is refused.
      await rx.stop();
      await dueNow();
      await flush();
      [d] = await deliveries(ep.id);
      expect(d).toMatchObject({ status: 'pending', attempts: 2, response_code: null });
      expect(d!.last_error).toMatch(/^Nicht erreichbar: ECONNREFUSED/);

      await rx.restart();
      rx.answer({ status: 200, body: 'ok' });
      await dueNow();
      await flush();
      [d] = await deliveries(ep.id);
      expect(d).toMatchObject({ status: 'delivered', attempts: 3, response_code: 200, last_error: null });
      await dueNow();
      await flush();
      expect(rx.received).toHaveLength(2);
      expect(new Set(rx.received.map((r) => r.id))).toEqual(new Set([d!.message_id]));
      expect(rx.received.every((r) => r.verified)).toBe(true);
      const healthy = await call(t.app, 'GET', `/api/admin/integration/keys/${key1.id}/webhooks/`, { auth: admin });
      expect(healthy.body.results[0].failing_since).toBeNull();
    });

    it('gives up after the schedule (8 attempts over about 28 h)', async () => {
      const ep = await register(key1.id);
      rx.answer({ status: 500 });
      await emit(loc1);
      for (let i = 0; i < 8; i++) {
        await dueNow();
        await flush();
      }
      const [d] = await deliveries(ep.id);
      expect(d).toMatchObject({ status: 'failed', attempts: 8, response_code: 500, next_attempt_at: null });
      expect(rx.received).toHaveLength(8);
      expect(t.app.ctx.config.webhooks.retryScheduleMs.reduce((a, b) => a + b, 0)).toBeGreaterThan(DAY);
    });

    it('does not follow a redirect, gives up on a slow receiver, and reads at most 256 kB of a 1 MB answer', async () => {
      const ep = await register(key1.id);
      rx.answer({ status: 302, headers: { location: `${rx.origin}/elsewhere` } });
      await emit(loc1);
      await flush();
      expect(rx.received).toHaveLength(1);
      let [d] = await deliveries(ep.id);
      expect(d).toMatchObject({ status: 'pending', response_code: 302 });
      expect(d!.last_error).toMatch(/Weiterleitungen werden nicht verfolgt/);

      rx.answer({ hang: true });
      await dueNow();
      const started = Date.now();
      await flush();
      expect(Date.now() - started).toBeLessThan(3_000);
      [d] = await deliveries(ep.id);
      expect(d).toMatchObject({ status: 'pending', attempts: 2, response_code: null });
      expect(d!.last_error).toMatch(/Keine Antwort innerhalb/);

      rx.answer({ status: 500, bytes: 1024 * 1024 });
      await dueNow();
      await flush();
      [d] = await deliveries(ep.id);
      expect(d).toMatchObject({ status: 'pending', attempts: 3, response_code: 500 });
      expect(d!.last_error!.length).toBeLessThanOrEqual(500);

      rx.answer({ status: 200, bytes: 1024 * 1024 });
      await dueNow();
      await flush();
      [d] = await deliveries(ep.id);
      expect(d).toMatchObject({ status: 'delivered', attempts: 4, response_code: 200 });
    });

    it('sends nothing to a name that resolves to a private address (DNS rebinding), unless allowlisted', async () => {
      const keyRow = await db().selectFrom('api_keys').select('id').where('id', '=', key1.id).executeTakeFirstOrThrow();
      // Registration refuses 'localhost'; a public name that later resolves inside looks the same at send time.
      const id = await insertEndpoint(db(), {
        api_key_id: keyRow.id,
        url: `https://localhost:${rx.port}/hooks`,
        events: JSON.stringify(['ticket.created']),
        secret: webhookSecretBox(t.app.ctx.secret).seal('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'),
        created_at: new Date().toISOString(),
        created_by: null,
        disabled_reason: null,
        failing_since: null,
      });
      await emit(loc1);
      await flush();
      const [d] = await deliveries(id);
      expect(d).toMatchObject({ status: 'pending', response_code: null });
      expect(d!.last_error).toMatch(/Adresse (127\.0\.0\.1|::1) von localhost ist intern oder privat/);
      expect(rx.received).toHaveLength(0);
      const refused = await new Promise<Error | null>((resolve) =>
        publicLookup('localhost', {}, (err) => resolve(err)),
      );
      expect(refused?.name).toBe('BlockedAddress');
    });

    it('resends a delivery with the same webhook-id, and 409 while it is pending', async () => {
      const ep = await register(key1.id);
      await emit(loc1);
      await flush();
      const [d] = await deliveries(ep.id);
      expect(d!.status).toBe('delivered');
      const again = await call(t.app, 'POST', `/api/admin/integration/deliveries/${d!.id}/resend/`, { auth: admin });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ id: d!.id, status: 'pending', message_id: d!.message_id, attempts: 0 });
      rx.answer({ status: 503 });
      // The resend kicked the sender; let it finish.
      await flush();
      const pending = await deliveries(ep.id, '?status=pending');
      expect(pending).toHaveLength(1);
      const twice = await call(t.app, 'POST', `/api/admin/integration/deliveries/${d!.id}/resend/`, { auth: admin });
      expect(twice.status).toBe(409);
      expect(twice.body).toEqual({ detail: 'Diese Zustellung steht schon zum Senden an.' });
      const byManager = await call(t.app, 'POST', `/api/admin/integration/deliveries/${d!.id}/resend/`, {
        auth: manager,
      });
      expect(byManager.status).toBe(403);
      expect(rx.received.map((r) => r.id)).toEqual([d!.message_id, d!.message_id]);
      expectPage(
        (
          await call(t.app, 'GET', `/api/admin/integration/webhooks/${ep.id}/deliveries/?status=delivered`, {
            auth: admin,
          })
        ).body,
        0,
        0,
      );
      const bad = await call(t.app, 'GET', `/api/admin/integration/webhooks/${ep.id}/deliveries/?status=kaputt`, {
        auth: admin,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.status[0]).toBe('Erwartet pending, delivered oder failed.');
    });

    it('rotates the secret without downtime: the old one still verifies for 24 hours, then only the new one', async () => {
      const ep = await register(key1.id);
      const old = ep.secret;
      const rotatedAt = Date.now();
      const res = await call(t.app, 'POST', `/api/admin/integration/webhooks/${ep.id}/rotate-secret/`, { auth: admin });
      expect(res.status).toBe(200);
      expect(res.body.secret).toMatch(/^whsec_/);
      expect(res.body.secret).not.toBe(old);
      const fresh = res.body.secret as string;
      // WEBHOOK_OLD_SECRET_HOURS: the back office says until when the old one still signs.
      const until = Date.parse(res.body.previous_secret_expires_at);
      expect(until - rotatedAt).toBeGreaterThanOrEqual(DAY - 1_000);
      expect(until - rotatedAt).toBeLessThanOrEqual(DAY + 60_000);
      const [listed] = (await call(t.app, 'GET', `/api/admin/integration/keys/${key1.id}/webhooks/`, { auth: admin }))
        .body.results;
      expect(listed.previous_secret_expires_at).toBe(res.body.previous_secret_expires_at);
      const stored = await db()
        .selectFrom('webhook_endpoints')
        .select(['secret', 'previous_secret'])
        .executeTakeFirstOrThrow();
      expect(webhookSecretBox(t.app.ctx.secret).open(stored.previous_secret!)).toBe(old);
      expect(stored.previous_secret).not.toContain(old.slice(6));

      const headersOf = (got: (typeof rx.received)[number]) => ({
        'webhook-id': got.id,
        'webhook-timestamp': got.timestamp,
        'webhook-signature': got.signature,
      });
      // Within the 24 hours: a receiver still configured with the old secret accepts (rx verifies with
      // it, via the package's Webhook.verify), and so does one already switched to the new one.
      await emit(loc1);
      await flush();
      let got = rx.received[0]!;
      expect(got.verified).toMatchObject({ type: 'ticket.created' });
      expect(new Webhook(old).verify(got.body, headersOf(got))).toMatchObject({ type: 'ticket.created' });
      expect(new Webhook(fresh).verify(got.body, headersOf(got))).toMatchObject({ type: 'ticket.created' });
      // Two signatures, the new one first.
      const sigs = got.signature.split(' ');
      expect(sigs).toHaveLength(2);
      expect(sigs[0]).toBe(new Webhook(fresh).sign(got.id, new Date(Number(got.timestamp) * 1000), got.body));

      // 23 hours on the old one still verifies.
      vi.useFakeTimers({ now: rotatedAt + 23 * 3_600_000, toFake: ['Date'] });
      await emit(loc1);
      await flush();
      got = rx.received[1]!;
      expect(got.verified).toMatchObject({ type: 'ticket.created' });
      // After 24 hours only the new secret signs: the old one no longer verifies.
      vi.setSystemTime(until + 60_000);
      await emit(loc1);
      await flush();
      got = rx.received[2]!;
      expect(got.verified).toBeNull();
      expect(() => new Webhook(old).verify(got.body, headersOf(got))).toThrow();
      expect(new Webhook(fresh).verify(got.body, headersOf(got))).toMatchObject({ type: 'ticket.created' });
      expect(got.signature.split(' ')).toHaveLength(1);
      vi.useRealTimers();
      expect(rx.received).toHaveLength(3);
      // Once expired (stored time in the past) the back office no longer names it.
      await db()
        .updateTable('webhook_endpoints')
        .set({ previous_secret_expires_at: isoFromMs(Date.now() - 1_000) })
        .execute();
      const [expired] = (await call(t.app, 'GET', `/api/admin/integration/keys/${key1.id}/webhooks/`, { auth: admin }))
        .body.results;
      expect(expired.previous_secret_expires_at).toBeNull();
      const audit = await db()
        .selectFrom('audit_log')
        .select(['before', 'after'])
        .where('action', '=', 'webhook_endpoint.rotate_secret')
        .execute();
      expect(audit).toHaveLength(1);
      expect(JSON.stringify(audit)).not.toContain('whsec_');
    });

    it('a second rotation within the 24 hours replaces the old secret: the first one no longer verifies', async () => {
      const ep = await register(key1.id);
      const rotate = async () => {
        const res = await call(t.app, 'POST', `/api/admin/integration/webhooks/${ep.id}/rotate-secret/`, {
          auth: admin,
        });
        expect(res.status).toBe(200);
        return res.body as { secret: string; previous_secret_expires_at: string };
      };
      const first = await rotate();
      const second = await rotate();
      expect(Date.parse(second.previous_secret_expires_at)).toBeGreaterThanOrEqual(
        Date.parse(first.previous_secret_expires_at),
      );
      await emit(loc1);
      await flush();
      const got = rx.received[0]!;
      const headers = { 'webhook-id': got.id, 'webhook-timestamp': got.timestamp, 'webhook-signature': got.signature };
      // rx still holds the secret from the registration: it is gone now.
      expect(got.verified).toBeNull();
      expect(() => new Webhook(ep.secret).verify(got.body, headers)).toThrow();
      expect(new Webhook(first.secret).verify(got.body, headers)).toMatchObject({ type: 'ticket.created' });
      expect(new Webhook(second.secret).verify(got.body, headers)).toMatchObject({ type: 'ticket.created' });
      expect(got.signature.split(' ')).toHaveLength(2);
    });

    it('switches an endpoint off after 3 days of failures, with one mail to the administrators; on again clears it', async () => {
      const ep = await register(key1.id);
      rx.answer({ status: 500 });
      const endpoint = () =>
        db().selectFrom('webhook_endpoints').selectAll().where('id', '=', ep.id).executeTakeFirstOrThrow();
      const start = Date.now();
      // Only the sender runs in the moved clock; the API calls come after (the admin's session would end).
      vi.useFakeTimers({ now: start, toFake: ['Date'] });
      await emit(loc1);
      await flush();
      vi.setSystemTime(start + 2 * DAY);
      await emit(loc1);
      await flush();
      expect(await endpoint()).toMatchObject({ enabled: 1, failing_since: isoFromMs(start) });
      vi.setSystemTime(start + 3 * DAY + 60_000);
      await emit(loc1);
      await emit(loc1);
      await flush();
      expect(await endpoint()).toMatchObject({
        enabled: 0,
        disabled_reason: 'Seit 3 Tagen schlägt jede Zustellung fehl.',
      });
      // Nothing more is queued for it.
      expect(await emit(loc1)).toBe(0);
      vi.useRealTimers();

      const [row] = (await call(t.app, 'GET', `/api/admin/integration/keys/${key1.id}/webhooks/`, { auth: admin })).body
        .results;
      expect(row).toMatchObject({ enabled: false, disabled_reason: 'Seit 3 Tagen schlägt jede Zustellung fehl.' });
      const mails = await db().selectFrom('email_outbox').selectAll().where('kind', '=', 'webhook_disabled').execute();
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Webhook-Endpunkt ausgeschaltet: ERP Wodis');
      expect(mails[0]!.body_text).toContain(rx.url);
      expect(mails[0]!.body_text).toContain('Seit 3 Tagen schlägt jede Zustellung fehl.');
      // It reaches the administrator over SMTP.
      smtp.received.length = 0;
      await t.app.ctx.outbox.flush();
      const received = smtp.received.filter((m) => m.to.includes(adminEmail));
      expect(received).toHaveLength(1);
      const mail = await parseMail(received[0]!.raw);
      expect(mail.subject).toBe('Webhook-Endpunkt ausgeschaltet: ERP Wodis');
      expect(mail.text).toContain(rx.url);
      expect(await deliveries(ep.id, '?status=pending')).toHaveLength(0);
      // Each delivery still waiting when it went off is given up, saying why.
      const failed = await deliveries(ep.id, '?status=failed');
      expect(failed).toHaveLength(4);
      for (const d of failed) expect(d.last_error).toMatch(/Endpunkt wurde ausgeschaltet/);

      const on = await call(t.app, 'PATCH', `/api/admin/integration/webhooks/${ep.id}/`, {
        auth: admin,
        payload: { enabled: true },
      });
      expect(on.body).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
    });

    it('switches an endpoint off at once when the receiver answers 410 Gone', async () => {
      const ep = await register(key1.id);
      rx.answer({ status: 410 });
      await emit(loc1);
      await flush();
      const [d] = await deliveries(ep.id);
      expect(d).toMatchObject({ status: 'failed', response_code: 410 });
      const [row] = (await call(t.app, 'GET', `/api/admin/integration/keys/${key1.id}/webhooks/`, { auth: admin })).body
        .results;
      expect(row.enabled).toBe(false);
      expect(row.disabled_reason).toMatch(/410/);
      const resend = await call(t.app, 'POST', `/api/admin/integration/deliveries/${d!.id}/resend/`, { auth: admin });
      expect(resend.status).toBe(409);
      expect(resend.body).toEqual({
        detail: 'Der Endpunkt ist ausgeschaltet. Bitte schalten Sie ihn zuerst wieder ein.',
      });
    });

    it('keeps the log 30 days', async () => {
      const ep = await register(key1.id);
      await emit(loc1);
      await emit(loc1);
      const ids = (await deliveries(ep.id)).map((d) => d.id);
      await db()
        .updateTable('webhook_deliveries')
        .set({ created_at: isoFromMs(Date.now() - 31 * DAY) })
        .where('id', '=', ids[0]!)
        .execute();
      await db()
        .updateTable('webhook_deliveries')
        .set({ created_at: isoFromMs(Date.now() - 29 * DAY) })
        .where('id', '=', ids[1]!)
        .execute();
      expect(await purgeOldDeliveries(t.app.ctx)).toBe(1);
      expect((await deliveries(ep.id)).map((d) => d.id)).toEqual([ids[1]]);
    });
  });
});
