import fs from 'node:fs';
import { request } from '@playwright/test';
import { staffLogin, openAdmin } from '../support/admin';
import { Api } from '../support/api';
import { pdfText } from '../support/tickets';
import { expect, expectPath, heading, test } from '../support/test';

// A resident without an e-mail address gets into their account with an activation
// letter. The manager prints it at tablet width, the resident activates on a phone and is signed in.
test('activation letter: a manager prints it at 1024 px, the resident activates with its code at 375 px and is signed in', async ({
  browser,
  baseURL,
}) => {
  // A resident of its own, without an e-mail address, so reruns and other journeys never meet.
  const apartment = `A-AKT${String(Date.now()).slice(-6)}`;
  const manager = await Api.manager();
  await manager.post('/api/admin/residents/', {
    location_id: 1,
    name: 'Ida Aktivierung',
    apartment_number: apartment,
    email: '',
    is_receptionist: false,
    emergency_services_deactivated: false,
  });

  const office = await browser.newContext({ baseURL, viewport: { width: 1024, height: 768 }, acceptDownloads: true });
  const admin = await office.newPage();
  await staffLogin(admin, 'verwaltung@example.org');
  await openAdmin(admin, 'Bewohner:innen');
  await admin.getByRole('searchbox', { name: 'Suche' }).fill(apartment);
  const table = admin.getByRole('table', { name: 'Bewohner:innen' });
  const row = table.getByRole('row').filter({ hasText: 'Ida Aktivierung' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Nie angemeldet')).toBeVisible();
  await row.getByRole('checkbox', { name: `Ida Aktivierung (Wohnung ${apartment}) auswählen` }).check();
  await expect(admin.getByText('1 Person ausgewählt')).toBeVisible();
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: 'Aktivierungsbriefe drucken' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Aktivierungsbrief-${apartment}.pdf`);
  const pdf = fs.readFileSync((await download.path())!);
  const text = await pdfText(pdf);
  expect(text).toContain('Residenz am Stadtpark');
  expect(text).toContain('Ida Aktivierung');
  expect(text).toContain(`Wohnung ${apartment}`);
  const code = /\b([A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4})\b/.exec(text)?.[1];
  expect(code, `activation code in:\n${text}`).toBeTruthy();
  expect(text).toContain(`${baseURL}/aktivieren`);
  // The list now says the resident is invited, until when the code works.
  await expect(row.getByText('Eingeladen')).toBeVisible();
  await expect(row.getByText(/^Code gültig bis \d\d\.\d\d\.\d{4}$/)).toBeVisible();
  await office.close();

  const phone = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 }, isMobile: true });
  const page = await phone.newPage();
  // The QR code's link.
  await page.goto(`/aktivieren/${code}`);
  await expect(heading(page, 'Konto aktivieren')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Aktivierungscode' })).toHaveValue(code!);
  const password = 'Winter-2026-Ida!';
  await page.getByLabel('Neues Passwort', { exact: true }).fill(password);
  await page.getByLabel('Neues Passwort bestätigen', { exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'E-Mail (optional)' }).fill('ida.aktivierung@example.org');
  await page.getByRole('button', { name: 'Konto aktivieren' }).click();
  // Signed in at once (ADR 044): the step with notifications and the app, then home.
  await expectPath(page, '/willkommen', 15_000);
  await expect(page.getByText('Sie sind angemeldet.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.getByRole('link', { name: 'Weiter zur Startseite' }).click();
  await expectPath(page, '/');
  await expect(heading(page, 'Residenz am Stadtpark')).toBeVisible();

  // The new password signs in too.
  const signIn = await request.newContext({ baseURL });
  expect((await signIn.post('/api/login/', { data: { apartment_number: apartment, password } })).status()).toBe(200);
  await signIn.dispose();

  // The code worked once: used again, it is refused in German.
  const anonymous = await request.newContext({ baseURL });
  const again = await anonymous.post('/api/activation/', { data: { code, password, repeat_password: password } });
  expect(again.status()).toBe(400);
  expect(await again.text()).toContain('Dieser Aktivierungscode wurde bereits verwendet.');
  await anonymous.dispose();
  await phone.close();
});
