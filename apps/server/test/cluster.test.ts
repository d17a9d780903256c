import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import { DEMO_PASSWORD, multipart, postgresAvailable } from './harness.js';
import { pngImage } from './helpers.js';
import { scratchDatabase } from './postgres.js';
import { startSmtp } from './smtp.js';
import { freePort, request } from './server-process.js';

// Many server processes behave as one (ADR 017/018), as real process trees:
// - `npm start` with two cluster workers on SQLite, the embedded default;
// - two separate servers on two ports, as on two machines behind a load balancer, with one
//   PostgreSQL, one Redis, uploads in the database and a data folder each.
// Whatever a request does, the next one may land on the other process and must see it.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAILS = 60;

/** A running deployment: the ports its requests go to in turn, and its processes' log. */
interface Deployment {
  ports: number[];
  log(): string;
  stop(): Promise<void>;
}

/** Starts `npm start`'s server with `env`; resolves once it answers on `port`. */
function spawnServer(env: Record<string, string>, output: { log: string }) {
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: true,
  });
  child.stdout!.on('data', (c: Buffer) => (output.log += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output.log += c.toString()));
  return child;
}

async function stopAll(children: ChildProcess[]) {
  for (const child of children) {
    if (!child.pid || child.exitCode !== null) continue;
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

/** Mail waiting before the start: every process sends it at once, each mail must go once. */
async function queueBacklog(opts: { dataDir: string; databaseUrl?: string }) {
  const handle = openDatabase(opts);
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
}

const baseEnv = (smtpUrl: string) => ({
  HOST: '127.0.0.1',
  SMTP_URL: smtpUrl,
  SEED_DEMO: 'true',
  LOG_LEVEL: 'info',
  DATABASE_URL: '',
  REDIS_URL: '',
  MEDIA_STORE: 'local',
});

/** `npm start` with WEB_CONCURRENCY=2 on SQLite: one port, the cluster hands connections out in turn. */
async function clusterOnSqlite(smtpUrl: string): Promise<Deployment> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-cluster-'));
  const env = {
    ...baseEnv(smtpUrl),
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEB_CONCURRENCY: '2',
  };
  await prepareDatabase(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
  await queueBacklog({ dataDir });
  const output = { log: '' };
  const child = spawnServer(env, output);
  await waitUntilServing([port], output, 2, [child]);
  return {
    ports: [port],
    log: () => output.log,
    stop: async () => {
      await stopAll([child]);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two servers of one process each on two ports, started at the same moment on an empty
 * PostgreSQL database: they migrate and seed once between them, share Redis for the throttles
 * and the database for uploads, and have a data folder of their own, as on two machines.
 */
async function twoServersOnPostgres(smtpUrl: string): Promise<Deployment> {
  const scratch = await scratchDatabase('hp_scale');
  const redisUrl = 'redis://127.0.0.1:6379/7';
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  redis.disconnect();
  const ports = [await freePort(), await freePort()];
  const dirs = ports.map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'hp-machine-')));
  // The schema first, so the backlog can wait in it; the demo data come with the servers' start.
  const migrated = openDatabase({ databaseUrl: scratch.url, dataDir: dirs[0]! });
  await migrateToLatest(migrated.db);
  await migrated.close();
  await queueBacklog({ dataDir: dirs[0]!, databaseUrl: scratch.url });
  const output = { log: '' };
  const children = ports.map((port, i) =>
    spawnServer(
      {
        ...baseEnv(smtpUrl),
        DATA_DIR: dirs[i]!,
        PORT: String(port),
        PUBLIC_URL: 'http://hausportal.test',
        WEB_CONCURRENCY: '1',
        DATABASE_URL: scratch.url,
        REDIS_URL: redisUrl,
        MEDIA_STORE: 'database',
        // No SECRET_KEY: both servers generate one at the same moment and must agree on the one
        // kept in the database, or a picture URL signed by one is refused by the other.
        SECRET_KEY: '',
      },
      output,
    ),
  );
  await waitUntilServing(ports, output, 2, children);
  return {
    ports,
    log: () => output.log,
    stop: async () => {
      await stopAll(children);
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
      await scratch.drop();
    },
  };
}

async function waitUntilServing(ports: number[], output: { log: string }, processes: number, children: ChildProcess[]) {
  const deadline = Date.now() + 60_000;
  for (const port of ports) {
    for (;;) {
      const up = await request(port, 'GET', '/api/health/').catch(() => null);
      if (up?.status === 200) break;
      if (Date.now() > deadline || children.some((c) => c.exitCode !== null))
        throw new Error(`Server startet nicht:\n${output.log}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  while ((output.log.match(/Server listening at http:\/\/127\.0\.0\.1/g) ?? []).length < processes) {
    if (Date.now() > deadline) throw new Error(`Nicht alle Prozesse laufen:\n${output.log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const deployments: [string, (smtpUrl: string) => Promise<Deployment>, boolean][] = [
  ['two cluster workers on SQLite', clusterOnSqlite, true],
  ['two servers on two ports with PostgreSQL and Redis', twoServersOnPostgres, await postgresAvailable()],
];

describe.each(deployments)('%s', (_name, start, available) => {
  let deployment: Deployment;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let turn = 0;
  /** Deliveries per Message-ID. */
  const deliveries = () => {
    const count = new Map<string, number>();
    for (const m of smtp.received) {
      const id = /^message-id:\s*(.*)$/im.exec(m.raw)?.[1]?.trim() ?? '';
      count.set(id, (count.get(id) ?? 0) + 1);
    }
    return count;
  };
  /** The next request goes to the next port in turn (with one port, to the cluster's next worker). */
  const send = (...args: Parameters<typeof request> extends [number, ...infer R] ? R : never) =>
    request(deployment.ports[turn++ % deployment.ports.length]!, ...args);
  /** The process ids that answered requests to `url` (from their request log). */
  const workersFor = (url: string) =>
    new Set(
      deployment
        .log()
        .split('\n')
        .filter((l) => l.includes('"msg":"request completed"') && l.includes(`"url":"${url}`))
        .map((l) => /"pid":(\d+)/.exec(l)?.[1]),
    );

  beforeAll(async () => {
    if (!available) return;
    smtp = await startSmtp();
    deployment = await start(smtp.url);
  }, 120_000);

  afterAll(async () => {
    await deployment?.stop();
    await smtp?.close();
  });

  it.runIf(available)('sends each mail of a backlog exactly once although both workers send it', async () => {
    const deadline = Date.now() + 30_000;
    while (deliveries().size < MAILS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500)); // a second delivery would come now
    const sent = deliveries();
    expect(sent.size).toBe(MAILS);
    expect([...sent.values()].every((n) => n === 1)).toBe(true);
  });

  it.runIf(available)(
    'shares the sign-in throttle: ten failures across both workers close the door on the eleventh',
    async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push(
          (await send('POST', '/api/login/', { json: { apartment_number: 'A-0410', password: `falsch-${i}` } })).status,
        );
      expect(statuses).toEqual([...Array(10).fill(400), 429]);
      expect(workersFor('/api/login/').size).toBe(2);
    },
  );

  it.runIf(available)('takes a token from either worker, and refuses it on both once one logged it out', async () => {
    const login = await send('POST', '/api/login/', { json: { apartment_number: 'A-0102', password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    // The feed takes the user from each process's token cache (ADR 018); both must hold it.
    for (const url of ['/api/profile/', '/api/messages/', '/api/profile/', '/api/messages/'])
      for (let i = 0; i < 2; i++) expect((await send('GET', url, { token })).status).toBe(200);
    expect(workersFor('/api/profile/').size).toBe(2);
    expect(workersFor('/api/messages/').size).toBe(2);
    expect((await send('GET', '/api/logout/', { token })).status).toBe(200);
    for (const url of ['/api/messages/', '/api/messages/', '/api/profile/', '/api/profile/'])
      expect((await send('GET', url, { token })).status).toBe(401);
  });

  it.runIf(available)('shows a like made on one worker in the next feed of either', async () => {
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

  it.runIf(available)('serves a picture uploaded through one worker from the other', async () => {
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
