import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { openDatabase } from '../src/db/database.js';
import { DEMO_PASSWORD } from './harness.js';
import { freePort } from './server-process.js';

// Operations (ADR 027), on the real server (the compiled bundle, as `npm start` and the image run it) with two
// cluster workers on SQLite:
// - a rolling restart (SIGHUP to the primary) under a steady 200 requests per second fails none;
// - the metrics on METRICS_PORT add up every worker's requests;
// - SIGTERM hands the outbox leases of a send in flight back at once.

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** One request on a connection of its own, so the cluster hands it to its next worker. */
function get(port: number, url: string, headers: Record<string, string> = {}, body?: unknown) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: payload ? 'POST' : 'GET',
        agent: false,
        headers: { connection: 'close', ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

interface Server {
  child: ChildProcess;
  port: number;
  dataDir: string;
  log(): string;
  /** Pids of the workers that logged "Server listening", in order. */
  listening(): number[];
}

const running: Server[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) {
    if (s.child.exitCode === null && s.child.signalCode === null) {
      s.child.kill('SIGKILL');
      await new Promise((r) => s.child.once('exit', r));
    }
    fs.rmSync(s.dataDir, { recursive: true, force: true });
  }
});

/** `node apps/server/dist/server.js`: the node process is the primary itself, as in the image. */
async function start(
  env: Record<string, string>,
  opts: { seed?: boolean; before?: (dataDir: string) => Promise<void> } = {},
) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-shutdown-'));
  const full = {
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
    MEDIA_STORE: 'local',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    ...env,
  };
  await prepareDatabase(loadConfig({ ...full, SEED_DEMO: String(opts.seed ?? false), LOG_LEVEL: 'silent' }));
  await opts.before?.(dataDir);
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
    cwd: ROOT,
    env: { ...process.env, ...full },
  });
  let log = '';
  child.stdout!.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  const server: Server = {
    child,
    port,
    dataDir,
    log: () => log,
    listening: () =>
      log
        .split('\n')
        .filter((l) => l.includes('"msg":"Server listening at'))
        .map((l) => Number(/"pid":(\d+)/.exec(l)?.[1])),
  };
  running.push(server);
  const workers = Number(env.WEB_CONCURRENCY ?? 1);
  const deadline = Date.now() + 30_000;
  while (server.listening().length < workers) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`Server startet nicht:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return server;
}

interface LoadResult {
  sent: number;
  ok: number;
  /** Every request that did not get a 2xx: its status, or the error the client saw. */
  failed: string[];
  /** Milliseconds per answered request. */
  latencies: number[];
}

/**
 * A steady `rate` of requests per second for `durationMs`, taking `requests` in turn, over up to 10
 * keep-alive connections of Node's http.Agent: a client that honours `Connection: close`, as
 * browsers and proxies do, and reports every request that fails (a reset, a hang-up, a non-2xx).
 * (autocannon does neither: it writes the next request on a connection the server is closing and,
 * when the connection ends, forgets that request without counting an error.)
 */
async function steadyLoad(
  port: number,
  rate: number,
  durationMs: number,
  requests: { path: string; headers?: Record<string, string> }[],
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
  const result: LoadResult = { sent: 0, ok: 0, failed: [], latencies: [] };
  const pending: Promise<void>[] = [];
  const started = Date.now();
  const one = (r: { path: string; headers?: Record<string, string> }) =>
    new Promise<void>((resolve) => {
      const t0 = Date.now();
      const req = http.request({ host: '127.0.0.1', port, path: r.path, headers: r.headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode && res.statusCode < 300) result.ok++;
          else result.failed.push(`${r.path} → ${res.statusCode}`);
          result.latencies.push(Date.now() - t0);
          resolve();
        });
        res.on('error', (err) => (result.failed.push(`${r.path} → ${err.message}`), resolve()));
      });
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', (err: NodeJS.ErrnoException) => {
        result.failed.push(`${r.path} → ${err.code ?? err.message}`);
        resolve();
      });
      req.end();
    });
  while (Date.now() - started < durationMs) {
    const due = Math.floor(((Date.now() - started) * rate) / 1000);
    while (result.sent < due) pending.push(one(requests[result.sent++ % requests.length]!));
    await new Promise((r) => setTimeout(r, 5));
  }
  await Promise.all(pending);
  agent.destroy();
  return result;
}

/** The value of one sample line of the Prometheus text. */
const sample = (text: string, series: string) =>
  Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${series} `))
      ?.slice(series.length + 1) ?? NaN,
  );

