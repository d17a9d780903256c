import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startSmtpStore } from './support/smtp';
import {
  APP_NAME,
  CHROMIUM,
  ENV_BASE_URL,
  ENV_DATA_DIR,
  ENV_DIST_MTIME,
  ENV_MAIL_FILE,
  ENV_WEBHOOK_PORT,
  NO_CHROMIUM_NOTICE,
  ROOT_DIR,
  WEB_INDEX,
  hasChromium,
  requireE2E,
  serverEnvName,
} from './support/env';

/** One server of global-setup.ts, with its SMTP server. */
export interface E2EServer {
  server: ChildProcess | null;
  closeSmtp: (() => Promise<void>) | null;
}
/** The compiled server (scripts/build-server.mjs), what `npm start` runs. */
const SERVER_BUNDLE = path.join(ROOT_DIR, 'apps', 'server', 'dist', 'server.js');

/** What global-teardown.ts needs; kept on globalThis because both run in the runner process. */
export interface E2EHandles {
  tmpRoot: string;
  servers: E2EServer[];
}
const HANDLES = '__hausportalE2E';
export const handles = (): E2EHandles | undefined =>
  (globalThis as Record<string, unknown>)[HANDLES] as E2EHandles | undefined;
export const clearHandles = (): void => {
  delete (globalThis as Record<string, unknown>)[HANDLES];
};

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Builds apps/web when dist is missing or older than its sources (the app is built in parallel). */
function buildWebIfStale(): void {
  const web = path.join(ROOT_DIR, 'apps', 'web');
  const index = path.join(web, 'dist', 'index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sources = Math.max(
    ...['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => newestMtime(path.join(web, p))),
    newestMtime(path.join(ROOT_DIR, 'packages', 'contract', 'src')),
  );
  if (built && built >= sources) return;
  console.log(`[e2e] building apps/web (${built ? 'dist is older than src' : 'no dist'})…`);
  const res = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT_DIR, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('[e2e] `npm run build -w apps/web` failed');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: number | null = null;
  server.once('exit', (code) => (exited = code ?? -1));
  while (Date.now() < deadline) {
    if (exited !== null) break;
    try {
      const res = await fetch(`${url}/api/health/`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-4000) : '';
  throw new Error(
    `[e2e] server did not answer 200 on ${url}/api/health/ ${exited !== null ? `(exited with ${exited})` : `within ${timeoutMs} ms`}\n${log}`,
  );
}

/**
 * Starts server number `index` for the test worker with that TEST_PARALLEL_INDEX: its own SMTP
 * server and mail file, port, webhook port and fresh SQLite DATA_DIR with the demo seed, so the
 * journeys of one worker never see the posts or passwords that the other's journeys change.
 */
async function startServer(index: number, tmpRoot: string, handle: E2EServer): Promise<string> {
  const dir = path.join(tmpRoot, `server-${index}`);
  fs.mkdirSync(dir);
  const mailFile = path.join(dir, 'mails.json');
  const smtp = await startSmtpStore(mailFile);
  handle.closeSmtp = smtp.close;

  const port = await freePort();
  // Integrations.spec.ts receives webhooks on this port; the server allows it as a plain
  // http origin, like an on-premises ERP.
  const webhookPort = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = path.join(dir, 'data');
  const logDir = path.join(ROOT_DIR, 'test-results');
  fs.mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `e2e-server-${index}.log`);
  const log = fs.openSync(logFile, 'w');

  // The compiled server, as `npm start` runs it (built once in globalSetup), one process: two
  // servers with a cluster each would be four processes beside Chromium on two cores; the
  // cluster has its own tests (apps/server/test/cluster.test.ts).
  const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    cwd: ROOT_DIR,
    // Own process group, so teardown can stop the server and anything it started by this one id.
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      WEBHOOK_ENDPOINT_ALLOWLIST: `http://127.0.0.1:${webhookPort}`,
      APP_NAME,
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_CONCURRENCY: '1',
    },
  });
  fs.closeSync(log);
  handle.server = server;

  await waitForHealth(baseURL, server, logFile, 180_000);
  process.env[serverEnvName(ENV_BASE_URL, index)] = baseURL;
  process.env[serverEnvName(ENV_MAIL_FILE, index)] = mailFile;
  process.env[serverEnvName(ENV_DATA_DIR, index)] = dataDir;
  process.env[serverEnvName(ENV_WEBHOOK_PORT, index)] = String(webhookPort);
  return `[e2e] server ${index} on ${baseURL}, SMTP on 127.0.0.1:${smtp.port}, data in ${dataDir}`;
}

export default async function globalSetup(config: FullConfig): Promise<void> {
  if (!hasChromium) {
    if (requireE2E) {
      throw new Error(`[e2e] REQUIRE_E2E=1 but ${CHROMIUM} is missing. Install it with 'apt-get install -y chromium'.`);
    }
    console.warn(NO_CHROMIUM_NOTICE);
    return;
  }

  buildWebIfStale();
  const built = spawnSync(process.execPath, [path.join(ROOT_DIR, 'scripts', 'build-server.mjs')], {
    cwd: ROOT_DIR,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('[e2e] `node scripts/build-server.mjs` failed');

  const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'hausportal-e2e-'));
  // One server per worker (config.workers includes --workers and E2E_WORKERS), started at once.
  const servers: E2EServer[] = Array.from({ length: Math.max(1, config.workers) }, () => ({
    server: null,
    closeSmtp: null,
  }));
  (globalThis as Record<string, unknown>)[HANDLES] = { tmpRoot, servers } satisfies E2EHandles;
  const started = await Promise.allSettled(servers.map((handle, index) => startServer(index, tmpRoot, handle)));
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) {
    // Stop the servers that did start before failing the run.
    await (await import('./global-teardown')).default();
    throw failed.reason;
  }
  process.env[ENV_DIST_MTIME] = String(fs.statSync(WEB_INDEX).mtimeMs);
  for (const r of started) if (r.status === 'fulfilled') console.log(r.value);
}
