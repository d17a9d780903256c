import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ar as serverAr } from '../../apps/server/src/i18n/ar';
import { tr as serverTr } from '../../apps/server/src/i18n/tr';
import { core as ar } from '../../apps/web/src/i18n/locales/ar/core';
import { core as tr } from '../../apps/web/src/i18n/locales/tr/core';
import { Api } from '../support/api';
import { DEMO_PASSWORD, ROOT_DIR } from '../support/env';
import { expect, expectPath, heading, test } from '../support/test';

// The languages reach the content (ADR 038): on a Turkish and an Arabic phone a weak new password
// is refused in that language, and German content on an Arabic screen keeps its order.
// A-0102 keeps the demo password (every new password here is refused); its language goes back to German.

const RESIDENT = 'A-0102';
const SHOTS = path.join(ROOT_DIR, 'test-results', 'languages-content');
const CATALOGUES = { tr: { web: tr, server: serverTr }, ar: { web: ar, server: serverAr } } as const;

async function open(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 812 : 900 } });
  return context.newPage();
}

async function signIn(page: Page, language: 'de' | 'tr' | 'ar') {
  const web = language === 'de' ? null : CATALOGUES[language].web;
  await page.goto('/login');
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await page.getByLabel(web?.login.username ?? 'Benutzername', { exact: true }).fill(RESIDENT);
  await page.getByLabel(web?.login.password ?? 'Passwort', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: web?.login.submit ?? 'Anmelden', exact: true }).click();
  await expectPath(page, '/', 15_000);
  // The sign-in keeps the login screen's language in the profile; a page load before that call
  // has answered would bring back the profile's old language.
  const api = await Api.login(RESIDENT);
  await expect.poll(async () => (await api.get<{ language: string }>('/api/profile/')).language).toBe(language);
}

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

test.afterEach(async () => {
  await (await Api.login(RESIDENT)).put('/api/profile/', { language: 'de' });
});

for (const language of ['tr', 'ar'] as const) {
  const { web, server } = CATALOGUES[language];
  test(`${language}: a weak new password is refused in the screen's language, with the rules named beforehand`, async ({
    browser,
  }) => {
    const page = await open(browser, 375);
    try {
      await signIn(page, language);
      await page.goto('/change-password');
      await expect(heading(page, web.titles.changePassword)).toBeVisible();
      await expect(page.getByText(web.changePassword.hint)).toBeVisible();
      await page.getByLabel(web.changePassword.current, { exact: true }).fill(DEMO_PASSWORD);
      await page.getByLabel(web.changePassword.new, { exact: true }).fill('passwort');
      await page.getByLabel(web.changePassword.repeat, { exact: true }).fill('passwort');
      await page.getByRole('button', { name: web.changePassword.submit, exact: true }).click();
      const refusal = page.getByText(server.errors.password.inLists);
      await expect(refusal).toBeVisible();
      // Under the field, in its own direction: the full stop stays at the end of the sentence.
      await expect(refusal).toHaveAttribute('dir', 'auto');
      await shot(page, `${language}-375-change-password-weak`);
    } finally {
      await page.context().close();
    }
  });
}

test('ar: content on Arabic screens, German or translated, keeps its order (posts, phones, services, tickets)', async ({
  browser,
}) => {
  // Eight screens, at two widths, in two languages.
  test.setTimeout(240_000);
  for (const width of [375, 1280]) {
    for (const language of ['ar', 'de'] as const) {
      const page = await open(browser, width);
      try {
        await signIn(page, language);
        await page.waitForLoadState('networkidle');
        await shot(page, `${language}-${width}-home`);

        await page.goto('/phone-numbers');
        // The demo's labels are translated; a label keeps its own direction either way.
        const fire = page.getByText(language === 'ar' ? 'الإطفاء والإسعاف' : 'Feuerwehr und Rettungsdienst', {
          exact: true,
        });
        await expect(fire).toBeVisible();
        await expect(fire).toHaveAttribute('dir', 'auto');
        await shot(page, `${language}-${width}-phones`);

        await page.goto('/blackboard');
        const post = page.locator('article a.message-text').first();
        await expect(post).toHaveAttribute('dir', 'auto');
        await shot(page, `${language}-${width}-blackboard`);

        await page.goto('/services');
        const service = page.locator('.list-title bdi').first();
        await expect(service).toBeVisible();
        await service.click();
        await expect(page.locator('.provider h2 bdi').first()).toBeVisible();
        await shot(page, `${language}-${width}-service`);

        await page.goto('/tickets');
        const ticket = page.locator('.ticket-row-title bdi').first();
        await expect(ticket).toBeVisible();
        await shot(page, `${language}-${width}-tickets`);
        await ticket.click();
        await expect(page.locator('main h2 bdi').first()).toBeVisible();
        await shot(page, `${language}-${width}-ticket`);
        // The booking screens are being rebuilt elsewhere; looked at, not asserted here.
        await page.goto('/buchen');
        await page.waitForLoadState('networkidle');
        await shot(page, `${language}-${width}-bookings`);
        await page.goto('/tickets/new');
        await shot(page, `${language}-${width}-ticket-new`);
        if (language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      } finally {
        await page.context().close();
      }
    }
  }
});
