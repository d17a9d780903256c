import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dialects, startApp, type TestApp } from './harness.js';
import { newUser, signIn } from './factories.js';
import { NOT_FOUND, call } from './helpers.js';

// Prometheus metrics (operations 4; ADR 027) on the public port behind METRICS_TOKEN.
// The own port (METRICS_PORT) and the sum over cluster workers are checked on the real server in
// test/shutdown.test.ts.

const kinds = await dialects();
const TOKEN = 'metrics-token-0123456789-abcdef';

/** The value of one sample line `name{labels} value`, or undefined when the line is missing. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('sqlite');
  });
  afterAll(() => t.close());

  it('answers 404 on the public port, token or not, so nothing leaks', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const res = await call(t.app, 'GET', '/metrics', { headers });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
      expect(res.raw.toString()).not.toContain('hausportal_');
    }
  });
});

describe.each(kinds)('/metrics with METRICS_TOKEN (%s)', (kind) => {
  let t: TestApp;
  let resident: string;
  let user: Awaited<ReturnType<typeof newUser>>;
  const scrape = async () => {
    const res = await call(t.app, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    return res.raw.toString();
  };
  beforeAll(async () => {
    t = await startApp(kind, { METRICS_TOKEN: TOKEN }, (c) => {
      c.throttle.writes.dataExport = [{ points: 1, durationSec: 3600 }];
      c.throttle.login.perPair = { points: 2, durationSec: 900 };
    });
    user = await newUser(t);
    resident = await signIn(t, user);
  });
  afterAll(() => t.close());

  it('answers 401 without the bearer token or with a wrong one, 200 in the text format with it', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN.slice(0, -1)}x`,
      `Bearer ${TOKEN}-länger`,
      `Token ${TOKEN}`,
      TOKEN,
      'Bearer ',
    ]) {
      const res = await call(t.app, 'GET', '/metrics', { headers: authorization ? { authorization } : {} });
      expect(res.status, authorization).toBe(401);
      expect(res.body).toEqual({ detail: 'Ungültiges Token.' });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
    const res = await call(t.app, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.raw.toString();
    // prom-client's default metrics stay, among them the event-loop lag.
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(text).toContain('# TYPE process_cpu_seconds_total counter');
  });

  it('counts requests and their latency by route pattern and status class, never by the raw path', async () => {
    const before = await scrape();
    const series = 'hausportal_http_requests_total{method="GET",route="/api/messages/:id/",status_class="4xx"}';
    const first = sample(before, series) ?? 0;
    for (const id of [987654, 987655, 987656]) {
      expect((await call(t.app, 'GET', `/api/messages/${id}/`, { auth: resident })).status).toBe(404);
    }
    const after = await scrape();
    expect(sample(after, series)).toBe(first + 3);
    expect(
      sample(
        after,
        'hausportal_http_request_duration_seconds_count{method="GET",route="/api/messages/:id/",status_class="4xx"}',
      ),
    ).toBe(first + 3);
    expect(after).toContain(
      'hausportal_http_request_duration_seconds_bucket{le="0.1",method="GET",route="/api/messages/:id/",status_class="4xx"}',
    );
    expect(after).not.toMatch(/98765\d/);
    // A path no route knows is one label, whatever was asked for.
    await call(t.app, 'GET', '/api/gibt-es-nicht/4711/');
    const unknown = await scrape();
    expect(unknown).toMatch(/hausportal_http_requests_total\{method="GET",route="unmatched",status_class="4xx"\} \d+/);
    expect(unknown).not.toContain('4711');
  });

  it('reports the outbox backlog and the age of its oldest row per kind', async () => {
    const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString();
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const row = (subject: string, next: string, attempts: number) => ({
      to_address: 'nachbar@example.org',
      subject,
      body_text: 'Hallo',
      status: 'pending' as const,
      attempts,
      next_attempt_at: next,
      created_at: twoMinutesAgo,
      message_id: `<${subject}@metrics.test>`,
      locked_until: null,
      first_error_at: null,
      body_html: null,
      unsubscribe_url: null,
    });
    await t.app.ctx.db
      .insertInto('email_outbox')
      .values([
        row('fällig', twoMinutesAgo, 0),
        row('wartet auf den nächsten Versuch', inAnHour, 2),
        { ...row('gesendet', twoMinutesAgo, 1), status: 'sent' as const },
      ])
      .execute();
    // Scrapes reuse the figures for 5 s: the next one is 6 s later.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6_000 });
    const text = await scrape().finally(() => vi.useRealTimers());
    expect(sample(text, 'hausportal_outbox_pending{kind="mail"}')).toBe(2);
    expect(sample(text, 'hausportal_outbox_oldest_age_seconds{kind="mail"}')).toBeGreaterThanOrEqual(120);
    expect(sample(text, 'hausportal_outbox_oldest_age_seconds{kind="mail"}')).toBeLessThan(190);
    expect(sample(text, 'hausportal_outbox_pending{kind="push"}')).toBe(0);
    expect(sample(text, 'hausportal_outbox_oldest_age_seconds{kind="push"}')).toBe(0);
  });

  it('counts every 429 by the throttle that gave it', async () => {
    const series =
      'hausportal_throttle_rejections_total{throttle="write-dataExport-3600",route="/api/profile/export/"}';
    expect(sample(await scrape(), series)).toBeUndefined();
    expect((await call(t.app, 'GET', '/api/profile/export/', { auth: resident })).status).toBe(200);
    for (let i = 0; i < 2; i++)
      expect((await call(t.app, 'GET', '/api/profile/export/', { auth: resident })).status).toBe(429);
    expect(sample(await scrape(), series)).toBe(2);

    const login = 'hausportal_throttle_rejections_total{throttle="login-pair",route="/api/login/"}';
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (
          await call(t.app, 'POST', '/api/login/', {
            payload: { apartment_number: user.login, password: `falsch-${i}` },
          })
        ).status,
      );
    expect(statuses).toEqual([400, 400, 429]);
    expect(sample(await scrape(), login)).toBe(1);
  });

  it('exports every metric the Grafana dashboard in deploy/ plots', async () => {
    const file = path.resolve(import.meta.dirname, '../../../deploy/grafana/hausportal-dashboard.json');
    const dashboard = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      panels: { type: string; targets?: { expr: string }[] }[];
    };
    const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr));
    expect(exprs.length).toBeGreaterThanOrEqual(10);
    const names = new Set(
      exprs.flatMap((e) => [...e.matchAll(/\b((?:hausportal|nodejs|process)_\w+)/g)].map((m) => m[1]!)),
    );
    const text = await scrape();
    // The pool exists on PostgreSQL only; SQLite's scrape has none.
    const missing = [...names].filter(
      (n) => !new RegExp(`^${n}[{ ]`, 'm').test(text) && !(kind === 'sqlite' && n.startsWith('hausportal_db_pool')),
    );
    expect(missing).toEqual([]);
  });

  it(`reports the connection pool on PostgreSQL and leaves it out on SQLite (${kind})`, async () => {
    const text = await scrape();
    if (kind === 'postgres') {
      expect(sample(text, 'hausportal_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'hausportal_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'hausportal_db_pool_waiting_queries')).toBe(0);
      expect(sample(text, 'hausportal_db_pool_max_connections')).toBe(4);
    } else {
      expect(text).not.toContain('hausportal_db_pool');
    }
  });
});
