import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { request, type Browser, type Page } from '@playwright/test';
import { staffLogin } from '../support/admin';
import { layoutReport } from '../support/admin-layout';
import { Api } from '../support/api';
import { login } from '../support/auth';
import { DEMO_PASSWORD, ROOT_DIR, baseUrl } from '../support/env';
import { makePng } from '../support/files';
import { expect, test } from '../support/test';

// The reception desk and what the resident sees of it, and the back office's uploads, saved rows,
// 'Auswertung', ticket list and 'Pakete', at the widths they are used at. Screenshots go to
// test-results/desk/ (not committed). A-0102 (Bernd Muster) is the resident: parcels for A-0101
// belong to parcels.spec.ts.

const SHOTS = path.join(ROOT_DIR, 'test-results', 'desk');
fs.mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

const RESIDENT = 'A-0102';

/** A signed-in resident's page in a context of its own. */
async function residentPage(browser: Browser, width: number): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: width < 600 ? 812 : 900 } })).newPage();
  await login(page, RESIDENT);
  return page;
}

test('the desk: names in the type-ahead, a tracking number, one tap with the code; the resident sees 1 Paket, hours and Abgeholt am', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // A tablet at the desk: 1024 px and touch.
  const desk = await (await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true })).newPage();
  await login(desk, 'A-REZ');
  await desk.goto('/rezeption/pakete');
  await expect(desk.getByRole('heading', { level: 1, name: 'Pakete' })).toBeVisible();

  // The type-ahead finds the apartment by a resident's name and names the residents.
  await desk.getByLabel('Wohnung', { exact: true }).fill('muster');
  const option = desk.getByRole('button', { name: /^A-0102/ });
  await expect(option).toContainText('Bernd Muster');
  await shot(desk, 'desk-typeahead-1024');
  await option.click();
  await desk.getByLabel('Sendungsnummer (optional)').fill('jjd 0001 2345 6789');
  await desk.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(desk.getByText(/für A-0102 erfasst\./).first()).toBeVisible();
  const group = desk.locator('.parcel-group', { hasText: 'A-0102' });
  await expect(group).toContainText('JJD000123456789');
  await shot(desk, 'desk-logged-1024');

  // 'Ohne Abholcode' in the dialog: a 24-px box on a row a finger hits (44 px with touch).
  await desk.getByLabel('Suche nach Wohnung oder Abholcode').fill('A-0102');
  await group.getByRole('button', { name: 'Übergeben', exact: true }).click();
  const dialog = desk.getByRole('dialog', { name: 'Pakete für A-0102 übergeben' });
  const box = await dialog.getByRole('checkbox', { name: 'Ohne Abholcode, mit Notiz' }).boundingBox();
  const row = await dialog.locator('.parcel-check').boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(24);
  expect(box!.height).toBeGreaterThanOrEqual(24);
  expect(row!.height).toBeGreaterThanOrEqual(44);
  await shot(desk, 'desk-handover-dialog-1024');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();

  // The resident's card: '1 Paket', the reception's hours, a link to 'Pakete'; German and Arabic.
  const phone = await residentPage(browser, 375);
  const card = phone.getByTestId('parcel-card');
  await expect(card).toContainText('An der Rezeption liegt 1 Paket für Sie.');
  await expect(card).toContainText('Öffnungszeiten der Rezeption');
  await expect(card).toContainText('Mo–Fr 7:00–20:00 Uhr');
  const code = (await phone.getByTestId('pickup-code').textContent())!.trim();
  expect((await phone.evaluate(() => document.documentElement.scrollWidth)) <= 375).toBe(true);
  await card.scrollIntoViewIfNeeded();
  await shot(phone, 'resident-home-card-375-de');
  await card.getByRole('link', { name: 'Alle Pakete ansehen' }).click();
  await expect(phone).toHaveURL(/\/pakete$/);
  await shot(phone, 'resident-pakete-open-375-de');
  const wide = await residentPage(browser, 1280);
  await expect(wide.getByTestId('parcel-card')).toBeVisible();
  await wide.getByTestId('parcel-card').scrollIntoViewIfNeeded();
  await shot(wide, 'resident-home-card-1280-de');

  const api = await Api.login(RESIDENT);
  try {
    await api.put('/api/profile/', { language: 'ar' });
    const arabic = await residentPage(browser, 375);
    await expect(arabic.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(arabic.getByTestId('parcel-card')).toContainText('ينتظركم طرد واحد في مكتب الاستقبال.');
    await arabic.getByTestId('parcel-card').scrollIntoViewIfNeeded();
    await shot(arabic, 'resident-home-card-375-ar');
    const arabicWide = await residentPage(browser, 1280);
    await arabicWide.getByTestId('parcel-card').scrollIntoViewIfNeeded();
    await shot(arabicWide, 'resident-home-card-1280-ar');

    // The searched code that matches hands over in one tap.
    await desk.getByLabel('Suche nach Wohnung oder Abholcode').fill(code);
    await expect(desk.getByText(`Abholcode ${code} passt.`)).toBeVisible();
    await shot(desk, 'desk-code-matches-1024');
    await desk.getByRole('button', { name: `Mit Code ${code} übergeben` }).click();
    await expect(desk.getByText('1 Paket an A-0102 übergeben.').first()).toBeAttached();
    await expect(desk.getByLabel('Suche nach Wohnung oder Abholcode')).toHaveValue('');
    await expect(desk.locator('.parcel-group', { hasText: 'A-0102' })).toHaveCount(0);
    await desk.setViewportSize({ width: 375, height: 812 });
    await shot(desk, 'desk-after-handover-375');

    // 'Pakete' of the resident: 'Zuletzt abgeholt', in Arabic and German.
    await arabic.goto('/pakete');
    await expect(arabic.locator('.parcel-history')).toContainText('تم الاستلام في');
    await shot(arabic, 'resident-pakete-history-375-ar');
    await arabicWide.goto('/pakete');
    await shot(arabicWide, 'resident-pakete-history-1280-ar');
  } finally {
    await api.put('/api/profile/', { language: 'de' });
    await api.dispose();
  }
  await phone.goto('/pakete');
  const history = phone.getByRole('region', { name: 'Zuletzt abgeholt' });
  await expect(history).toContainText(/Abgeholt am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
  await expect(history).toContainText('DHL · 1 Paket');
  await shot(phone, 'resident-pakete-history-375-de');
  await wide.goto('/pakete');
  await shot(wide, 'resident-pakete-history-1280-de');
});

