import type { Browser, Page } from '@playwright/test';
import { openAdmin, staffLogin } from '../support/admin';
import { login } from '../support/auth';
import { MANAGER_LOGIN } from '../support/env';
import { expect, expectPath, heading, test } from '../support/test';
import { demoResident, demoResidents, expectMail, linkIn, mailsTo, openTicket } from '../support/tickets';

// A building-wide defect in Chromium at 375 px: one resident reports a broken lift, two
// neighbours join the report from 'Bereits gemeldet' ('Betrifft mich auch') instead of reporting
// it again, one status change of the manager reaches all three by mail, and none of them ever sees
// another resident's name.

test.use({ viewport: { width: 375, height: 812 } });

// Three residents of location 1 with addresses of their own; A-0201 is left out (password.spec
// gives it another password), A-0101 has the repair journey.
const REPORTER = demoResident('A-0410');
const FOLLOWERS = [demoResident('A-0102'), demoResident('A-0305')];
const RESIDENTS = [REPORTER, ...FOLLOWERS];

/** A resident on a phone of their own: a fresh browser context at 375 px, signed in. */
async function residentPage(browser: Browser, apartment: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await login(page, apartment);
  return page;
}

/** Fails if the page shows the name of any other demo resident, the reporter and followers included. */
async function expectNoOtherNames(page: Page, viewer: string): Promise<void> {
  const body = page.locator('body');
  for (const other of demoResidents.filter((p) => p.login !== viewer)) {
    await expect(body, `${viewer} must not see ${other.name}`).not.toContainText(other.name);
  }
}

/** The form 'Schaden melden' for a lift in the building, up to the list 'Bereits gemeldet'. */
async function startLiftReport(page: Page): Promise<void> {
  await page.getByRole('link', { name: /Schaden melden/ }).click();
  await expectPath(page, '/tickets/new');
  const category = page.getByLabel('Was ist betroffen?');
  await expect(category).toBeEnabled();
  await category.selectOption({ label: 'Aufzug' });
  await page.getByRole('radio', { name: 'Im Haus / Gemeinschaftsfläche' }).check();
}

/** A ticket of 'Bereits gemeldet', found by its place. */
const alreadyReported = (page: Page, place: string) =>
  page
    .getByRole('region', { name: 'Bereits gemeldet' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: place, exact: true }) });

