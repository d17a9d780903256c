import path from 'node:path';
import { Api } from '../support/api';
import { SCREENSHOT_DIR } from '../support/env';
import { waitForMail } from '../support/mail';
import { expect, expectPath, heading, test } from '../support/test';

// First contact (issue 33, ADR 044): the invitation mail's link opens 'Willkommen', names the
// house and the apartment, sets the password and signs the resident in; never 'Passwort vergessen'.
test("invitation link → 'Willkommen' → signed in at 375 px", async ({ browser, baseURL }) => {
  const apartment = `A-WIL${String(Date.now()).slice(-6)}`;
  const email = `willkommen-${apartment.toLowerCase()}@example.org`;
  const manager = await Api.manager();
  const created = await manager.post<{ id: number }>('/api/admin/residents/', {
    location_id: 1,
    name: 'Wilma Willkommen',
    apartment_number: apartment,
    email,
    is_receptionist: false,
    emergency_services_deactivated: false,
  });
  const since = new Date(Date.now() - 1000);
  await manager.post(`/api/admin/residents/${created.id}/invitation/`, {});
  const mail = await waitForMail(email, since);
  const link = new RegExp(`${baseURL}/willkommen/([A-Za-z0-9_-]{20,})`).exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, isMobile: true });
  const page = await context.newPage();
  try {
    await page.goto(link!);
    await expect(heading(page, 'Willkommen')).toBeVisible();
    await expect(page.getByText('Guten Tag Wilma Willkommen,')).toBeVisible();
    await expect(page.getByText(`Ihr Zugang für Residenz am Stadtpark, Wohnung ${apartment}.`)).toBeVisible();
    await expect(page.getByText(/^Ihr Passwort: mindestens 8 Zeichen/)).toBeVisible();
    await expect(page.getByText('Passwort vergessen')).toHaveCount(0);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'i33-welcome-375.png'), fullPage: true });

    const password = 'Lindenblatt-Regen-42';
    await page.getByLabel('Neues Passwort', { exact: true }).fill(password);
    await page.getByLabel('Neues Passwort bestätigen', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Passwort festlegen und anmelden' }).click();

    await expectPath(page, '/willkommen', 15_000);
    await expect(page.getByText('Sie sind angemeldet.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Benachrichtigungen' })).toBeVisible();
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'i33-welcome-next-375.png'), fullPage: true });
    await page.getByRole('link', { name: 'Weiter zur Startseite' }).click();
    await expectPath(page, '/');
    await expect(heading(page, 'Residenz am Stadtpark')).toBeVisible();

    // The link worked once.
    await page.context().clearCookies();
    const again = await page.request.post('/api/welcome/lookup/', { data: { token: link!.split('/').pop() } });
    expect(again.status()).toBe(404);
  } finally {
    await context.close();
  }
});
