import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { openDatabase } from '../src/db/database.js';
import { DEMO_PASSWORD, multipart } from './harness.js';
import { pngImage } from './helpers.js';
import { startSmtp } from './smtp.js';

// `npm start` with two cluster workers on SQLite (issue 11, ADR 017), as a real process tree:
// whatever a request does, the next one may land on the other worker and must see it.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAILS = 60;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe('two cluster workers on SQLite', () => {
  let server: ChildProcess;
  let port: number;
  let dataDir: string;
  let log = '';
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  /** Deliveries per Message-ID. */
  const deliveries = () => {
    const count = new Map<string, number>();
    for (const m of smtp.received) {
      const id = /^message-id:\s*(.*)$/im.exec(m.raw)?.[1]?.trim() ?? '';
      count.set(id, (count.get(id) ?? 0) + 1);
    }
    return count;
  };

  /** One request on a connection of its own, so the cluster hands it to the next worker. */
  function send(
    method: string,
    url: string,
    opts: { token?: string; json?: unknown; body?: { payload: Buffer; headers: Record<string, string> } } = {},
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads its own response shape
  ): Promise<{ status: number; body: any }> {
    const payload =
      opts.body?.payload ?? (opts.json === undefined ? undefined : Buffer.from(JSON.stringify(opts.json)));
    const headers: Record<string, string> = {
      connection: 'close',
      ...(opts.token ? { authorization: `Token ${opts.token}` } : {}),
      ...(opts.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...opts.body?.headers,
    };
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON (a file)
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** The process ids of the workers that answered requests to `url` (from their request log). */
  const workersFor = (url: string) =>
    new Set(
      log
        .split('\n')
        .filter((l) => l.includes('"msg":"incoming request"') && l.includes(`"url":"${url}`))
        .map((l) => /"pid":(\d+)/.exec(l)?.[1]),
    );

  beforeAll(async () => {
    smtp = await startSmtp();
    port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-cluster-'));
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtp.url,
      WEB_CONCURRENCY: '2',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      REDIS_URL: '',
    };
    // A backlog waiting before the start: both workers send it at once, each mail must go once.
    await prepareDatabase(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
    const handle = openDatabase({ dataDir });
    const now = new Date().toISOString();
    await handle.db
      .insertInto('email_outbox')
      .values(
        Array.from({ length: MAILS }, (_, i) => ({
          to_address: `nachbar-${i}@example.org`,
          subject: `Rückstau ${i}`,
          body_text: 'Hallo',
          status: 'pending' as const,
          attempts: 0,
          next_attempt_at: now,
          created_at: now,
          message_id: `<${randomUUID()}@cluster.test>`,
          locked_until: null,
          first_error_at: null,
          body_html: null,
          unsubscribe_url: null,
        })),
      )
      .execute();
    await handle.close();

    server = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/server.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      detached: true,
    });
    server.stdout!.on('data', (c: Buffer) => (log += c.toString()));
    server.stderr!.on('data', (c: Buffer) => (log += c.toString()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      const up = await send('GET', '/api/health/').catch(() => null);
      if (up?.status === 200) break;
      if (Date.now() > deadline || server.exitCode !== null) throw new Error(`Server startet nicht:\n${log}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    // Both workers listen once each has logged it.
    while ((log.match(/Server listening at http:\/\/127\.0\.0\.1/g) ?? []).length < 2) {
      if (Date.now() > deadline) throw new Error(`Nur ein Prozess läuft:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 90_000);

  afterAll(async () => {
    if (server?.pid) {
      process.kill(-server.pid, 'SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends each mail of a backlog exactly once although both workers send it', async () => {
    const deadline = Date.now() + 30_000;
    while (deliveries().size < MAILS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500)); // a second delivery would come now
    const sent = deliveries();
    expect(sent.size).toBe(MAILS);
    expect([...sent.values()].every((n) => n === 1)).toBe(true);
  });

  it('shares the sign-in throttle: ten failures across both workers close the door on the eleventh', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await send('POST', '/api/login/', { json: { apartment_number: 'A-0410', password: `falsch-${i}` } })).status,
      );
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    expect(workersFor('/api/login/').size).toBe(2);
  });

  it('takes a token from either worker, and refuses it on both once one logged it out', async () => {
    const login = await send('POST', '/api/login/', { json: { apartment_number: 'A-0102', password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    for (let i = 0; i < 4; i++) expect((await send('GET', '/api/profile/', { token })).status).toBe(200);
    expect(workersFor('/api/profile/').size).toBe(2);
    expect((await send('GET', '/api/logout/', { token })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await send('GET', '/api/profile/', { token })).status).toBe(401);
  });

  it('shows a like made on one worker in the next feed of either', async () => {
    const rez = (await send('POST', '/api/login/', { json: { apartment_number: 'A-REZ', password: DEMO_PASSWORD } }))
      .body.token as string;
    const feed = await send('GET', '/api/messages/', { token: rez });
    const post = feed.body.results.find((m: { self_liked: boolean }) => !m.self_liked);
    const liked = await send('PUT', `/api/messages/${post.id}/like/`, { token: rez });
    expect(liked.status).toBe(200);
    for (let i = 0; i < 4; i++) {
      const next = await send('GET', '/api/messages/', { token: rez });
      const seen = next.body.results.find((m: { id: number }) => m.id === post.id);
      expect(seen).toMatchObject({ self_liked: true, like_count: liked.body.like_count });
    }
    expect(workersFor('/api/messages/').size).toBe(2);
  });

  it('serves a picture uploaded through one worker from the other', async () => {
    const token = (await send('POST', '/api/login/', { json: { apartment_number: 'A-0201', password: DEMO_PASSWORD } }))
      .body.token as string;
    const upload = await send('PUT', '/api/profile/', {
      token,
      body: multipart({}, { field: 'profile_picture', filename: 'ich.png', type: 'image/png', data: await pngImage() }),
    });
    expect(upload.status).toBe(200);
    const url = upload.body.profile_picture as string;
    for (let i = 0; i < 4; i++) expect((await send('GET', url)).status).toBe(200);
  });
});
