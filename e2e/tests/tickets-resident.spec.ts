import fs from 'node:fs';
import type { TicketListItem } from '@hausportal/contract';
import { Api } from '../support/api';
import { login } from '../support/auth';
import { makePng } from '../support/files';
import { expect, expectPath, heading, test } from '../support/test';

// The residents' side of defect tickets in a real Chromium at 375 px against the real
// server: a report with two photos and its receipt, and a report written offline that is sent
// exactly once when the connection returns.

test.use({ viewport: { width: 375, height: 812 } });

const unique = (text: string) => `${text} (E2E ${Date.now().toString(36)})`;

async function ticketsOf(api: Api): Promise<TicketListItem[]> {
  return (await api.get<{ results: TicketListItem[] }>('/api/tickets/?page_size=100')).results;
}

test('A-0101 reports a dripping radiator with two photos from home, sees the ticket and downloads the receipt', async ({
  page,
}) => {
  await login(page, 'A-0101');
  await page.getByRole('link', { name: /Schaden melden/ }).click();
  await expectPath(page, '/tickets/new');
  await expect(heading(page, 'Schaden melden')).toBeVisible();

  const category = page.getByLabel('Was ist betroffen?');
  await expect(category).toBeEnabled();
  await category.selectOption({ label: 'Heizung' });
  await expect(
    page.getByText(
      /^Bei Wasserrohrbruch oder Stromausfall sofort den Notdienst anrufen\. Bei Gasgeruch: .* zuerst 112, dann den Gas-Notruf anrufen\.$/,
    ),
  ).toBeVisible();
  await page.getByRole('radio', { name: 'In meiner Wohnung' }).check();
  const text = unique('Der Heizkörper im Bad tropft seit gestern Abend.');
  await page.getByLabel('Beschreibung').fill(text);
  await page
    .getByLabel('Fotos hinzufügen')
    .setInputFiles([makePng('heizkoerper.png', [200, 80, 40], 320), makePng('pfuetze.png', [40, 80, 200], 320)]);
  await expect(page.getByRole('img', { name: 'Foto 2' })).toBeVisible();
  await page.getByLabel(/Meine Kontaktdaten dürfen/).check();
  await page.getByLabel('Telefonnummer für den Handwerker (optional)').fill('0170 1234567');
  await page.getByRole('button', { name: 'Meldung senden' }).click();

  const created = page.getByText(/^Ihre Meldung \d{4}-\d{6} ist eingegangen\.$/);
  await expect(created).toBeVisible({ timeout: 20_000 });
  const number = /(\d{4}-\d{6})/.exec((await created.textContent())!)![1]!;
  await expect(heading(page, `Meldung ${number}`)).toBeVisible();
  await expect(page.getByText(text)).toBeVisible();
  await expect(page.getByRole('button', { name: /Foto \d groß anzeigen/ })).toHaveCount(2);
  await expect(page.getByRole('listitem').filter({ hasText: 'Eingegangen' }).first()).toHaveAttribute(
    'aria-current',
    'step',
  );

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Eingangsbestätigung (PDF)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Eingangsbestaetigung-${number}.pdf`);
  expect(
    fs
      .readFileSync((await file.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // 'Meine Meldungen' lists it with its status.
  await page.goto('/tickets');
  await expect(heading(page, 'Meine Meldungen')).toBeVisible();
  const row = page.getByRole('link').filter({ hasText: number });
  await expect(row).toContainText('Eingegangen');
  await expect(row).toContainText('Heizung');
});

test('a report written offline waits on the phone and is sent exactly once when the connection returns', async ({
  page,
  context,
}) => {
  const resident = 'A-0305';
  const api = await Api.login(resident);
  const before = (await ticketsOf(api)).length;

  // The worst moment: the connection drops before the app's background code (toasts, the sender
  // of reports kept on the device) has arrived. It once took the whole app down, the report with it.
  const extras = '**/assets/signed-in-extras-*.js';
  let extrasRefused = 0;
  await page.route(extras, (route) => {
    extrasRefused += 1;
    return route.abort('internetdisconnected');
  });

  await login(page, resident);
  await page.goto('/tickets/new');
  await expect(page.getByLabel('Was ist betroffen?')).toBeEnabled();

  await context.setOffline(true);
  await page.getByLabel('Was ist betroffen?').selectOption({ label: 'Wasser & Sanitär' });
  await page.getByRole('radio', { name: 'In meiner Wohnung' }).check();
  await page.getByLabel('Beschreibung').fill(unique('Der Abfluss in der Küche ist verstopft.'));
  await page.getByLabel('Fotos hinzufügen').setInputFiles([makePng('abfluss.png', [90, 90, 90], 200)]);
  await expect(page.getByRole('img', { name: 'Foto 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Meldung senden' }).click();
  await expect(page.getByText('Wird gesendet, sobald Sie online sind')).toBeVisible();

  // 'Meine Meldungen' shows it as waiting; nothing has reached the server.
  await page.getByRole('link', { name: /Meine Meldungen/ }).click();
  await expect(page.getByRole('heading', { name: 'Noch nicht gesendet' })).toBeVisible();
  expect((await ticketsOf(api)).length).toBe(before);

  await expect.poll(() => extrasRefused).toBeGreaterThan(0);
  await page.unroute(extras);
  await context.setOffline(false);
  await expect(page.getByText(/Ihre Meldung \d{4}-\d{6} wurde gesendet\./)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Noch nicht gesendet' })).toHaveCount(0);

  // Back online twice more (a flapping connection) and a reload: still one ticket.
  await context.setOffline(true);
  await context.setOffline(false);
  await page.reload();
  await expect(heading(page, 'Meine Meldungen')).toBeVisible();
  await expect(page.getByRole('link').filter({ hasText: 'Wasser & Sanitär' }).first()).toBeVisible();
  expect((await ticketsOf(api)).length).toBe(before + 1);
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

// A-0101 keeps the demo password in every spec (A-0305's is changed by password.spec).
test('the card of a report written offline turns into “Gesendet als Meldung …” in place; the toast covers neither the header nor the card', async ({
  page,
  context,
}) => {
  await login(page, 'A-0101');
  await page.goto('/tickets/new');
  await expect(page.getByLabel('Was ist betroffen?')).toBeEnabled();

  await context.setOffline(true);
  await page.getByLabel('Was ist betroffen?').selectOption({ label: 'Sonstiges' });
  await page.getByRole('radio', { name: 'In meiner Wohnung' }).check();
  await page.getByLabel('Beschreibung').fill(unique('Die Briefkastenklappe klemmt.'));
  await page.getByRole('button', { name: 'Meldung senden' }).click();
  await expect(page.getByText('Wird gesendet, sobald Sie online sind')).toBeVisible();

  await context.setOffline(false);
  const sent = page.getByRole('link', { name: /^Gesendet als Meldung \d{4}-\d{6}$/ });
  await expect(sent).toBeVisible({ timeout: 20_000 });
  const number = /(\d{4}-\d{6})/.exec((await sent.textContent())!)![1]!;
  await expect(page.getByText('Wird gesendet, sobald Sie online sind')).toHaveCount(0);
  await expect(page.getByText('Ihre Meldung ist auf diesem Gerät gespeichert.')).toHaveCount(0);

  // The toast says it too, at the bottom edge on a phone: off the header (back button), the
  // heading and the card's links.
  const toast = page.locator('.Toastify__toast').filter({ hasText: `Ihre Meldung ${number} wurde gesendet.` });
  await expect(toast).toBeVisible();
  // For the eye (test-results, not committed).
  await page.screenshot({ path: test.info().outputPath('offline-sent-375.png') });
  const toastBox = (await toast.boundingBox())!;
  const header = (await page.locator('.app-header').boundingBox())!;
  expect(toastBox.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(overlaps(toastBox, (await heading(page, 'Schaden melden').boundingBox())!)).toBe(false);
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(812);
  for (const target of [sent, page.getByRole('link', { name: 'Zu „Meine Meldungen“' })]) {
    expect(overlaps(toastBox, (await target.boundingBox())!)).toBe(false);
  }
  const close = (await toast.getByRole('button', { name: 'Schließen' }).boundingBox())!;
  expect(Math.min(close.width, close.height)).toBeGreaterThanOrEqual(24);

  await sent.click();
  await expect(heading(page, `Meldung ${number}`)).toBeVisible();
});
