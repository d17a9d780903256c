import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD, MANAGER_LOGIN, ROOT_DIR } from '../support/env';
import { staffLogin } from '../support/admin';
import { expect, test } from '../support/test';

// Analytics switched on: a second server of this checkout with ANALYTICS_* pointing
// at a local collector that stands in for the operator's Plausible. A journey through both apps
// delivers route patterns only, without cookies or Referer; nothing else leaves the app.

interface Hit {
  method: string;
  url: string;
  body: string;
  cookie: string | undefined;
  referer: string | undefined;
}

let collector: http.Server;
let collectorUrl = '';
const hits: Hit[] = [];
let server: ChildProcess | null = null;
let baseURL = '';
let dataDir = '';

async function freePort(): Promise<number> {
  const srv = http.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  collector = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hits.push({ method: req.method!, url: req.url!, body, cookie: req.headers.cookie, referer: req.headers.referer });
      res.writeHead(202, { 'Access-Control-Allow-Origin': '*' }).end('ok');
    });
  });
  await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;

  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hausportal-e2e-analytics-'));
  // The compiled server global-setup.ts built, as `npm start` runs it.
  server = spawn(process.execPath, ['--enable-source-maps', path.join(ROOT_DIR, 'apps/server/dist/server.js')], {
    cwd: ROOT_DIR,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      WEB_CONCURRENCY: '1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      ANALYTICS_PROVIDER: 'plausible',
      ANALYTICS_URL: collectorUrl,
      ANALYTICS_SITE_ID: 'portal.test',
    },
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseURL}/api/health/`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the analytics server did not start on ${baseURL}`);
});

test.afterAll(async () => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  await new Promise((r) => collector.close(r));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('with analytics on, only route patterns reach the operator’s instance, without cookies or Referer', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL });
  const elsewhere: string[] = [];
  context.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(`${baseURL}/`) && !url.startsWith(`${collectorUrl}/`) && !/^(data|blob|about):/.test(url))
      elsewhere.push(url);
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Benutzername', { exact: true }).fill('A-0101');
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}/`, { timeout: 15_000 });
  await page.goto('/blackboard');
  await page.getByRole('article').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/messages\/view\/\d+/);
  await page.goto('/apartment');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const admin = await context.newPage();
  await staffLogin(admin, MANAGER_LOGIN);
  await admin.goto('/admin/residents');
  await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();

  await expect.poll(() => hits.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(6);
  const pages = hits.map((h) => {
    expect(h.method).toBe('POST');
    expect(h.url).toBe('/api/event');
    expect(h.cookie).toBeUndefined();
    expect(h.referer).toBeUndefined();
    const body = JSON.parse(h.body) as { name: string; url: string; domain: string };
    expect(body.name).toBe('pageview');
    expect(body.domain).toBe('portal.test');
    expect(Object.keys(body).sort()).toEqual(['domain', 'name', 'url']);
    return new URL(body.url).pathname;
  });
  expect(pages).toEqual(expect.arrayContaining(['/login', '/', '/blackboard', '/messages/view/:id', '/apartment']));
  expect(pages).toEqual(expect.arrayContaining(['/admin/login', '/admin/residents']));
  // Never an id, an apartment number or a name.
  for (const p of pages) expect(p).toMatch(/^\/([a-z-]+|:id|:param)?(\/([a-z-]+|:id|:param))*$/);
  expect(JSON.stringify(hits)).not.toMatch(/A-0101|Anna|\/messages\/view\/\d/);
  expect(elsewhere).toEqual([]);
  await context.close();
});
