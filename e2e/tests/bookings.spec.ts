import fs from 'node:fs';
import { staffLogin } from '../support/admin';
import { Api } from '../support/api';
import { login } from '../support/auth';
import { MANAGER_LOGIN } from '../support/env';
import { expect, expectPath, test } from '../support/test';
import { demoResident, expectMail } from '../support/tickets';

// Bookings at 375 px through the real server and SMTP: A-0101 books the guest flat for
// two nights next week, gets the confirmation mail, sees it in 'Meine Buchungen', downloads the
// .ics and, after A-0102 has seen the nights as taken without a name, cancels it.

test.use({ viewport: { width: 375, height: 812 } });

const ANNA = demoResident('A-0101');
const BEN = demoResident('A-0102');

test('A-0101 books the guest flat, adds it to the calendar and cancels; A-0102 sees it taken without a name', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await login(page, ANNA.login);
  await page.getByRole('link', { name: 'Buchen', exact: true }).click();
  await expectPath(page, '/buchen');
  await page.getByRole('link', { name: /Gästewohnung/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gästewohnung' })).toBeVisible();
  await page.getByRole('button', { name: 'Später' }).click();
  const days = page.locator('.booking-slot');
  await expect(days).toHaveCount(7);
  await expect(days.nth(0)).toHaveAttribute('data-state', 'free');
  await days.nth(0).click();
  await days.nth(2).click();
  await page.getByRole('button', { name: 'Verbindlich buchen' }).click();
  await expect(page.getByText(/^Gebucht: /)).toBeVisible();
  await expect(days.nth(0)).toHaveAttribute('data-state', 'mine');
  await expect(days.nth(2)).toHaveAttribute('data-state', 'free');
  const mail = await expectMail(ANNA.email, 'Gebucht: Gästewohnung');
  expect(mail.text).toContain('Stornieren bis');

  // A-0102 sees both nights taken, and no name anywhere on the page.
  const ben = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
  await login(ben, BEN.login);
  await ben.goto('/buchen');
  await ben.getByRole('link', { name: /Gästewohnung/ }).click();
  await ben.getByRole('button', { name: 'Später' }).click();
  const benDays = ben.locator('.booking-slot');
  await expect(benDays.nth(0)).toHaveAttribute('data-state', 'taken');
  await expect(benDays.nth(1)).toHaveAttribute('data-state', 'taken');
  await expect(benDays.nth(0)).toBeDisabled();
  await expect(ben.locator('body')).not.toContainText(ANNA.name);

  // Meine Buchungen: the .ics, then cancel.
  await page.getByRole('link', { name: 'Zurück zur Übersicht' }).click();
  await page.getByRole('link', { name: 'Meine Buchungen' }).click();
  await expectPath(page, '/buchen/meine');
  const card = page.getByTestId('my-booking').filter({ hasText: 'Gästewohnung' });
  await expect(card).toContainText('Gebucht');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Zum Kalender hinzufügen' }).click(),
  ]);
  const ics = fs.readFileSync((await download.path())!, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain('SUMMARY:Gästewohnung');
  expect(ics).toMatch(/DTSTART;VALUE=DATE:\d{8}/);
  page.once('dialog', (d) => void d.accept());
  await card.getByRole('button', { name: 'Stornieren' }).click();
  await expect(page.getByText('Die Buchung wurde storniert.')).toBeVisible();
  await expect(page.getByTestId('my-booking').filter({ hasText: 'Gästewohnung' })).toContainText('Storniert');
});

test('a manager sets up a party room at 1024 px, and A-0101 finds it under Buchen with its rules', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `Partyraum ${Date.now() % 100_000}`;
  const manager = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
  await staffLogin(manager, MANAGER_LOGIN);
  await manager.goto('/admin/buchungen/ressourcen?location_id=1');
  await manager.getByRole('link', { name: 'Raum oder Gerät anlegen' }).click();
  await manager.getByRole('textbox', { name: 'Name' }).fill(name);
  await manager.getByRole('textbox', { name: /^Beschreibung/ }).fill('Im Dachgeschoss, mit Küche.');
  await manager.getByRole('textbox', { name: /^Gebühr/ }).fill('30 € je Abend');
  await manager.getByRole('textbox', { name: 'Länge eines Zeitfensters (Minuten)' }).fill('240');
  await manager.getByLabel('Erstes Zeitfenster beginnt um').fill('10:00');
  await manager.getByRole('button', { name: 'Anlegen' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Raum oder Gerät bearbeiten' })).toBeVisible();
  const id = Number(/ressourcen\/(\d+)/.exec(manager.url())![1]);
  try {
    await manager.getByRole('link', { name: 'Zurück zu den Räumen und Geräten' }).click();
    await expect(manager.getByRole('row', { name: new RegExp(name) })).toContainText(
      'Zeitfenster à 4 Std., 10:00–22:00 Uhr',
    );

    await login(page, ANNA.login);
    await page.goto('/buchen');
    await page.getByRole('link', { name: new RegExp(name) }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(/30 € je Abend/)).toBeVisible();
  } finally {
    await (await Api.manager()).delete(`/api/admin/booking-resources/${id}/`);
  }
});
