import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { LANGUAGE_NAMES, type Language } from '@hausportal/contract';
import { en } from '../../apps/web/src/i18n/en';
import { core as ar } from '../../apps/web/src/i18n/locales/ar/core';
import { core as pl } from '../../apps/web/src/i18n/locales/pl/core';
import { core as ru } from '../../apps/web/src/i18n/locales/ru/core';
import { core as tr } from '../../apps/web/src/i18n/locales/tr/core';
import { core as uk } from '../../apps/web/src/i18n/locales/uk/core';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { Api } from '../support/api';
import { DEMO_PASSWORD, SCREENSHOT_DIR } from '../support/env';
import { posts } from '../support/ui';
import { expect, expectPath, heading, test } from '../support/test';

// Sign-in, home and one post in every language, picked on the login screen or taken
// from the browser; then the whole resident tour in Arabic, right to left, at 375 px.
// A-0102 keeps the demo password in every spec; its language is set back to German after each test.

const CATALOGUES = { en, tr, pl, uk, ru, ar } as const;
const RESIDENT = 'A-0102';

async function resetLanguage() {
  await (await Api.login(RESIDENT)).put('/api/profile/', { language: 'de' });
}

async function phone(browser: Browser, locale = 'de-DE'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale });
  return context.newPage();
}

for (const [language, cat] of Object.entries(CATALOGUES) as [Exclude<Language, 'de'>, typeof en][]) {
  test(`${LANGUAGE_NAMES[language]}: picked on the login screen, then sign-in, home and a post`, async ({
    browser,
  }) => {
    const page = await phone(browser);
    try {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
      await page.getByRole('combobox', { name: 'Sprache' }).selectOption(language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');

      await page.getByLabel(cat.login.username, { exact: true }).fill(RESIDENT);
      await page.getByLabel(cat.login.password, { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: cat.login.submit, exact: true }).click();
      await expectPath(page, '/', 15_000);

      // Home: the tiles speak the language; the location's own title stays as written.
      await page.getByRole('link', { name: cat.home.tiles.blackboard }).click();
      await expect(heading(page, cat.titles.blackboard)).toBeVisible();
      // A post reads as its author wrote it, in German: content is not translated.
      const link = posts(page).first().locator('a.message-text');
      const text = (await link.textContent())!.replace('…', '').trim().slice(0, 30);
      await link.click();
      await expect(page).toHaveURL(/\/messages\/view\/\d+$/);
      await expect(page.getByRole('main').getByText(text).first()).toBeVisible();

      // The choice became the profile's: a reload (and any other device) keeps it.
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const profile = await (await Api.login(RESIDENT)).get<{ language: string }>('/api/profile/');
      expect(profile.language).toBe(language);
    } finally {
      await page.context().close();
      await resetLanguage();
    }
  });
}

test("before sign-in the browser's language decides: a Turkish phone opens the login in Turkish", async ({
  browser,
}) => {
  const page = await phone(browser, 'tr-TR');
  try {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: tr.login.submit, exact: true })).toBeVisible();
    await expect(page.getByLabel(tr.login.username, { exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: tr.profile.language })).toHaveValue('tr');
  } finally {
    await page.context().close();
  }
});

test('the whole resident tour in Arabic at 375 px: mirrored, numbers in order, axe clean', async ({ browser }) => {
  test.setTimeout(180_000);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const page = await phone(browser, 'ar-SY');
  const shot = async (name: string) => {
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `ar-${name}-375.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page, `Arabic ${name}`);
  };
  try {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('button', { name: ar.login.submit, exact: true })).toBeVisible();
    await shot('login');
    await page.getByLabel(ar.login.username, { exact: true }).fill(RESIDENT);
    await page.getByLabel(ar.login.password, { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: ar.login.submit, exact: true }).click();
    await expectPath(page, '/', 15_000);
    await expect(page.getByRole('link', { name: ar.home.tiles.phones })).toBeVisible();
    await shot('home');

    // The tile grid mirrors: the first tile sits on the right.
    const tiles = page.locator('.tile');
    const [firstBox, secondBox] = [await tiles.nth(0).boundingBox(), await tiles.nth(1).boundingBox()];
    expect(firstBox!.x).toBeGreaterThan(secondBox!.x);

    await page.getByRole('link', { name: ar.home.tiles.phones }).click();
    await expect(heading(page, ar.titles.phones)).toBeVisible();
    // A phone number keeps its groups in order inside Arabic text.
    const number = page.locator('.phone-number').first();
    await expect(number).toHaveCSS('unicode-bidi', 'isolate');
    await expect(number).toHaveCSS('direction', 'ltr');
    await shot('phones');
    // The back button sits on the right and its arrow points right.
    const back = page.getByRole('link', { name: ar.app.back }).or(page.getByRole('button', { name: ar.app.back }));
    const box = (await back.first().boundingBox())!;
    expect(box.x + box.width / 2).toBeGreaterThan(375 / 2);
    await expect(back.first().locator('svg')).toHaveCSS('transform', 'matrix(-1, 0, 0, 1, 0, 0)');

    for (const [route, title, name] of [
      ['/reception', ar.titles.reception, 'reception'],
      ['/apartment', ar.titles.apartment, 'apartment'],
      ['/services', ar.titles.services, 'services'],
      ['/services/1', null, 'service'],
      ['/blackboard', ar.titles.blackboard, 'blackboard'],
      ['/tickets', null, 'tickets'],
      ['/tickets/new', null, 'ticket-new'],
      ['/requests', null, 'requests'],
      ['/buchen', null, 'bookings'],
      ['/buchen/meine', null, 'my-bookings'],
      ['/pakete', null, 'parcels'],
      ['/profile', ar.titles.profile, 'profile'],
      ['/change-password', ar.titles.changePassword, 'change-password'],
    ] as const) {
      await page.goto(route);
      if (title) await expect(heading(page, title)).toBeVisible();
      else await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shot(name);
    }

    await page.goto('/blackboard');
    await posts(page).first().locator('a.message-text').click();
    await expect(page).toHaveURL(/\/messages\/view\/\d+$/);
    await expect(heading(page, ar.titles.blackboard)).toBeVisible();
    // The post keeps its own direction: German text reads left to right inside the Arabic page.
    await expect(page.locator('.message-body')).toHaveAttribute('dir', 'auto');
    await shot('post');
  } finally {
    await page.context().close();
    await resetLanguage();
  }
});
