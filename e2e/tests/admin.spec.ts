import type { Browser, Page } from '@playwright/test';
import { staffLogin } from '../support/admin';
import { Api } from '../support/api';
import { login } from '../support/auth';
import { DEMO_PASSWORD, MANAGER_LOGIN } from '../support/env';
import { makePdf } from '../support/files';
import { waitForMail } from '../support/mail';
import { expect, expectPath, test } from '../support/test';

// The back office's journeys, each through the real server, database, SMTP server and Chromium.
const SEE_MANAGER = 'see@example.org';
const unique = (what: string) => `${what} ${Date.now().toString(36)}`;

/** A second person at another device: a fresh browser context, signed in as a resident. */
async function residentPage(browser: Browser, apartment: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, apartment);
  return page;
}

/** The moderation row of an item: the table row that holds its text. */
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('a manager approves A-0101’s pending post, and A-REZ then reads it on the blackboard', async ({
  page,
  browser,
}) => {
  const text = unique('Kinderwagen im Flur bitte abholen');
  await (await Api.login('A-0101')).post('/api/messages/', { text });

  await staffLogin(page, MANAGER_LOGIN);
  // Sign-in opens 'Übersicht'; this journey works in the moderation.
  await page.goto('/admin/moderation');
  await expect(page.getByRole('navigation').getByRole('link', { name: /Moderation/ })).toContainText(/\d/);
  await expect(row(page, text)).toBeVisible();
  await row(page, text)
    .getByRole('button', { name: /^Freigeben/ })
    .click();
  await expect(row(page, text)).toHaveCount(0);

  const reception = await residentPage(browser, 'A-REZ');
  await reception.goto('/blackboard');
  await expect(reception.getByRole('main').getByText(text)).toBeVisible();
});

test('a manager rejects a post with a reason; the author reads it, edits the post and submits it again', async ({
  page,
  browser,
}) => {
  const text = unique('Verkaufe Sofa, Tel. 0171 1234567');
  const anna = await Api.login('A-0101');
  const { id } = await anna.post<{ id: number }>('/api/messages/', { text });

  await staffLogin(page, MANAGER_LOGIN);
  // Sign-in opens 'Übersicht'; this journey works in the moderation.
  await page.goto('/admin/moderation');
  await row(page, text)
    .getByRole('button', { name: /^Ablehnen/ })
    .click();
  const dialog = page.getByRole('dialog');
  const confirm = dialog.getByRole('button', { name: 'Ablehnen', exact: true });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Begründung').fill('Bitte keine Telefonnummern auf der Pinnwand.');
  await confirm.click();
  await expect(row(page, text)).toHaveCount(0);

  const author = await residentPage(browser, 'A-0101');
  await author.goto(`/messages/view/${id}`);
  await expect(author.getByText('Abgelehnt')).toBeVisible();
  await expect(author.getByText('Bitte keine Telefonnummern auf der Pinnwand.')).toBeVisible();
  await author.getByRole('button', { name: 'Bearbeiten und erneut einreichen' }).click();
  await author
    .getByRole('textbox', { name: 'Beitrag bearbeiten' })
    .fill('Verkaufe Sofa, bitte bei der Rezeption melden.');
  await author.getByRole('button', { name: 'Erneut einreichen' }).click();
  await expect(author.getByText('In Prüfung')).toBeVisible();
  await expect(author.getByText('Verkaufe Sofa, bitte bei der Rezeption melden.')).toBeVisible();

  await page.reload();
  await expect(row(page, 'Verkaufe Sofa, bitte bei der Rezeption melden.')).toBeVisible();
});

test('three residents report a comment; it disappears; the manager removes it and the reporter reads the decision', async ({
  page,
  browser,
}) => {
  const manager = await Api.manager();
  const post = (await (await Api.login('A-0101')).messages()).results.find((m) => m.status === 'approved')!;
  const text = unique('Ihr seid alle Idioten');
  const rez = await Api.login('A-REZ');
  await rez.post(`/api/messages/${post.id}/comments/`, { text });
  const pending = await manager.get<{ results: { id: number; text: string }[] }>('/api/admin/comments/?page_size=100');
  const comment = pending.results.find((c) => c.text === text)!;
  await manager.approveComment(comment.id);

  // The first report through the UI, with the reason and a text.
  const anna = await residentPage(browser, 'A-0101');
  await anna.goto(`/messages/view/${post.id}`);
  const item = anna.getByRole('listitem').filter({ hasText: text });
  await item.getByRole('button', { name: 'Inhalt melden' }).click();
  const dialog = anna.getByRole('dialog', { name: 'Inhalt melden' });
  await dialog.getByLabel('Beleidigung oder Belästigung').check();
  await dialog.getByLabel('Weitere Angaben (optional)').fill('Beleidigt die Nachbarn.');
  await dialog.getByRole('button', { name: 'Hinweis senden' }).click();
  await expect(anna.getByText(/Danke für Ihren Hinweis/)).toBeVisible();

  for (const apartment of ['A-0410', 'A-0305']) {
    await (await Api.login(apartment)).post(`/api/comments/${comment.id}/report/`, { reason: 'beleidigend' });
  }
  await anna.reload();
  await expect(anna.getByRole('main')).not.toContainText(text);

  await staffLogin(page, MANAGER_LOGIN);
  // Sign-in opens 'Übersicht'; this journey works in the moderation.
  await page.goto('/admin/moderation');
  await page.getByRole('tab', { name: /Gemeldete Inhalte/ }).click();
  const reported = row(page, text);
  await expect(reported).toContainText('3');
  await reported.getByRole('button', { name: /^Entfernen/ }).click();
  await page.getByRole('dialog').getByLabel('Begründung').fill('Beleidigungen sind in der Hausordnung untersagt.');
  await page.getByRole('dialog').getByRole('button', { name: 'Entfernen', exact: true }).click();
  await expect(reported).toHaveCount(0);

  await anna.goto('/requests');
  await expect(anna.getByText('Entfernt').first()).toBeVisible();
  await expect(anna.getByText(/Beleidigungen sind in der Hausordnung untersagt\./)).toBeVisible();
});

