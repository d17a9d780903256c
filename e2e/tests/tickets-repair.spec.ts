import type { Browser, Page } from '@playwright/test';
import { openAdmin, staffLogin } from '../support/admin';
import { login } from '../support/auth';
import { MANAGER_LOGIN } from '../support/env';
import { makePng } from '../support/files';
import { expect, expectPath, heading, test } from '../support/test';
import { berlinDay, demoResident, expectMail, linkIn, openTicket, pdfText } from '../support/tickets';

// The whole loop of a repair through the real server, its outbox and SMTP server, in
// Chromium at 375 px: A-0101 reports a dripping radiator with two photos and gets the receipt by
// mail, the manager assigns a craftsman in the back office, the craftsman works the job from the
// link in his mail without an account and reports it done; the manager returns it with a reason,
// the craftsman reads it and reports done again, the manager accepts it ('Abnehmen'), and A-0101,
// who followed every step, rates the repair.

test.use({ viewport: { width: 375, height: 812 } });

const ANNA = demoResident('A-0101');
const ORDER_NOTE = 'Bitte vorher bei Frau Beispiel anrufen, der Schlüssel liegt beim Hausmeister.';
const PROVIDER = { name: 'Hausmeisterservice Krause', email: 'krause@hausmeister.example.org' };
const RETURN_REASON = 'Am Rücklauf tropft es noch, bitte auch dort abdichten.';

/** The manager at a desk: a browser of his own, wide. */
async function managerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await staffLogin(page, MANAGER_LOGIN);
  return page;
}

/** The craftsman on his phone, without an account: a browser of his own at 375 px. */
async function craftsmanPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  return context.newPage();
}

/**
 * The craftsman reports the job done before the agreed appointment: the page asks about the
 * appointment first, then sends the early 'erledigt'.
 */
async function reportDone(craftsman: Page, text: string) {
  await craftsman.getByRole('button', { name: 'Auftrag als erledigt melden' }).click();
  const question = craftsman.getByRole('group', { name: 'Auftrag als erledigt melden?' });
  await expect(question).toContainText(/Der vereinbarte Termin ist erst am .+ Trotzdem als erledigt melden\?/);
  await question.getByLabel('Was wurde gemacht? (optional)').fill(text);
  await question.getByRole('button', { name: 'Ja, als erledigt melden' }).click();
}

/** The resident's status timeline ('Stand der Bearbeitung') and its current step. */
const timeline = (page: Page) => page.getByRole('region', { name: 'Stand der Bearbeitung' });
const currentStep = (page: Page) => timeline(page).locator('li[aria-current="step"]');

