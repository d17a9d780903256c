import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_ADMIN } from '../../apps/server/src/seed/demo-data';
import {
  ADMINISTRATOR_SCREENS,
  ADMIN_SCREENS,
  expectFits,
  layoutReport,
  openScreen,
  type AdminScreen,
} from '../support/admin-layout';
import { staffLogin } from '../support/admin';
import { Api } from '../support/api';
import { MANAGER_LOGIN, SCREENSHOT_DIR } from '../support/env';
import { expect, test } from '../support/test';

// 1024 px is a first-class width of the back office. Every screen of ADMIN_SCREENS
// (support/admin-layout.ts: add a new screen there) with the demo data: at 1024 px nothing scrolls
// sideways, neither the page nor a table in its box, and every visible control is at least
// 24×24 px (WCAG 2.2, 2.5.8; inline links in a sentence excepted); at 1440 px nothing scrolls.
// The administrator's own screens (ADMINISTRATOR_SCREENS) are measured signed in as the demo admin.
const TABLET = { width: 1024, height: 768 };
const DESKTOP = { width: 1440, height: 900 };

/** Measures each screen at 1024 and 1440 px; returns how many were there (optional ones may not be). */
async function measure(page: Page, screens: AdminScreen[]): Promise<number> {
  let checked = 0;
  for (const screen of screens) {
    await page.setViewportSize(TABLET);
    if (!(await openScreen(page, screen))) {
      test.info().annotations.push({ type: 'skipped screen', description: `${screen.name} is not built yet` });
      continue;
    }
    await expectFits(page, screen.name);
    await page.setViewportSize(DESKTOP);
    await expectFits(page, screen.name, { targets: false });
    checked += 1;
  }
  return checked;
}

/** The demo has no notice: one that starts in a year (no resident sees or hears of it) gives 'Aushang bearbeiten'. */
async function futureNotice(): Promise<() => Promise<void>> {
  const manager = await Api.manager();
  const starts = new Date(Date.now() + 365 * 86_400_000).toISOString();
  const notice = await manager.post<{ id: number }>('/api/admin/notices/', {
    title: 'Wartung der Aufzüge (Ansicht 1024 px)',
    text: 'Die Aufzüge werden im nächsten Jahr gewartet.',
    starts_at: starts,
    location_ids: [1],
  });
  return () => manager.delete(`/api/admin/notices/${notice.id}/`);
}

test('every back-office screen fits 1024 px (no sideways scroll, controls ≥ 24 px) and 1440 px', async ({ page }) => {
  test.setTimeout(300_000);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const removeNotice = await futureNotice();
  // The outbox may be empty at the start of a run: a reset link for A-0410 puts one mail in it
  // ('E-Mail'); A-0410's own journeys wait only for mails sent after they start.
  await page.request.post('/api/password_reset/', { data: { apartment_number: 'A-0410' } });
  try {
    await page.setViewportSize(TABLET);
    await staffLogin(page, MANAGER_LOGIN);
    const checked = await measure(page, ADMIN_SCREENS);
    expect(checked, 'screens checked').toBeGreaterThanOrEqual(ADMIN_SCREENS.length - 1);
  } finally {
    await removeNotice();
  }
});

test("the administrator's screens fit 1024 px (no sideways scroll, controls ≥ 24 px) and 1440 px", async ({ page }) => {
  await page.setViewportSize(TABLET);
  await staffLogin(page, DEMO_ADMIN);
  expect(await measure(page, ADMINISTRATOR_SCREENS), 'screens checked').toBe(ADMINISTRATOR_SCREENS.length);
});

test('the Meldungen table does not scroll sideways at 1024 px while a ticket is less than a minute old', async ({
  page,
}) => {
  const anna = await Api.login('A-0101');
  const categories = await anna.get<{ results: { id: number; name: string }[] }>(
    '/api/tickets/categories/?page_size=100',
  );
  const other = categories.results.find((c) => c.name === 'Sonstiges')!;
  const ticket = await anna.reportDefect(other.id, 'Die Klingel im Hausflur summt (Ansicht 1024 px).');
  await anna.dispose();

  await page.setViewportSize(TABLET);
  await staffLogin(page, MANAGER_LOGIN);
  await page.goto('/admin/tickets');
  const table = page.getByRole('table', { name: 'Meldungen' });
  const row = table.getByRole('row').filter({ hasText: ticket.number });
  // 'vor weniger als 1 Min.' widened the number cell until the table scrolled by 16 to 41 px.
  await expect(row).toContainText('gerade eben');
  const report = await layoutReport(page);
  expect(report.overflow, report.wide.join('; ')).toBeLessThanOrEqual(0);
  expect(report.boxes).toEqual([]);
  const sizes = await table.evaluate((t) => {
    const box = t.parentElement!;
    return { table: box.scrollWidth, box: box.clientWidth, page: document.documentElement.scrollWidth };
  });
  expect(sizes.table).toBeLessThanOrEqual(sizes.box);
  expect(sizes.page).toBeLessThanOrEqual(1024);
  await page.screenshot({ path: test.info().outputPath('tickets-new-1024.png'), fullPage: true });
});

test('the check fails for a table that scrolls sideways and for a 19-px link (it can fail)', async ({ page }) => {
  await page.setViewportSize(TABLET);
  await staffLogin(page, MANAGER_LOGIN);
  await page.goto('/admin/documents');
  await expect(page.getByRole('table', { name: 'Dokumente' })).toBeVisible();
  await page.addStyleTag({
    content:
      '.admin-table td > a { display: inline !important; padding: 0 !important; } .admin-table { min-width: 1400px; }',
  });
  const report = await layoutReport(page);
  expect(report.boxes.join()).toContain('Dokumente');
  expect(report.small.some((s) => /öffnen \(neuer Tab\).*×1\d$/.test(s))).toBe(true);
});

test('the apartment picker at 1024 px: type-ahead, arrow keys and Enter in “Dokument hochladen”', async ({ page }) => {
  await page.setViewportSize(TABLET);
  await staffLogin(page, MANAGER_LOGIN);
  await page.goto('/admin/documents/new?location_id=1');
  await page.getByRole('radio', { name: 'Eine Wohnung' }).check();
  const picker = page.getByRole('combobox', { name: 'Wohnungsnummer' });
  await picker.pressSequentially('a-01');
  const list = page.getByRole('listbox', { name: 'Wohnungen' });
  await expect(list.getByRole('option', { name: /^A-0101/ })).toBeVisible();
  // The receptionist's login is no apartment.
  await expect(list.getByRole('option', { name: /A-REZ/ })).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveValue('A-0101');
  await expect(list).toBeHidden();
  await expectFits(page, 'Dokument hochladen with the picker');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-apartment-picker-1024.png') });
  await picker.fill('Z-9');
  await expect(page.getByRole('listbox', { name: 'Wohnungen' }).getByText('Keine passende Wohnung')).toBeVisible();
});