test('three residents follow one building-wide lift ticket; one status change reaches all three; none sees another’s name', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const place = `Aufzug Haus C, Hinterhof (E2E ${run})`;
  const description = `Der Aufzug im Hinterhof bleibt zwischen dem 2. und 3. Stock stehen (E2E ${run}).`;

  // ---- A-0410 reports it ----
  await login(page, REPORTER.login);
  await startLiftReport(page);
  await page.getByLabel('Ort im Haus').fill(place);
  await page.getByLabel('Beschreibung').fill(description);
  await page.getByRole('button', { name: 'Meldung senden' }).click();
  const created = page.getByText(/^Ihre Meldung \d{4}-\d{6} ist eingegangen\.$/);
  await expect(created).toBeVisible({ timeout: 20_000 });
  const number = /(\d{4}-\d{6})/.exec((await created.textContent())!)![1]!;
  const ticketPath = new URL(page.url()).pathname;
  await expect(page.getByText('1 Bewohner:in betroffen', { exact: false })).toBeVisible();

  // ---- A-0102 and A-0305 find it under 'Bereits gemeldet' and join it ----
  const followers: Page[] = [];
  for (const [index, follower] of FOLLOWERS.entries()) {
    const phone = await residentPage(browser, follower.login);
    followers.push(phone);
    await startLiftReport(phone);
    const listed = alreadyReported(phone, place);
    await expect(listed).toContainText(description);
    await expect(listed).toContainText('Eingegangen');
    await expect(listed).toContainText(index === 0 ? '1 Bewohner:in betroffen' : '2 Bewohner:innen betroffen');
    await expectNoOtherNames(phone, follower.login);

    await listed.getByRole('button', { name: 'Betrifft mich auch' }).click();
    await expectPath(phone, ticketPath);
    await expect(
      phone.getByText('Sie sind eingetragen. Sie erhalten ab jetzt alle Nachrichten zu dieser Meldung.'),
    ).toBeVisible();
    await expect(heading(phone, `Meldung ${number}`)).toBeVisible();
    await expect(phone.getByRole('heading', { name: 'Die Meldung' })).toBeVisible();
    await expect(phone.getByText('Sie haben angegeben, dass dieser Schaden Sie auch betrifft.')).toBeVisible();
    await expect(phone.getByText(description)).toBeVisible();
    await expect(phone.getByText(`${index + 2} Bewohner:innen betroffen`, { exact: false })).toBeVisible();
    // A follower has no receipt of someone else's report.
    await expect(phone.getByRole('button', { name: 'Eingangsbestätigung (PDF)' })).toHaveCount(0);
    await expectNoOtherNames(phone, follower.login);
  }

  // ---- One status change by the manager, with a message ----
  const manager = await browser.newContext({ viewport: { width: 1280, height: 800 } }).then((c) => c.newPage());
  await staffLogin(manager, MANAGER_LOGIN);
  await openAdmin(manager, 'Meldungen');
  await manager.getByLabel('Suche', { exact: true }).fill(number);
  await manager
    .getByRole('table', { name: 'Meldungen' })
    .getByRole('link', { name: `Meldung ${number}` })
    .click();
  await expect(heading(manager, `Meldung ${number}`)).toBeVisible();
  await expect(manager.getByRole('region', { name: 'Angaben zur Meldung' })).toContainText('3 Betroffene');
  await manager.getByRole('button', { name: 'Status ändern' }).click();
  const dialog = manager.getByRole('dialog', { name: 'Status ändern' });
  await dialog.getByLabel('Neuer Status').selectOption({ label: 'In Bearbeitung' });
  const message = `Der Aufzugsdienst ist bestellt und kommt morgen früh (E2E ${run}).`;
  await dialog.getByLabel('Nachricht an die Bewohner:innen').fill(message);
  await dialog.getByRole('button', { name: 'Status speichern' }).click();
  await expect(manager.getByText('Der Status ist jetzt „In Bearbeitung“.')).toBeVisible();

  // It reaches all three, once each, by mail; each mail names only its own reader.
  const subject = `Meldung ${number}: In Bearbeitung`;
  for (const resident of RESIDENTS) {
    const mail = await expectMail(resident.email, subject);
    expect(mail.text).toContain(message);
    expect(mail.text).toContain(`Guten Tag ${resident.name},`);
    for (const other of RESIDENTS.filter((r) => r !== resident)) expect(mail.text).not.toContain(other.name);
    expect(linkIn(mail, /\/tickets\/\d+/)).toMatch(new RegExp(`${ticketPath}$`));
  }
  for (const resident of RESIDENTS) expect(await mailsTo(resident.email, subject)).toHaveLength(1);

  // Each of them sees it on the ticket page, with the message and the count, but no name.
  for (const [resident, phone] of [
    [REPORTER, page],
    [FOLLOWERS[0]!, followers[0]!],
    [FOLLOWERS[1]!, followers[1]!],
  ] as const) {
    await openTicket(phone, ticketPath);
    await expect(heading(phone, `Meldung ${number}`)).toBeVisible();
    const now = phone.getByRole('region', { name: 'Stand der Bearbeitung' }).locator('li[aria-current="step"]');
    await expect(now).toContainText('In Bearbeitung');
    await expect(phone.getByRole('region', { name: 'Verlauf' })).toContainText(message);
    await expect(phone.getByText('3 Bewohner:innen betroffen', { exact: false })).toBeVisible();
    await expectNoOtherNames(phone, resident.login);
  }

  for (const other of [...followers, manager]) await other.context().close();
});
