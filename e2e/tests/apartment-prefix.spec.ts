import fs from 'node:fs';
import path from 'node:path';
import { DEMO_ADMIN } from '../../apps/server/src/seed/demo-data';
import { staffLogin } from '../support/admin';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { MANAGER_LOGIN, SCREENSHOT_DIR } from '../support/env';
import { expect, test } from '../support/test';

// ADR 028: the demo's locations have the apartment-number prefixes A- and B-.

test('at 375 px the manager sees the prefix read-only and the form refuses a number of another location', async ({
  page,
}) => {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await staffLogin(page, MANAGER_LOGIN);
  // Signed in at the default width: at 375 px the navigation folds into its menu.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/admin/locations/1');
  const field = page.getByRole('textbox', { name: /^Präfix der Wohnungsnummern/ });
  await expect(field).toHaveValue('A-');
  await expect(field).toHaveAttribute('readonly');
  await expect(field).toHaveAccessibleDescription('Nur Administrator:innen können das Präfix ändern.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-location-prefix-375.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page, 'location settings with prefix at 375 px');

  await page.goto('/admin/residents/new');
  await page.getByRole('textbox', { name: 'Name' }).fill('Fremde Nummer');
  await page
    .getByRole('main')
    .getByRole('combobox', { name: 'Standort' })
    .selectOption({ label: 'Residenz am Stadtpark' });
  const apartment = page.getByRole('textbox', { name: /^Wohnungsnummer/ });
  await expect(apartment).toHaveAccessibleDescription(/Wohnungsnummern dieses Standorts beginnen mit „A-“\.$/);
  await apartment.fill('B-0101');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Wohnungsnummern in diesem Standort beginnen mit „A-“.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('an administrator edits the prefix; an overlapping one is refused under the field', async ({ page }) => {
  await staffLogin(page, DEMO_ADMIN);
  await page.goto('/admin/locations/2');
  const field = page.getByRole('textbox', { name: /^Präfix der Wohnungsnummern/ });
  await expect(field).toHaveValue('B-');
  await expect(field).not.toHaveAttribute('readonly');
  await field.fill('a');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(field).toHaveAccessibleDescription(/Das Präfix überschneidet sich mit „A-“ des Standorts/);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
});
