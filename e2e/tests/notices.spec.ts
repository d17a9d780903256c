import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { staffLogin } from '../support/admin';
import { Api } from '../support/api';
import { login } from '../support/auth';
import { ROOT_DIR } from '../support/env';
import { makePdf } from '../support/files';
import { readMails, waitForMail } from '../support/mail';
import { expect, test } from '../support/test';

// Notices with a start, PDFs and a read count, through the real server (two workers),
// database, SMTP server and Chromium.
const SEE_MANAGER = 'see@example.org';
const DORA = { login: 'B-0101', email: 'dora.seemann@example.org' };
const unique = (what: string) => `${what} ${Date.now().toString(36)}`;
// Screenshots to look at, not to compare; kept out of the repository like the traces.
const SHOTS = path.join(ROOT_DIR, 'test-results', 'notices');

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const readCount = (page: Page, title: string) =>
  page
    .getByRole('row')
    .filter({ hasText: title })
    .getByText(/^gelesen von \d+ von \d+ Haushalt(en)?$/);

test('a manager of one location writes a notice with a PDF at 1024 px; B-0101 reads it at 375 px and the back office counts her household', async ({
  browser,
}) => {
  const title = unique('Aufzug wird gewartet');
  const admin = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
  await staffLogin(admin, SEE_MANAGER);
  await admin.goto('/admin/notices/new');
  // Her only location is chosen already.
  await expect(admin.getByRole('checkbox', { name: 'Haus am See' })).toBeChecked();
  await admin.getByLabel('Titel').fill(title);
  await admin.getByLabel('Text', { exact: true }).fill('Am Montag von 8 bis 12 Uhr.\nBitte die Treppe nehmen.');
  await admin.getByLabel('Wichtig').check();
  await admin.getByLabel('PDF-Anhänge', { exact: true }).setInputFiles(makePdf('Wartungsplan.pdf', 'Wartungsplan'));
  const preview = admin.getByRole('region', { name: 'Vorschau' });
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview).toContainText('Wartungsplan.pdf');
  await expect(preview).toContainText('Wichtig');
  await shot(admin, 'form-1024');
  await admin.getByRole('button', { name: 'Speichern' }).click();
  await expect(admin.getByText('Der Aushang wurde gespeichert.')).toBeVisible();
  await expect(readCount(admin, title)).toHaveText(/^gelesen von 0 von \d+ Haushalt(en)?$/);
  const households = Number((await readCount(admin, title).textContent())!.match(/von (\d+) Haush/)![1]);
  expect(households).toBeGreaterThanOrEqual(1);
  await shot(admin, 'list-1024');
  await admin.setViewportSize({ width: 1440, height: 900 });
  await shot(admin, 'list-1440');

  // A resident of the other location never gets it.
  const anna = await Api.login('A-0101');
  const annas = await anna.get<{ results: { title: string }[] }>('/api/notices/');
  expect(annas.results.map((n) => n.title)).not.toContain(title);

  const phone = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
  await login(phone, DORA.login);
  const opened = phone.waitForResponse((r) => /\/api\/notices\/\d+\/opened\/$/.test(r.url()) && r.ok());
  await phone.goto('/blackboard');
  const notice = phone.getByRole('region', { name: title });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Bitte die Treppe nehmen.');
  const pdf = notice.getByRole('link', { name: 'PDF Wartungsplan.pdf öffnen' });
  await expect(pdf).toBeVisible();
  const file = await phone.request.get((await pdf.getAttribute('href'))!);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await opened;
  await shot(phone, 'blackboard-375');

  await admin.reload();
  await expect(readCount(admin, title)).toHaveText(
    `gelesen von 1 von ${households} ${households === 1 ? 'Haushalt' : 'Haushalten'}`,
  );
});

test('a notice with a start is hidden until then and announced once, by whichever worker comes first', async () => {
  test.setTimeout(90_000);
  const title = unique('Heizung wird entlüftet');
  const manager = await Api.manager(SEE_MANAGER);
  const dora = await Api.login(DORA.login);
  const since = new Date();
  const startsAt = new Date(Date.now() + 8_000);
  const created = await manager.post<{ id: number; scheduled: boolean }>('/api/admin/notices/', {
    title,
    text: 'Bitte Ventile zugänglich halten.',
    starts_at: startsAt.toISOString(),
    location_ids: [2],
  });
  expect(created.scheduled).toBe(true);
  const titles = async () =>
    (await dora.get<{ results: { title: string }[] }>('/api/notices/')).results.map((n) => n.title);
  expect(await titles()).not.toContain(title);
  await expect.poll(titles, { timeout: 20_000 }).toContain(title);
  expect(Date.now()).toBeGreaterThanOrEqual(startsAt.getTime());

  // The notice job runs every 15 s in each of the two workers; the mail comes once.
  const mail = await waitForMail(DORA.email, since, 45_000);
  expect(mail.subject).toBe(`Neuer Aushang: ${title}`);
  expect(mail.receivedAt.getTime()).toBeGreaterThanOrEqual(startsAt.getTime());
  await new Promise((r) => setTimeout(r, 16_000));
  const all = (await readMails()).filter((m) => m.subject === `Neuer Aushang: ${title}`);
  expect(all.map((m) => m.to.join(','))).toEqual([DORA.email]);
});