/** A ticket reported through the API by a resident right now (a ticket less than a minute old). */
async function reportTicket(): Promise<void> {
  const ctx = await request.newContext({ baseURL: baseUrl() });
  const signedIn = await ctx.post('/api/login/', { data: { apartment_number: 'A-0101', password: DEMO_PASSWORD } });
  const { token } = (await signedIn.json()) as { token: string };
  const headers = { Authorization: `Token ${token}` };
  const categories = (await (await ctx.get('/api/tickets/categories/', { headers })).json()) as {
    results: { id: number }[];
  };
  const res = await ctx.post('/api/tickets/', {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: { category_id: categories.results[0]!.id, scope: 'apartment', description: 'Die Klingel geht nicht.' },
  });
  expect(res.status(), await res.text()).toBe(201);
  await ctx.dispose();
}

test('the back office at 1024 and 1440 px: the ticket list with a new ticket, Auswertung, Pakete, uploads and the saved row', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  await staffLogin(page, 'verwaltung@example.org');

  // A ticket of the last minute: 'gerade eben', and the table does not scroll sideways.
  await reportTicket();
  await page.goto('/admin/tickets');
  await expect(page.getByRole('table', { name: 'Meldungen' })).toBeVisible();
  await expect(page.getByText('gerade eben').first()).toBeVisible();
  const report = await layoutReport(page);
  expect(report.overflow).toBeLessThanOrEqual(0);
  expect(report.boxes).toEqual([]);
  await shot(page, 'admin-tickets-1024');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'admin-tickets-1440');

  // Auswertung: the date fields hold the period shown; bars on 0–100 %.
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: width === 1024 ? 768 : 900 });
    await page.goto('/admin/tickets/stats');
    await expect(page.getByText(/bis \d{2}\.\d{2}\.\d{4}/).first()).toBeVisible();
    await expect(page.getByLabel('Von', { exact: true })).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByLabel('Bis', { exact: true })).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    const widths = await page
      .locator('.ticket-bar')
      .evaluateAll((bars) =>
        bars.map((bar) => (bar.firstElementChild as HTMLElement).offsetWidth / (bar as HTMLElement).offsetWidth),
      );
    const shares = await page
      .locator('.ticket-bar-share')
      .evaluateAll((cells) => cells.map((c) => Number.parseInt(c.textContent ?? '', 10) / 100));
    widths.forEach((w, i) => expect(Math.abs(w - shares[i]!)).toBeLessThan(0.03));
    await shot(page, `admin-stats-${width}`);
    await page.goto('/admin/pakete');
    await expect(page.getByRole('heading', { name: 'Pakete pro Tag (letzte 14 Tage)' })).toBeVisible();
    await shot(page, `admin-pakete-${width}`);
  }

  // A resource's photo goes up as soon as it is picked.
  await page.setViewportSize({ width: 1024, height: 768 });
  const manager = await Api.manager();
  const resources = await manager.get<{ results: { id: number; name: string; photo: unknown }[] }>(
    '/api/admin/booking-resources/?page_size=100',
  );
  const resource = resources.results.find((r) => r.photo === null) ?? resources.results[0]!;
  await page.goto(`/admin/buchungen/ressourcen/${resource.id}`);
  const files = page.locator('section', { has: page.getByRole('heading', { name: 'Foto und Hausordnung als PDF' }) });
  const png = makePng('raum.png', [200, 120, 40], 320);
  await files
    .getByLabel(/^Foto auswählen/)
    .setInputFiles({ name: png.name, mimeType: png.mimeType, buffer: png.buffer });
  await expect(files.getByRole('img', { name: `Foto von ${resource.name}` })).toBeVisible();
  await expect(files.getByRole('button', { name: /^Hochladen/ })).toHaveCount(0);
  await shot(page, 'admin-resource-files-1024');

  // A long notice saved: the list shows it, marked, not the form's scroll position.
  await page.goto('/admin/notices/new');
  await page.getByRole('textbox', { name: 'Titel' }).fill('Wasserabstellung Haus A');
  await page.getByRole('textbox', { name: 'Text' }).fill(Array(30).fill('Am Dienstag von 9 bis 12 Uhr.').join('\n'));
  await page.getByRole('checkbox', { name: 'Residenz am Stadtpark' }).check();
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  const saved = page.locator('tr.is-saved', { hasText: 'Wasserabstellung Haus A' });
  await expect(saved).toBeVisible();
  await expect(saved).toBeInViewport();
  await shot(page, 'admin-notice-saved-1024');
  const notices = await manager.get<{ results: { id: number; title: string }[] }>('/api/admin/notices/?page_size=100');
  for (const n of notices.results.filter((x) => x.title === 'Wasserabstellung Haus A'))
    await manager.delete(`/api/admin/notices/${n.id}/`);
  await manager.dispose();
});
