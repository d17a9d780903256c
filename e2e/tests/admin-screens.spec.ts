import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_ADMIN } from '../../apps/server/src/seed/demo-data';
import { staffLogin } from '../support/admin';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { login } from '../support/auth';
import { MANAGER_LOGIN, SCREENSHOT_DIR } from '../support/env';
import { expect, sharedPage, test } from '../support/test';

// The back office on a tablet (1024 px) and a desktop (1440 px).
const WIDTHS = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
] as const;

async function capture(page: Page, name: string): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expect.soft(page.getByRole('heading', { level: 1 }), `${name} at ${size.width} px`).toBeVisible();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `admin-${name}-${size.width}.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page, `admin ${name} at ${size.width} px`);
  }
}

const SCREENS: [name: string, url: string][] = [
  ['overview', '/admin/uebersicht'],
  ['moderation', '/admin/moderation'],
  ['notices', '/admin/notices'],
  ['notice-form', '/admin/notices/new'],
  ['residents', '/admin/residents'],
  ['resident-form', '/admin/residents/new'],
  ['import', '/admin/residents/import'],
  ['documents', '/admin/documents'],
  ['document-upload', '/admin/documents/new'],
  ['phones', '/admin/phones'],
  ['services', '/admin/services'],
  ['locations', '/admin/locations'],
  ['requests', '/admin/requests'],
  ['emails', '/admin/emails'],
  ['audit', '/admin/audit'],
  ['bookings-approvals', '/admin/buchungen'],
  ['bookings-calendar', '/admin/buchungen/kalender'],
  ['booking-resources', '/admin/buchungen/ressourcen'],
  ['booking-resource-new', '/admin/buchungen/ressourcen/neu'],
  ['booking-usage', '/admin/buchungen/auslastung'],
  // The legal pages, read-only for a manager (legal.spec.ts checks the editor as an administrator).
  ['legal', '/admin/rechtliches'],
  ['legal-page', '/admin/rechtliches/barrierefreiheit'],
];

// The two back-office tours share one session (see sharedPage): the manager's, then the
// administrator's after 'Abmelden'.
const backOffice = sharedPage();

test('every back-office screen at 1024 and 1440 px: screenshot and no serious or critical axe violations', async () => {
  test.setTimeout(240_000);
  const page = backOffice();
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.goto('/admin/login');
  await capture(page, 'login');
  await staffLogin(page, MANAGER_LOGIN);
  for (const [name, url] of SCREENS) {
    await page.goto(url);
    await capture(page, name);
  }
});

// The screens only an administrator opens, signed in as the demo administrator.
const ADMINISTRATOR_SCREENS: [name: string, url: string][] = [
  // API keys and webhooks.
  ['integrations', '/admin/schnittstellen'],
];

test("the administrator's screens at 1024 and 1440 px: screenshot and no serious or critical axe violations", async () => {
  const page = backOffice();
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // The manager of the tour above signs out first (the session is new when that tour failed).
  await page.goto('/admin/uebersicht');
  const signOut = page.getByRole('button', { name: 'Abmelden', exact: true });
  const signIn = page.getByRole('button', { name: 'Anmelden', exact: true });
  await expect(signOut.or(signIn)).toBeVisible();
  if (await signOut.isVisible()) await signOut.click();
  await expect(signIn).toBeVisible();
  await staffLogin(page, DEMO_ADMIN);
  for (const [name, url] of ADMINISTRATOR_SCREENS) {
    await page.goto(url);
    await capture(page, name);
  }
});

test('the residents’ new screens at 375 px: Meine Anfragen and a post with Inhalt melden', async ({ page }) => {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await login(page, 'A-0101');
  for (const [name, url] of [
    ['requests', '/requests'],
    ['blackboard-notices', '/blackboard'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-375.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page, `${name} at 375 px`);
  }
});
