import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type { Language } from '@hausportal/contract';
import { Api } from '../support/api';
import { login } from '../support/auth';
import { SCREENSHOT_DIR } from '../support/env';
import { expect, test } from '../support/test';

// Home at 375 px (issue 33): nothing wider than the screen, the emergency button says what it is
// in the reader's language, and the order emergency, notices, parcels, problems in the house,
// 'Schaden melden'. Profile languages are set back to German after each test.

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'de-DE' });
  return context.newPage();
}

/** The page and every card end inside the 375 px screen. */
async function expectNothingWider(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.scrollingElement!.scrollWidth,
    cards: Array.from(document.querySelectorAll('.home-stack > *, .home-stack .card')).map((el) => {
      const box = el.getBoundingClientRect();
      return { name: el.className, left: Math.round(box.left), right: Math.round(box.right) };
    }),
  }));
  expect(widths.page).toBeLessThanOrEqual(375);
  for (const card of widths.cards) {
    expect(card.right, card.name).toBeLessThanOrEqual(375);
    expect(card.left, card.name).toBeGreaterThanOrEqual(0);
  }
}

const LABELS: Record<'de' | 'tr' | 'ar', RegExp> = {
  de: /^Notruf: /,
  tr: /^Acil durum: /,
  ar: /^طوارئ: /,
};

for (const language of ['de', 'tr', 'ar'] as const satisfies readonly Language[]) {
  test(`home at 375 px in ${language}: no card wider than the screen, the emergency button named`, async ({
    browser,
  }) => {
    const api = await Api.login('A-0101');
    await api.put('/api/profile/', { language });
    const page = await phone(browser);
    try {
      await login(page, 'A-0101');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const emergency = page.locator('a.emergency-button');
      await expect(emergency).toBeVisible();
      await expect(emergency.locator('.emergency-name')).toHaveText(LABELS[language]);
      // What follows the notices is there once the news came.
      await expect(page.locator('.report-damage-button')).toBeVisible();
      await expect(page.locator('.tile-grid')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNothingWider(page);

      // Order: emergency first, 'Schaden melden' after the problems in the house.
      const order = await page.evaluate(() =>
        Array.from(document.querySelectorAll('.home-stack > *')).map((el) => el.className.split(' ')[0]),
      );
      expect(order[0]).toBe('emergency-button');
      const report = order.indexOf('ticket-buttons');
      const problems = order.indexOf('card');
      if (problems >= 0) expect(problems).toBeLessThan(report);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `i33-home-${language}-375.png`), fullPage: true });
    } finally {
      await api.put('/api/profile/', { language: 'de' });
      await page.context().close();
    }
  });
}

test("the reception as target is still 'Notruf: …'; without emergency services one line with 112", async ({
  browser,
}) => {
  const page = await phone(browser);
  try {
    await login(page, 'B-0101');
    await expect(page.locator('a.emergency-button .emergency-name')).toHaveText(/^Notruf: /);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'i33-home-B-0101-375.png'), fullPage: true });
  } finally {
    await page.context().close();
  }
  const other = await phone(browser);
  try {
    await login(other, 'A-0102');
    await expect(other.locator('a.emergency-button')).toHaveCount(0);
    const line = other.locator('.emergency-fallback');
    await expect(line).toContainText('Im Notfall:');
    await expect(line.getByRole('link', { name: 'Feuerwehr und Rettungsdienst 112' })).toHaveAttribute(
      'href',
      'tel:112',
    );
    await expect(line.getByRole('link', { name: /^Gas-Notruf / })).toBeVisible();
    await expectNothingWider(other);
  } finally {
    await other.context().close();
  }
});
