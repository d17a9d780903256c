import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Debian's Chromium; `npx playwright install` cannot work in this environment. HP_E2E_CHROMIUM overrides it. */
export const CHROMIUM = process.env.HP_E2E_CHROMIUM || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const hasChromium = fs.existsSync(CHROMIUM);
export const requireE2E = process.env.REQUIRE_E2E === '1' || process.env.REQUIRE_E2E === 'true';

export const NO_CHROMIUM_NOTICE =
  `\n${'!'.repeat(78)}\n!! E2E SKIPPED: ${CHROMIUM} not found. Install it with 'apt-get install -y chromium'.\n` +
  `!! Set REQUIRE_E2E=1 to make a missing browser fail the run instead.\n${'!'.repeat(78)}\n`;

export const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT_DIR = path.resolve(E2E_DIR, '..');
export const SCREENSHOT_DIR = path.join(E2E_DIR, 'screenshots');

/**
 * Set by global-setup.ts and inherited by the test workers. Each worker has a server of its own:
 * the names of a server's variables end in `_<index>` (see `serverEnv`); ENV_DIST_MTIME is shared.
 */
export const ENV_BASE_URL = 'HP_E2E_BASE_URL';
export const ENV_MAIL_FILE = 'HP_E2E_MAIL_FILE';
export const ENV_DIST_MTIME = 'HP_E2E_DIST_MTIME';
/** The server's DATA_DIR, for journeys that need more rows than the demo has (25 phone numbers). */
export const ENV_DATA_DIR = 'HP_E2E_DATA_DIR';
/** The port of the webhook receiver a spec may open on 127.0.0.1; the server allows it (WEBHOOK_ENDPOINT_ALLOWLIST). */
export const ENV_WEBHOOK_PORT = 'HP_E2E_WEBHOOK_PORT';

/**
 * The server of this test worker: Playwright numbers its worker processes 0..workers-1 in
 * TEST_PARALLEL_INDEX (a worker that replaces a failed one keeps the number), and global-setup.ts
 * starts one server per number. Outside a worker (global setup and teardown) it is 0.
 */
export function serverIndex(): number {
  return Number(process.env.TEST_PARALLEL_INDEX ?? 0);
}

/** The name of one server's variable, e.g. HP_E2E_BASE_URL_1. */
export const serverEnvName = (name: string, index = serverIndex()) => `${name}_${index}`;

/** The value of a variable of this worker's server; throws when global-setup.ts did not set it. */
export function serverEnv(name: string): string {
  const value = process.env[serverEnvName(name)];
  if (!value) {
    throw new Error(
      `${serverEnvName(name)} is not set: global-setup.ts did not start a server for worker ${serverIndex()}`,
    );
  }
  return value;
}

export const WEB_INDEX = path.join(ROOT_DIR, 'apps', 'web', 'dist', 'index.html');

/**
 * The server serves only the web files that existed when it started. A rebuild of apps/web
 * during the run (someone else building) makes every later page blank; say so instead of
 * letting it pass for an app bug.
 */
export function distRebuiltDuringRun(): boolean {
  const recorded = process.env[ENV_DIST_MTIME];
  if (!recorded) return false;
  const now = fs.existsSync(WEB_INDEX) ? String(fs.statSync(WEB_INDEX).mtimeMs) : 'missing';
  return now !== recorded;
}
export const DIST_REBUILT_NOTICE =
  'apps/web/dist was rebuilt while the e2e server was running; its new asset files are not served, so pages may be blank. Rerun the e2e tests.';

// The demo accounts are defined once, in the server's demo data.
export { DEMO_MANAGER as MANAGER_LOGIN, DEMO_PASSWORD } from '../../apps/server/src/seed/demo-data';
/** The server runs with this APP_NAME, so every text that names the product must carry it. */
export const APP_NAME = 'Wohnportal Nord';

/** This worker's server, e.g. http://127.0.0.1:41234. */
export const baseUrl = (): string => serverEnv(ENV_BASE_URL);
/** The JSON file of the SMTP server that this worker's server sends to (see smtp.ts). */
export const mailFile = (): string => serverEnv(ENV_MAIL_FILE);
/** The DATA_DIR of this worker's server. */
export const dataDir = (): string => serverEnv(ENV_DATA_DIR);
/** The webhook port that this worker's server allows. */
export const webhookPort = (): number => Number(serverEnv(ENV_WEBHOOK_PORT));