test('A-0101 reports a dripping radiator, the manager assigns Krause, Krause works the job from his mail, A-0101 follows it and rates the repair', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);

  // ---- A-0101 reports the defect with two photos ----
  await login(page, ANNA.login);
  await page.getByRole('link', { name: /Schaden melden/ }).click();
  await expectPath(page, '/tickets/new');
  await expect(heading(page, 'Schaden melden')).toBeVisible();
  const category = page.getByLabel('Was ist betroffen?');
  await expect(category).toBeEnabled();
  await category.selectOption({ label: 'Heizung' });
  await page.getByRole('radio', { name: 'In meiner Wohnung' }).check();
  const description = `Der Heizkörper im Schlafzimmer tropft am Ventil (E2E ${run}).`;
  await page.getByLabel('Beschreibung').fill(description);
  await page
    .getByLabel('Fotos hinzufügen')
    .setInputFiles([makePng('ventil.png', [200, 60, 40], 320), makePng('boden.png', [40, 90, 200], 320)]);
  await expect(page.getByRole('img', { name: 'Foto 2' })).toBeVisible();
  await page.getByLabel(/Meine Kontaktdaten dürfen/).check();
  await page.getByLabel('Telefonnummer für den Handwerker (optional)').fill('0170 7654321');
  await page.getByRole('button', { name: 'Meldung senden' }).click();

  const created = page.getByText(/^Ihre Meldung \d{4}-\d{6} ist eingegangen\.$/);
  await expect(created).toBeVisible({ timeout: 20_000 });
  const number = /(\d{4}-\d{6})/.exec((await created.textContent())!)![1]!;
  const ticketPath = new URL(page.url()).pathname;
  expect(ticketPath).toMatch(/^\/tickets\/\d+$/);
  await expect(heading(page, `Meldung ${number}`)).toBeVisible();
  await expect(currentStep(page)).toContainText('Eingegangen');
  const reportedAt = /Gemeldet am (\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2})/.exec(
    (await page.getByText(/^Gemeldet am /).textContent())!,
  )![1]!;

  // The receipt arrives by mail, the PDF attached: its number, the server's time, the report.
  const receipt = await expectMail(ANNA.email, `Eingangsbestätigung Ihrer Schadensmeldung ${number}`);
  expect(linkIn(receipt, /\/tickets\/\d+/)).toMatch(new RegExp(`${ticketPath}$`));
  expect(receipt.attachments).toHaveLength(1);
  const pdf = receipt.attachments[0]!;
  expect(pdf.filename).toBe(`Eingangsbestaetigung-${number}.pdf`);
  expect(pdf.contentType).toBe('application/pdf');
  expect(pdf.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const receiptText = await pdfText(pdf.content);
  expect(receiptText).toContain(`Schadensmeldung Nr. ${number}`);
  expect(receiptText).toContain(`${reportedAt} Uhr`);
  expect(receiptText).toContain(ANNA.name);
  expect(receiptText).toContain('Heizung');
  expect(receiptText).toContain(`E2E ${run}`);
  expect(receiptText).toContain('Fotos (2)');

  // ---- The manager opens it under 'Meldungen' and assigns Krause ----
  const manager = await managerPage(browser);
  await openAdmin(manager, 'Meldungen');
  await manager.getByLabel('Suche', { exact: true }).fill(number);
  await manager
    .getByRole('table', { name: 'Meldungen' })
    .getByRole('link', { name: `Meldung ${number}` })
    .click();
  await expect(heading(manager, `Meldung ${number}`)).toBeVisible();
  await expect(manager.getByText(description)).toBeVisible();
  await manager.getByRole('button', { name: 'Handwerker beauftragen' }).click();
  const assign = manager.getByRole('dialog', { name: 'Handwerker beauftragen' });
  await assign.getByLabel('Handwerker / Anbieter').selectOption({ label: `${PROVIDER.name} (Hausmeister)` });
  await assign.getByLabel('Nachricht an den Handwerker').fill(ORDER_NOTE);
  await assign.getByRole('button', { name: 'Auftrag senden' }).click();
  await expect(manager.getByText(`Der Auftrag wurde an ${PROVIDER.name} gesendet.`)).toBeVisible();
  await expect(assign).toBeHidden();
  const assignmentPanel = manager.getByRole('region', { name: 'Handwerker', exact: true });
  await expect(assignmentPanel).toContainText(PROVIDER.name);
  await expect(assignmentPanel).toContainText('Angefragt, noch keine Antwort');

  // A-0101 hears of it and sees the step on her ticket, opened from the mail.
  const assigned = await expectMail(ANNA.email, `Meldung ${number}: Handwerker beauftragt`);
  await openTicket(page, linkIn(assigned, /\/tickets\/\d+/));
  await expect(heading(page, `Meldung ${number}`)).toBeVisible();
  await expect(currentStep(page)).toContainText('Handwerker beauftragt');
  // What the manager wrote to the craftsman is an internal entry: not on her page, not in her mail.
  await expect(page.getByRole('main')).not.toContainText(ORDER_NOTE);
  expect(assigned.text).not.toContain(ORDER_NOTE);

  // ---- The craftsman opens the link from his mail ----
  const order = await expectMail(PROVIDER.email, `Auftrag ${number}: Heizung (Residenz am Stadtpark)`);
  expect(order.text).toContain(ORDER_NOTE);
  const craftsman = await craftsmanPage(browser);
  await craftsman.goto(linkIn(order, /\/auftrag\/[A-Za-z0-9_-]+/));
  await expect(craftsman.getByRole('heading', { level: 1, name: `Auftrag ${number}` })).toBeVisible();
  await expect(craftsman.getByText(description)).toBeVisible();
  // Where to go and how to get in, with the address on a map in a tab of its own.
  await expect(craftsman.getByText('Parkstraße 12, 10115 Berlin')).toBeVisible();
  await expect(craftsman.getByText(/^Schlüssel an der Rezeption/)).toBeVisible();
  const map = craftsman.getByRole('link', { name: /^Karte öffnen/ });
  await expect(map).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/search\?query=Parkstra/);
  await expect(map).toHaveAttribute('target', '_blank');
  await craftsman.getByRole('button', { name: 'Auftrag annehmen' }).click();
  await expect(craftsman.getByText('Sie haben den Auftrag angenommen.')).toBeVisible();
  // A-0101 consented: her name and number are his to call.
  const contact = craftsman.getByRole('region', { name: 'Ansprechpartner vor Ort' });
  await expect(contact).toContainText(ANNA.name);
  await expect(contact.getByRole('link', { name: /0170 7654321/ })).toBeVisible();

  // The appointment, two days ahead at 10:30 Berlin time.
  const day = berlinDay(2);
  await craftsman.getByLabel('Datum').fill(day.iso);
  await craftsman.getByLabel('Uhrzeit').fill('10:30');
  await craftsman.getByRole('button', { name: 'Termin speichern' }).click();
  await expect(craftsman.getByRole('status')).toContainText(`Termin gespeichert: `);
  await expect(craftsman.getByRole('status')).toContainText(`${day.german}, 10:30 Uhr`);

  const appointment = await expectMail(ANNA.email, `Meldung ${number}: Termin vereinbart`);
  expect(appointment.text).toContain(day.german);
  await openTicket(page, linkIn(appointment, /\/tickets\/\d+/));
  await expect(currentStep(page)).toContainText('Termin vereinbart');
  await expect(currentStep(page)).toContainText(`Termin: ${day.german}, 10:30`);
  await expect(timeline(page).getByRole('listitem').filter({ hasText: 'Handwerker beauftragt' })).toContainText(
    'erledigt',
  );

  // A photo of the repair, from the phone's picker.
  const chooser = craftsman.waitForEvent('filechooser');
  await craftsman.getByRole('button', { name: 'Foto hinzufügen' }).click();
  await (await chooser).setFiles(makePng('repariert.png', [60, 160, 80], 320));
  await expect(craftsman.getByRole('status')).toContainText('Foto hinzugefügt.');
  await expect(craftsman.getByRole('img', { name: 'Foto 3 groß anzeigen' })).toBeVisible();

  // Done, after the question in place; the appointment is two days ahead, so it asks about that.
  await reportDone(craftsman, 'Ventil getauscht, dicht.');
  await expect(craftsman.getByText(/^Sie haben den Auftrag als erledigt gemeldet\./)).toContainText(
    'Die Hausverwaltung prüft die Arbeit',
  );
  await expect(craftsman.getByRole('note')).toContainText('Auftrag abgeschlossen – diese Seite bleibt bis');
  await expect(craftsman.getByRole('button', { name: 'Foto hinzufügen' })).toHaveCount(0);

  // ---- The manager returns it with a reason; Krause reads it and reports done again ----
  await manager.reload();
  const acceptance = manager.getByRole('region', { name: 'Als erledigt gemeldet' });
  await expect(acceptance).toContainText(`von ${PROVIDER.name}`);
  await expect(acceptance).toContainText('Ventil getauscht, dicht.');
  await acceptance.getByRole('button', { name: 'Zurückgeben' }).click();
  const giveBack = manager.getByRole('dialog', { name: 'Auftrag zurückgeben' });
  await giveBack.getByLabel('Was ist noch zu tun?').fill(RETURN_REASON);
  await giveBack.getByRole('button', { name: 'Zurückgeben' }).click();
  await expect(manager.getByText(`Der Auftrag wurde an ${PROVIDER.name} zurückgegeben.`)).toBeVisible();
  await expect(acceptance).toBeHidden();

  const returned = await expectMail(PROVIDER.email, `Auftrag ${number}: Erledigt-Meldung zurückgegeben`);
  expect(returned.text).toContain(RETURN_REASON);
  await craftsman.reload();
  const back = craftsman.getByRole('region', { name: 'Die Hausverwaltung hat den Auftrag zurückgegeben' });
  await expect(back).toContainText(RETURN_REASON);
  await reportDone(craftsman, 'Zweites Ventil abgedichtet.');
  await expect(craftsman.getByText(/^Sie haben den Auftrag als erledigt gemeldet\./)).toBeVisible();

  // ---- The manager accepts it: only now the ticket is 'Erledigt' ----
  await manager.reload();
  await expect(acceptance).toContainText('Zweites Ventil abgedichtet.');
  await acceptance.getByRole('button', { name: 'Abnehmen' }).click();
  await expect(manager.getByText(`Meldung ${number} ist abgenommen und steht auf „Erledigt“.`)).toBeVisible();
  await expect(acceptance).toBeHidden();

  // ---- A-0101: 'Erledigt', the craftsman's photo, and her rating ----
  const done = await expectMail(ANNA.email, `Meldung ${number}: Erledigt`);
  await openTicket(page, linkIn(done, /\/tickets\/\d+/));
  await expect(currentStep(page)).toContainText('Erledigt');
  for (const step of ['Eingegangen', 'Handwerker beauftragt', 'Termin vereinbart']) {
    await expect(timeline(page).getByRole('listitem').filter({ hasText: step })).toContainText('erledigt');
  }
  await expect(page.getByRole('button', { name: /Foto \d groß anzeigen/ })).toHaveCount(3);
  // The craftsman's own words are for the management only (issue 33): the resident sees the status.
  await expect(page.getByText('Zweites Ventil abgedichtet.')).toHaveCount(0);
  await expect(page.getByText('Ventil getauscht, dicht.')).toHaveCount(0);

  const rating = page.getByRole('region', { name: 'Wie zufrieden sind Sie mit der Reparatur?' });
  // The radios are hidden behind the stars; a tap on the fourth star chooses 4.
  await rating
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: '4 Sterne' }) })
    .click();
  await expect(rating.getByRole('radio', { name: '4 Sterne' })).toBeChecked();
  const comment = `Schnell und sauber, danke (E2E ${run}).`;
  await rating.getByLabel('Ihr Kommentar (optional)').fill(comment);
  await rating.getByRole('button', { name: 'Bewertung senden' }).click();
  await expect(page.getByText('Danke für Ihre Bewertung.')).toBeVisible();
  await expect(rating).toContainText('Ihre Bewertung: 4 von 5 Sternen');
  await expect(rating).toContainText(comment);
  // It stays: a fresh load shows the rating, not the form.
  await page.reload();
  await expect(rating).toContainText('Ihre Bewertung: 4 von 5 Sternen');
  await expect(rating.getByRole('button', { name: 'Bewertung senden' })).toHaveCount(0);

  // ---- The manager sees the outcome and the rating ----
  await manager.reload();
  await expect(heading(manager, `Meldung ${number}`)).toBeVisible();
  await expect(assignmentPanel).toContainText('Als erledigt gemeldet');
  const managerRating = manager.getByRole('region', { name: 'Bewertung', exact: true });
  await expect(managerRating).toContainText('4 von 5 Sternen');
  await expect(managerRating).toContainText(comment);

  await manager.context().close();
  await craftsman.context().close();
});