describe('two cluster workers on SQLite', () => {
  it('replace each other one at a time under 200 requests per second without failing one, and their metrics add up', async () => {
    const metricsPort = await freePort();
    const token = 'cluster-metrics-token-0123456789';
    const server = await start(
      { WEB_CONCURRENCY: '2', METRICS_PORT: String(metricsPort), METRICS_TOKEN: token },
      { seed: true },
    );
    const before = server.listening();
    expect(new Set(before).size).toBe(2);

    const login = await get(server.port, '/api/login/', {}, { apartment_number: 'A-0102', password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    const authorization = `Token ${JSON.parse(login.text).token}`;

    // One scrape of METRICS_PORT counts the requests of both workers, and so does the public port's
    // /metrics with the token, whichever worker answers it (it asks the primary).
    for (let i = 0; i < 8; i++) expect((await get(server.port, '/api/profile/', { authorization })).status).toBe(200);
    const servedBy = new Set(
      server
        .log()
        .split('\n')
        .filter((l) => l.includes('"url":"/api/profile/"') && l.includes('request completed'))
        .map((l) => /"pid":(\d+)/.exec(l)?.[1]),
    );
    expect(servedBy.size).toBe(2);
    const scraped = await get(metricsPort, '/metrics');
    expect(scraped.status).toBe(200);
    expect(
      sample(scraped.text, 'hausportal_http_requests_total{method="GET",route="/api/profile/",status_class="2xx"}'),
    ).toBe(8);
    expect(
      sample(scraped.text, 'hausportal_http_requests_total{method="POST",route="/api/login/",status_class="2xx"}'),
    ).toBe(1);
    expect((await get(server.port, '/metrics')).status).toBe(401);
    for (let i = 0; i < 2; i++) {
      const viaWorker = await get(server.port, '/metrics', { authorization: `Bearer ${token}` });
      expect(viaWorker.status).toBe(200);
      expect(
        sample(viaWorker.text, 'hausportal_http_requests_total{method="GET",route="/api/profile/",status_class="2xx"}'),
      ).toBe(8);
    }

    // 200 requests per second for 12 s, half liveness checks, half an authenticated read; the
    // rolling restart starts after 3 s.
    const load = steadyLoad(server.port, 200, 12_000, [
      { path: '/api/health/' },
      { path: '/api/profile/', headers: { authorization } },
    ]);
    await new Promise((r) => setTimeout(r, 3_000));
    server.child.kill('SIGHUP');
    const result = await load;
    const sorted = [...result.latencies].sort((a, b) => a - b);
    // Nobody waited on a stopping worker: the 99th percentile stays far below the 10 s drain bound.
    expect(sorted[Math.floor(sorted.length * 0.99)]).toBeLessThan(2_000);
    // On a loaded machine (CI) starting two workers can outlast the load; wait for the end.
    for (let i = 0; i < 300 && !server.log().includes('Rollender Neustart abgeschlossen'); i++)
      await new Promise((r) => setTimeout(r, 100));
    const after = server.listening().slice(-2);

    expect(server.log()).toContain('Rollender Neustart abgeschlossen');
    expect(result.failed).toEqual([]);
    expect(result.sent).toBeGreaterThanOrEqual(2_350);
    expect(result.ok).toBe(result.sent);
    // Both workers were replaced, and the new ones serve (the client keeps its connections alive,
    // so it may stay on the first new worker; on a loaded machine the second may only come up after
    // the load, so a few more reads follow the restart).
    expect(after.filter((pid) => before.includes(pid))).toEqual([]);
    for (const pid of before) expect(() => process.kill(pid, 0)).toThrow();
    for (let i = 0; i < 6; i++) expect((await get(server.port, '/api/profile/', { authorization })).status).toBe(200);
    const lines = server.log().split('\n');
    const servedAfter = after.filter((pid) =>
      lines.some((l) => l.includes(`"pid":${pid},`) && l.includes('"url":"/api/profile/"')),
    );
    expect(servedAfter.length).toBeGreaterThan(0);
    // The old workers drained: their answers in flight told the clients to reconnect.
    expect(server.log()).toMatch(/"msg":"SIGTERM empfangen, fahre herunter"/);

    // SIGTERM to the primary alone: it passes it on, both workers stop cleanly, then it exits with 0.
    const code = await new Promise<number | null>((resolve) => {
      server.child.once('exit', (c) => resolve(c));
      server.child.kill('SIGTERM');
    });
    expect(code).toBe(0);
    for (const pid of after) {
      expect(server.log()).toMatch(new RegExp(`"pid":${pid},[^\\n]*"msg":"Heruntergefahren"`));
      expect(() => process.kill(pid, 0)).toThrow();
    }
  }, 75_000);
});

describe('SIGTERM while a mail is being sent', () => {
  it('hands the lease of the mail in flight back, so it can be sent again at once', async () => {
    // An SMTP server that accepts the connection and never says a word: the send hangs.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const smtpPort = (silent.address() as net.AddressInfo).port;
    const id = `<${randomUUID()}@shutdown.test>`;
    try {
      const server = await start(
        { WEB_CONCURRENCY: '1', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
        {
          before: async (dataDir) => {
            const handle = openDatabase({ dataDir });
            const now = new Date().toISOString();
            await handle.db
              .insertInto('email_outbox')
              .values({
                to_address: 'nachbar@example.org',
                subject: 'Wartet',
                body_text: 'Hallo',
                status: 'pending',
                attempts: 0,
                next_attempt_at: now,
                created_at: now,
                message_id: id,
                locked_until: null,
                first_error_at: null,
                body_html: null,
                unsubscribe_url: null,
              })
              .execute();
            await handle.close();
          },
        },
      );
      const handle = openDatabase({ dataDir: server.dataDir });
      const row = () =>
        handle.db
          .selectFrom('email_outbox')
          .select(['status', 'attempts', 'locked_until'])
          .where('message_id', '=', id)
          .executeTakeFirstOrThrow();
      try {
        // The sender claims it (a lease of 5 minutes), then connects: the row is claimed a moment
        // before the socket opens, so wait for both before stopping the server.
        const deadline = Date.now() + 10_000;
        while (((await row()).locked_until === null || sockets.length === 0) && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 50));
        const claimed = await row();
        expect(claimed.attempts).toBe(1);
        expect(Date.parse(claimed.locked_until!)).toBeGreaterThan(Date.now() + 60_000);
        expect(sockets.length).toBeGreaterThan(0);

        const stopped = Date.now();
        server.child.kill('SIGTERM');
        const code = await new Promise<number | null>((r) => server.child.once('exit', (c) => r(c)));
        expect(code).toBe(0);
        // The outbox waits up to 5 s for the send in hand, then gives the row back.
        expect(Date.now() - stopped).toBeLessThan(9_000);
        expect(await row()).toEqual({ status: 'pending', attempts: 1, locked_until: null });
        expect(server.log()).toContain('angefangene Sendungen freigegeben');
      } finally {
        await handle.close();
      }
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  }, 30_000);
});
