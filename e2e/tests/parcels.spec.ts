import path from 'node:path';
import type { Page } from '@playwright/test';
import { login } from '../support/auth';
import { SCREENSHOT_DIR } from '../support/env';
import { expect, expectPath, test } from '../support/test';
import { demoResident, expectMail, mailsTo } from '../support/tickets';

// Parcels at 375 px through the real server, outbox and SMTP server: A-REZ logs two
// parcels for A-0101 in a row (at most 4 taps after the apartment is picked), A-0101 gets the
// mail and the home card with the pickup code, A-REZ hands both over with it in one tap, and the card goes.

test.use({ viewport: { width: 375, height: 812 } });

const ANNA = demoResident('A-0101');

/** Screenshots of a new screen at 375 and 1024 px, back to 375 after. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-1024.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
}
const REZ = demoResident('A-REZ');

test('A-REZ logs two parcels for A-0101, A-0101 gets the mail and the code, A-REZ hands them over with it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const mailsBefore = (await mailsTo(ANNA.email, 'Paket an der Rezeption')).length;

  // ---- The reception logs two parcels ----
  await login(page, REZ.login);
  await page.getByRole('link', { name: /Pakete/ }).click();
  await expectPath(page, '/rezeption/pakete');
  let taps = 0;
  const tap = async (name: string | RegExp) => {
    taps++;
    await page.getByRole('button', { name, exact: typeof name === 'string' }).click();
  };
  const apartment = page.getByLabel('Wohnung', { exact: true });

  await apartment.fill('0101');
  await page.getByRole('button', { name: /^A-0101/ }).click();
  taps = 0;
  await tap('Hermes');
  await tap('Speichern');
  expect(taps).toBeLessThanOrEqual(4);
  await expect(page.getByText('Hermes, 1 Stück für A-0101 erfasst.').first()).toBeVisible();
  await expect(apartment).toHaveValue('');

  await apartment.fill('0101');
  await page.getByRole('button', { name: /^A-0101/ }).click();
  taps = 0;
  await tap('DHL');
  await tap('Ein Stück mehr');
  await tap('Speichern');
  expect(taps).toBeLessThanOrEqual(4);
  await expect(page.getByText('DHL, 2 Stück für A-0101 erfasst.').first()).toBeVisible();
  await expect(page.locator('.parcel-group', { hasText: 'A-0101' })).toBeVisible();
  await shoot(page, 'parcels-desk');

  // ---- A-0101 gets the mail and the home card with the code ----
  const mail = await expectMail(ANNA.email, 'Paket an der Rezeption');
  expect(mail.text).toMatch(/(Hermes, 1 Stück|DHL, 2 Stück)/);
  await expect
    .poll(async () => (await mailsTo(ANNA.email, 'Paket an der Rezeption')).length, { timeout: 45_000 })
    .toBeGreaterThanOrEqual(mailsBefore + 2);

  const anna = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
  await login(anna, ANNA.login);
  const card = anna.getByTestId('parcel-card');
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Pakete abholen' })).toBeVisible();
  const code = (await anna.getByTestId('pickup-code').textContent())!.trim();
  expect(code).toMatch(/^\d{4}$/);
  await shoot(anna, 'parcels-home-card');

  // ---- The reception finds them by code and hands them over ----
  await page.getByLabel('Suche nach Wohnung oder Abholcode').fill(code);
  const group = page.locator('.parcel-group', { hasText: 'A-0101' });
  await expect(group).toContainText('Hermes');
  await expect(group).toContainText('DHL');
  // The code searched is the code checked: one tap hands both over, without typing it again.
  await expect(group.getByText(`Abholcode ${code} passt.`)).toBeVisible();
  await shoot(page, 'parcels-handover');
  await group.getByRole('button', { name: `Mit Code ${code} übergeben` }).click();
  await expect(page.getByText('Keine offenen Pakete.')).toBeVisible();

  // ---- The card is gone ----
  await anna.reload();
  await expect(anna.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(anna.getByTestId('parcel-card')).toHaveCount(0);
});
