import type { BrowserContext, Page } from '@playwright/test';
import { MANAGER_LOGIN, baseUrl } from '../support/env';
import { staffLogin } from '../support/admin';
import { Api } from '../support/api';
import { login } from '../support/auth';
import { makePdf } from '../support/files';
import { expect, test } from '../support/test';

// In a real browser: apartment documents open from their 5-minute, session-bound links
// (defect 5, ADR 026), also when the list is older than that; and with analytics off (the
// default) a journey through both apps sends no request outside the app's origin (operations 7).

const unique = (what: string) => `${what} ${Date.now().toString(36)}`;

/** Every response of a /api/media/documents/ URL in the context (tabs and popups). */
function documentResponses(context: BrowserContext) {
  const seen: { url: string; status: number }[] = [];
  context.on('response', (r) => {
    if (r.url().includes('/api/media/documents/')) seen.push({ url: r.url(), status: r.status() });
  });
  return seen;
}

/** Clicks a document link and waits until its tab has fetched the file. */
async function openDocument(page: Page, title: string, seen: { url: string; status: number }[]) {
  const before = seen.length;
  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: new RegExp(title) }).click();
  const tab = await popup;
  await expect.poll(() => seen.length, { timeout: 10_000 }).toBeGreaterThan(before);
  await tab.close();
  return seen.at(-1)!;
}

test('an apartment document opens from its bound link, a stale link is renewed, and logout ends it', async ({
  browser,
}) => {
  const manager = await Api.manager();
  const title = unique('Mietvertrag');
  await manager.uploadDocument(1, title, makePdf('mietvertrag.pdf', title), 'A-0101');
  await manager.dispose();

  const context = await browser.newContext();
  const seen = documentResponses(context);
  const page = await context.newPage();
  // A clock the test can move: the app decides from its own clock when a link is stale.
  await page.clock.install();
  await login(page, 'A-0101');
  await page.goto('/apartment');
  await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible();

  const first = await openDocument(page, title, seen);
  expect(first.status).toBe(200);
  expect(new URL(first.url).searchParams.get('sid')).toMatch(/^\d+$/);

  // Six minutes later the listed link has expired: the tap fetches a fresh one first.
  const renewals: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/documents\/\d+\/$/.test(new URL(r.url()).pathname)) renewals.push(r.url());
  });
  const opened = await openDocument(page, title, seen);
  expect(opened.status).toBe(200);
  expect(renewals).toEqual([]);
  await page.clock.setSystemTime(Date.now() + 6 * 60_000);
  const renewed = await openDocument(page, title, seen);
  expect(renewed.status).toBe(200);
  expect(renewals).toHaveLength(1);

  // Signed out, the link is refused, with or without a token.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const api = page.request;
  expect((await api.get(`${baseUrl()}/api/logout/`, { headers: { Authorization: `Token ${token}` } })).ok()).toBe(true);
  const refused = await api.get(renewed.url);
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({
    detail: 'Die Anmeldung, für die dieser Link erstellt wurde, ist beendet. Bitte melden Sie sich erneut an.',
  });
  await context.close();
});

test('with analytics off, a journey through both apps sends no request outside the app', async ({ browser }) => {
  const context = await browser.newContext();
  const origin = new URL(baseUrl()).origin;
  const outside: string[] = [];
  const all: string[] = [];
  context.on('request', (r) => {
    const url = r.url();
    all.push(url);
    if (!url.startsWith(`${origin}/`) && !/^(data|blob|about):/.test(url)) outside.push(url);
  });
  const page = await context.newPage();
  await login(page, 'A-0101');
  for (const path of ['/blackboard', '/apartment', '/phone-numbers', '/services', '/tickets', '/profile']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.goto('/blackboard');
  await page.getByRole('article').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/messages\/view\/\d+/);
  // The page holds no analytics setting, and the sender is never fetched.
  await expect(page.locator('meta[name="hausportal-analytics"]')).toHaveCount(0);

  const admin = await context.newPage();
  await staffLogin(admin, MANAGER_LOGIN);
  for (const path of ['/admin/moderation', '/admin/tickets', '/admin/residents', '/admin/documents']) {
    await admin.goto(path);
    await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await expect(admin.locator('meta[name="hausportal-analytics"]')).toHaveCount(0);
  expect(all.length).toBeGreaterThan(20);
  expect(outside).toEqual([]);
  await context.close();
});