test('a manager imports 200 residents from a CSV; one sets a password from the invitation mail and signs in', async ({
  page,
}) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const lines = ['Wohnung;Name;E-Mail'];
  for (let i = 1; i <= 200; i++) {
    const n = String(i).padStart(3, '0');
    // ADR 028: the demo's Stadtpark takes only numbers that start with its prefix 'A-'.
    lines.push(`A-C${stamp}-${n};Neue Bewohnerin ${n};neu-${stamp.toLowerCase()}-${n}@example.org`);
  }
  await staffLogin(page, MANAGER_LOGIN);
  await page.goto('/admin/residents/import');
  await page
    .getByRole('main')
    .getByRole('combobox', { name: 'Standort' })
    .selectOption({ label: 'Residenz am Stadtpark' });
  await page.getByLabel('CSV-Datei').setInputFiles({
    name: 'bewohner.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\ufeff${lines.join('\n')}\n`, 'utf8'),
  });
  await expect(page.getByText(/200 Zeilen aus „bewohner.csv“ gelesen/)).toBeVisible();
  // No 'Prüfen' step; the preview is the check, and invitations are on by default.
  await expect(page.getByText(/Geprüft: 200 neu/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Einladungen an alle mit E-Mail-Adresse senden')).toBeChecked();
  await expect(page.getByText('200 Einladungen werden gesendet.')).toBeVisible();
  const since = new Date();
  await page.getByRole('button', { name: /importieren$/ }).click();
  await expect(page.getByRole('main').getByText('Der Import ist abgeschlossen.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('progressbar', { name: 'Fortschritt' })).toHaveAttribute('aria-valuenow', '200');

  const to = `neu-${stamp.toLowerCase()}-042@example.org`;
  const mail = await waitForMail(to, since, 30_000);
  // The invitation opens 'Willkommen' (ADR 044): the first password signs the resident in.
  const link = mail.text.match(/https?:\/\/\S+\/willkommen\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, mail.text).toBeTruthy();
  const resident = await page.context().browser()!.newContext();
  const tab = await resident.newPage();
  await tab.goto(new URL(link!).pathname);
  await tab.getByLabel('Neues Passwort', { exact: true }).fill('Willkommen-Kranich-2026!');
  await tab.getByLabel('Neues Passwort bestätigen', { exact: true }).fill('Willkommen-Kranich-2026!');
  await tab.getByRole('button', { name: 'Passwort festlegen und anmelden' }).click();
  await expect(tab.getByText('Sie sind angemeldet.')).toBeVisible({ timeout: 15_000 });
  await tab.goto('/profile');
  await expect(tab.getByText('Neue Bewohnerin 042')).toBeVisible();
});

test('a PDF uploaded for apartment A-0101 reaches A-0101 and not A-0102', async ({ page, browser }) => {
  const title = unique('Wartungsprotokoll Therme');
  await staffLogin(page, MANAGER_LOGIN);
  await page.goto('/admin/documents/new');
  await page.getByLabel('Titel').fill(title);
  await page
    .getByRole('main')
    .getByRole('combobox', { name: 'Standort' })
    .selectOption({ label: 'Residenz am Stadtpark' });
  await page.getByLabel('Eine Wohnung').check();
  await page.getByLabel('Wohnungsnummer').fill('A-0101');
  await page.getByLabel('PDF-Datei').setInputFiles(makePdf('therme.pdf'));
  await page.getByRole('button', { name: 'Dokument hochladen' }).click();
  await expect(page.getByText('Das Dokument wurde hochgeladen.')).toBeVisible();

  const anna = await residentPage(browser, 'A-0101');
  await anna.goto('/apartment');
  await expect(anna.getByText(title)).toBeVisible();
  const bernd = await residentPage(browser, 'A-0102');
  await bernd.goto('/apartment');
  await expect(bernd.getByRole('heading', { level: 1 })).toHaveText('Meine Wohnung');
  await expect(bernd.getByText(title)).toHaveCount(0);
});

test('a manager sets a request to “In Bearbeitung” with a note; the resident sees both under “Meine Anfragen”', async ({
  page,
  browser,
}) => {
  const anna = await Api.login('A-0101');
  const providers = await anna.get<{ results: { id: number; allow_form_contact: boolean }[] }>(
    '/api/providers/?service_id=14',
  );
  const provider = providers.results.find((p) => p.allow_form_contact) ?? providers.results[0]!;
  const text = unique('Die Heizung im Bad tropft');
  await anna.post(`/api/providers/${provider.id}/request/`, { text });

  await staffLogin(page, MANAGER_LOGIN);
  await page
    .getByRole('navigation')
    .getByRole('link', { name: /^Anfragen/ })
    .click();
  await row(page, text.slice(0, 30))
    .getByRole('button', { name: /öffnen/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Anfrage bearbeiten' });
  await dialog.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'In Bearbeitung' });
  await dialog.getByLabel(/Notiz an die Bewohnerin/).fill('Der Installateur kommt am Donnerstag.');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toHaveCount(0);

  const resident = await residentPage(browser, 'A-0101');
  await resident.goto('/profile');
  await resident.getByRole('link', { name: 'Meine Anfragen' }).click();
  await expectPath(resident, '/requests');
  const item = resident.getByRole('listitem').filter({ hasText: text });
  await expect(item).toContainText('In Bearbeitung');
  await expect(item).toContainText('Notiz der Hausverwaltung: Der Installateur kommt am Donnerstag.');
});

test('a manager of one location reaches no data of another, neither through the UI nor by URL', async ({ page }) => {
  await staffLogin(page, SEE_MANAGER);
  const choice = page.getByRole('combobox', { name: 'Standort' }).first();
  await expect(choice).toContainText('Haus am See');
  await expect(choice).not.toContainText('Residenz am Stadtpark');

  await page.goto('/admin/residents');
  await expect(page.getByRole('main')).toContainText('B-0101');
  await expect(page.getByRole('main')).not.toContainText('A-0101');

  // A hand-made URL with location 1 answers like an id that does not exist.
  await page.goto('/admin/residents?location_id=1');
  await expect(page.getByText('Nicht gefunden.')).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('Anna Beispiel');

  const token = await page.evaluate(() => localStorage.getItem('hausportal.adminToken'));
  const anna = (await (await Api.manager()).get<{ results: { id: number }[] }>('/api/admin/residents/?search=A-0101'))
    .results[0]!;
  for (const url of [
    `/api/admin/residents/${anna.id}/`,
    '/api/admin/residents/?location_id=1',
    '/api/admin/locations/1/',
  ]) {
    const res = await page.request.get(url, { headers: { Authorization: `Token ${token}` } });
    expect(res.status(), url).toBe(404);
  }
  await page.goto(`/admin/residents/${anna.id}`);
  await expect(page.getByRole('alert')).toContainText('gehört nicht zu Ihren Standorten');
  await expect(page.getByRole('main')).not.toContainText('Anna Beispiel');
});

test('a notice marked “Wichtig” stays pinned on the blackboard until its end date', async ({ page, browser }) => {
  const title = unique('Wasser abgestellt');
  const now = Date.now();
  const end = new Date(now + 2 * 86_400_000);
  await staffLogin(page, MANAGER_LOGIN);
  await page.goto('/admin/notices/new');
  await page.getByLabel('Titel').fill(title);
  await page.getByLabel('Text').fill('Am Dienstag von 9 bis 12 Uhr gibt es kein Wasser.');
  await page.getByLabel('Wichtig').check();
  await page.getByLabel('Sichtbar bis').fill(end.toISOString().slice(0, 10));
  await page.getByLabel('Residenz am Stadtpark').check();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Der Aushang wurde gespeichert.')).toBeVisible();

  const context = await browser.newContext();
  const resident = await context.newPage();
  await resident.clock.install({ time: new Date(now) });
  await login(resident, 'A-0102');
  await resident.goto('/blackboard');
  const pinned = resident.getByRole('region', { name: title });
  await expect(pinned).toBeVisible();
  await expect(pinned).toContainText('Wichtig');
  // Pinned: above every post.
  const firstPost = resident.getByRole('main').getByRole('article').first();
  await expect(firstPost).toBeVisible();
  expect((await pinned.boundingBox())!.y).toBeLessThan((await firstPost.boundingBox())!.y);

  // Three days later (the device's clock): the notice has ended and is gone, even from what was stored.
  await resident.clock.setSystemTime(new Date(now + 3 * 86_400_000));
  await resident.reload();
  await expect(resident.getByRole('heading', { level: 1 })).toHaveText('Pinnwand');
  await expect(resident.getByRole('main').getByRole('article').first()).toBeVisible();
  await expect(resident.getByText(title)).toHaveCount(0);
});

test('a manager signing in on the residents’ /login is led to the back office', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Benutzername', { exact: true }).fill(MANAGER_LOGIN);
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByText(/Dieses Konto gehört zur Hausverwaltung/)).toBeVisible();
  await page.getByRole('link', { name: 'Zum Verwaltungsbereich' }).click();
  await expectPath(page, '/admin/login');
  await expect(page.getByLabel('E-Mail', { exact: true })).toBeVisible();
});
