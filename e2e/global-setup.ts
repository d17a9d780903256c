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
} from './support/env';

/** What global-teardown.ts needs; kept on globalThis because both run in the runner process. */
export interface E2EHandles {
  tmpRoot: string;
  server: ChildProcess | null;
  closeSmtp: (() => Promise<void>) | null;
}
const HANDLES = '__hausportalE2E';
export const handles = (): E2EHandles | undefined =>
  (globalThis as Record<string, unknown>)[HANDLES] as E2EHandles | undefined;

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

export default async function globalSetup(_config: FullConfig): Promise<void> {
  if (!hasChromium) {
    if (requireE2E) {
      throw new Error(`[e2e] REQUIRE_E2E=1 but ${CHROMIUM} is missing. Install it with 'apt-get install -y chromium'.`);
    }
    console.warn(NO_CHROMIUM_NOTICE);
    return;
  }

  buildWebIfStale();

  const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'hausportal-e2e-'));
  const state: E2EHandles = { tmpRoot, server: null, closeSmtp: null };
  (globalThis as Record<string, unknown>)[HANDLES] = state;

  const mailFile = path.join(tmpRoot, 'mails.json');
  const smtp = await startSmtpStore(mailFile);
  state.closeSmtp = smtp.close;

  const port = await freePort();
  // Integrations.spec.ts receives webhooks on this port; the server allows it as a plain
  // http origin, like an on-premises ERP.
  const webhookPort = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = path.join(tmpRoot, 'data');
  const logDir = path.join(ROOT_DIR, 'test-results');
  fs.mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, 'e2e-server.log');
  const log = fs.openSync(logFile, 'w');

  const server = spawn(path.join(ROOT_DIR, 'node_modules', '.bin', 'tsx'), ['apps/server/src/server.ts'], {
    cwd: ROOT_DIR,
    // Own process group, so teardown can stop tsx and its node child by this one id.
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
    },
  });
  fs.closeSync(log);
  state.server = server;

  await waitForHealth(baseURL, server, logFile, 180_000);
  process.env[ENV_DIST_MTIME] = String(fs.statSync(WEB_INDEX).mtimeMs);
  process.env[ENV_BASE_URL] = baseURL;
  process.env[ENV_MAIL_FILE] = mailFile;
  process.env[ENV_DATA_DIR] = dataDir;
  process.env[ENV_WEBHOOK_PORT] = String(webhookPort);
  console.log(`[e2e] server on ${baseURL}, SMTP on 127.0.0.1:${smtp.port}, data in ${dataDir}`);
}
