import type { Page } from '@playwright/test';
import { login } from '../support/auth';
import { expect, expectPath, heading, test } from '../support/test';

// The home tiles of product §2.6, found by the route they open.
const tile = (page: Page, route: string) => page.getByRole('main').locator(`a[href="${route}"]`);

test('offline: loaded data stays visible and an API call answers "Network unavailable, try later."', async ({
  page,
  context,
}) => {
  await login(page, 'A-0101');
  await tile(page, '/phone-numbers').click();
  await expect(heading(page, 'Wichtige Telefonnummern')).toBeVisible();
  await expect(page.getByText('Feuerwehr und Rettungsdienst')).toBeVisible();
  await page.goBack();
  await expectPath(page, '/');
  await tile(page, '/services').click();
  await page.getByRole('main').getByRole('link', { name: 'Hausmeister' }).click();
  await expect(page.getByText('Hausmeisterservice Krause', { exact: true })).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expectPath(page, '/');

  await context.setOffline(true);
  await tile(page, '/phone-numbers').click();
  await expect(heading(page, 'Wichtige Telefonnummern')).toBeVisible();
  await expect(page.getByText('Feuerwehr und Rettungsdienst')).toBeVisible();
  await expect(page.getByText('Polizei')).toBeVisible();
  await page.goBack();

  await tile(page, '/services').click();
  await page.getByRole('main').getByRole('link', { name: 'Hausmeister' }).click();
  await expect(page.getByText('Hausmeisterservice Krause', { exact: true })).toBeVisible();
  await page.getByRole('main').getByRole('textbox').fill('Offline geschrieben: bitte den Briefkasten reparieren.');
  await page.getByRole('button', { name: 'Anfrage absenden', exact: true }).click();
  // The spec's error value, in the words the resident reads.
  await expect(page.getByText(/^Nicht gesendet: Sie sind offline./)).toBeVisible();
  await context.setOffline(false);
});

test('idle time-out: after 60 minutes without activity the app returns to the home page', async ({ page }) => {
  await page.clock.install();
  await login(page, 'A-0101');
  await tile(page, '/phone-numbers').click();
  await expectPath(page, '/phone-numbers');
  await expect(heading(page, 'Wichtige Telefonnummern')).toBeVisible();

  await page.clock.fastForward('59:00');
  await page.waitForTimeout(300);
  await expectPath(page, '/phone-numbers');

  await page.clock.fastForward('01:01');
  await expectPath(page, '/');
  await expect(heading(page, 'Residenz am Stadtpark')).toBeVisible();
});
