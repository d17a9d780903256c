import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { AdminTicket, AdminTicketListItem } from '@hausportal/contract';
import { staffLogin } from '../support/admin';
import { Api } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { MANAGER_LOGIN, SCREENSHOT_DIR } from '../support/env';
import { expect, test } from '../support/test';

// The back office's ticket screens ('Meldungen') on a tablet (1024 px) and a desktop
// (1440 px), against the demo tickets of the real server, each checked with axe.
const WIDTHS = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
] as const;

async function capture(page: Page, name: string): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expect.soft(page.getByRole('heading', { level: 1 }), `${name} at ${size.width} px`).toBeVisible();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    // Nothing may widen the page beyond the window (a table scrolls in its own box).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect.soft(overflow, `${name} at ${size.width} px is wider than the window`).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `admin-tickets-${name}-${size.width}.png`),
      fullPage: true,
    });
    await expectNoSeriousA11yViolations(page, `admin tickets ${name} at ${size.width} px`);
  }
}

/** The demo's radiator ticket of A-0101, with an internal note, so the timeline shows both kinds. */
async function radiatorTicket(): Promise<AdminTicket> {
  const manager = await Api.manager();
  const list = await manager.get<{ results: AdminTicketListItem[] }>(
    '/api/admin/tickets/?search=Heizk%C3%B6rper&page_size=10',
  );
  const row = list.results.find((r) => r.category_name === 'Heizung');
  if (!row) throw new Error('the demo has no radiator ticket');
  const note = 'Herr Krause hat einen Schlüssel; vorher bei Frau Beispiel anrufen.';
  const ticket = await manager.get<AdminTicket>(`/api/admin/tickets/${row.id}/`);
  if (ticket.events.some((e) => e.text === note)) return ticket;
  return manager.post<AdminTicket>(`/api/admin/tickets/${row.id}/messages/`, { text: note, internal: true });
}

test('the ticket screens at 1024 and 1440 px: screenshot and no serious or critical axe violations', async ({
  page,
}) => {
  test.setTimeout(180_000);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const ticket = await radiatorTicket();
  await staffLogin(page, MANAGER_LOGIN);

  // The sidebar counts the new tickets.
  await expect(page.getByRole('navigation').getByRole('link', { name: /^Meldungen \d+ neu$/ })).toBeVisible();

  await page.goto('/admin/tickets');
  await expect(
    page.getByRole('table', { name: 'Meldungen' }).getByRole('link', { name: `Meldung ${ticket.number}` }),
  ).toBeVisible();
  await capture(page, 'list');
  // On a tablet every column of the list shows without scrolling the table sideways.
  await page.setViewportSize(WIDTHS[0]);
  const hidden = await page.locator('.admin-table-scroll').evaluate((box) => box.scrollWidth - box.clientWidth);
  expect.soft(hidden, 'the ticket list scrolls sideways at 1024 px').toBeLessThanOrEqual(0);

  await page.goto('/admin/tickets/board');
  await expect(page.getByRole('region', { name: /^Eingegangen/ })).toBeVisible();
  await capture(page, 'board');

  await page.goto(`/admin/tickets/${ticket.id}`);
  const note = page.getByRole('listitem').filter({ hasText: 'Herr Krause hat einen Schlüssel' });
  await expect(note).toContainText('Interne Notiz – nur für die Verwaltung sichtbar');
  await capture(page, 'ticket');

  await page.getByRole('button', { name: 'Handwerker beauftragen' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Handwerker beauftragen' }).getByLabel('Handwerker / Anbieter'),
  ).toBeVisible();
  await page.setViewportSize(WIDTHS[0]);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-tickets-assign-1024.png') });
  await expectNoSeriousA11yViolations(page, 'admin tickets assignment dialog');
  await page.keyboard.press('Escape');

  for (const [name, url] of [
    ['new', '/admin/tickets/new'],
    ['categories', '/admin/tickets/categories'],
    ['stats', '/admin/tickets/stats'],
  ] as const) {
    await page.goto(url);
    await capture(page, name);
  }
});
