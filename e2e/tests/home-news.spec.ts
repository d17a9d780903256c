import type { Page } from '@playwright/test';
import { staffLogin } from '../support/admin';
import { Api } from '../support/api';
import { login, submitLogin } from '../support/auth';
import { makePdf } from '../support/files';
import { expect, heading, test } from '../support/test';

// At 375 px against the real server: the emergency button that no longer sends people
// round in a circle, what is new above the tiles, 'Neu' documents, 'Gemeldet' after a reload,
// the focus on a failed login; and the back office's 'Übersicht' at 1024 px.
const PHONE = { width: 375, height: 812 };
const unique = (what: string) => `${what} ${Date.now().toString(36)}`;

async function phone(browser: import('@playwright/test').Browser): Promise<Page> {
  return (await browser.newContext({ viewport: PHONE })).newPage();
}

test('the emergency button opens the 24-hour Notdienst, and the reception page agrees with it', async ({ browser }) => {
  const page = await phone(browser);
  await login(page, 'A-0101');
  const button = page.getByRole('link', { name: /^Notruf: Notdienst\s*Rund um die Uhr – öffnet die Kontaktseite/ });
  await expect(button).toBeVisible();
  await button.click();
  await expect(heading(page, 'Notdienst')).toBeVisible();
  await expect(page.getByText('Notdienst Residenz am Stadtpark')).toBeVisible();
  await expect(page.getByText(/Rund um die Uhr, auch an Wochenenden und Feiertagen/)).toBeVisible();
  await page.goto('/reception');
  await expect(page.getByText(/Außerhalb der Öffnungszeiten hilft Ihnen der Notdienst rund um die Uhr/)).toBeVisible();
  // Where the button dials, it says which number.
  const dora = await phone(browser);
  await login(dora, 'B-0101');
  await expect(dora.getByRole('link', { name: /Ruft \+49 30 5555 0110 an/ })).toHaveAttribute('href', /^tel:/);
});

test("what is new sits above the tiles: a 'Wichtig' notice until dismissed, new documents until opened", async ({
  browser,
}) => {
  const manager = await Api.manager();
  const notice = unique('Wasser abgestellt');
  await manager.post('/api/admin/notices/', {
    title: notice,
    text: 'Am Dienstag von 9 bis 12 Uhr.',
    important: true,
    location_ids: [1],
  });
  const docTitle = unique('Nebenkostenabrechnung');
  await manager.uploadDocument(1, docTitle, makePdf('abrechnung.pdf', docTitle), 'A-0101');

  const page = await phone(browser);
  await login(page, 'A-0101');
  const top = page.getByRole('region', { name: 'Wichtige Aushänge' });
  await expect(top.getByRole('region', { name: notice })).toBeVisible();
  const documents = page.getByRole('region', { name: 'Neue Dokumente' });
  await expect(documents.getByRole('link', { name: new RegExp(docTitle) })).toContainText('Neu');
  // The notice is above the tiles.
  const noticeBox = (await top.boundingBox())!;
  const tileBox = (await page.getByRole('link', { name: 'Wichtige Telefonnummern' }).boundingBox())!;
  expect(noticeBox.y).toBeLessThan(tileBox.y);

  await top.getByRole('button', { name: `Aushang „${notice}“ ausblenden` }).click();
  await expect(page.getByRole('region', { name: notice })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Wichtige Telefonnummern' })).toBeVisible();
  await expect(page.getByRole('region', { name: notice })).toHaveCount(0);

  // 'Meine Wohnung': the date, and 'Neu' until opened; opening it ends 'Neu' on both screens.
  await page.getByRole('link', { name: 'Meine Wohnung' }).click();
  const item = page.getByRole('link', { name: new RegExp(docTitle) });
  await expect(item).toContainText(/vom \d\d\.\d\d\.\d{4}/);
  await expect(item).toContainText('Neu');
  const popup = page.waitForEvent('popup');
  await item.click();
  await (await popup).close();
  await expect(item).not.toContainText('Neu');
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Wichtige Telefonnummern' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(docTitle) })).toHaveCount(0);
  await manager.dispose();
});

test("after 'Inhalt melden' a post shows 'Gemeldet', also after a reload", async ({ browser }) => {
  const page = await phone(browser);
  await login(page, 'A-0102');
  await page.goto('/blackboard');
  // Location 1 lets only the reception and the management post: the page says so in one line.
  await expect(
    page.getByText('In diesem Haus schreiben nur die Rezeption und die Hausverwaltung auf die Pinnwand.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Neuer Beitrag' })).toHaveCount(0);
  // The first post of someone else.
  const post = page
    .getByRole('article')
    .filter({ hasNot: page.getByText('Bernd Muster') })
    .first();
  await post.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/messages\/view\/\d+/);
  const detail = page.locator('.message-detail');
  await detail.getByRole('button', { name: 'Inhalt melden' }).click();
  await page.getByRole('radio', { name: 'Werbung oder Spam' }).check();
  await page.getByRole('button', { name: 'Hinweis senden' }).click();
  await expect(detail.getByText('Gemeldet', { exact: true })).toBeFocused();
  await page.reload();
  await expect(detail.getByText('Gemeldet', { exact: true })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Inhalt melden' })).toHaveCount(0);
});

test('after a failed login the focus is on the error message', async ({ browser }) => {
  const page = await phone(browser);
  await submitLogin(page, 'A-0101', 'falsches-Passwort');
  const focused = page.locator(':focus');
  await expect(focused).toHaveClass(/field-error/);
  await expect(focused).not.toBeEmpty();
});

test("the back office starts on 'Übersicht' at 1024 px, each line a link to its list", async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
  await staffLogin(page, 'verwaltung@example.org');
  await expect(page).toHaveURL(/\/admin\/uebersicht$/);
  await expect(heading(page, 'Übersicht')).toBeVisible();
  const park = page.getByRole('region', { name: 'Residenz am Stadtpark' });
  await expect(park).toBeVisible();
  const line = park.getByRole('link', { name: /neue Meldung/ });
  await expect(line).toBeVisible();
  await line.click();
  await expect(page).toHaveURL(/\/admin\/tickets\?location_id=1&status=received/);
  await expect(heading(page, 'Meldungen')).toBeVisible();
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(scroll).toBeLessThanOrEqual(0);
});
