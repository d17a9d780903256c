import fs from 'node:fs';
import path from 'node:path';
import ical, { type VEvent } from 'node-ical';
import type { Locator, Page } from '@playwright/test';
import { staffLogin } from '../support/admin';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { Api } from '../support/api';
import { login } from '../support/auth';
import { MANAGER_LOGIN, ROOT_DIR } from '../support/env';
import { expect, expectPath, test } from '../support/test';
import { demoResident, expectMail } from '../support/tickets';
import { fridayAfter, plus } from '../support/dates';

// Bookings at 375 px through the real server and SMTP. A-0101 picks Friday to Sunday in the guest
// flat's month grid, sees '2 Nächte · 50 €', books, reads the confirmation, downloads the .ics
// and gets it by mail too; A-0102 sees those nights taken without a name; 'Meine Buchungen'
// cancels. Then the same in Arabic (mirrored grid, isolated summary), and the laundry's day
// and week view. Screenshots of every screen at 375 and 1280 px go to test-results/bookings/.

test.use({ viewport: { width: 375, height: 812 } });

// The Arabic words the journey looks for, as apps/web/src/i18n/locales/ar/bookings.ts has them
// (that file's screen-sized catalogue loads with the app's i18n, which the runner does not).
const AR = {
  nextMonth: 'الشهر التالي',
  confirmation: 'حجزكم',
  addToCalendar: 'إضافة إلى التقويم',
  mine: 'حجوزاتي',
  approved: 'تم الحجز',
  week: 'أسبوع',
};

const ANNA = demoResident('A-0101');
const BEN = demoResident('A-0102');
const SHOTS = path.join(ROOT_DIR, 'test-results', 'bookings');

const intl = (locale: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options });
/** How the grid names a day to a screen reader, and its month heading. */
const fullDate = (locale: string, date: string) =>
  intl(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(`${date}T12:00:00Z`),
  );
const monthName = (locale: string, date: string) =>
  intl(locale, { month: 'long', year: 'numeric' }).format(new Date(`${date}T12:00:00Z`));
/** 'Fr 25.12.' */
const germanShort = (date: string) =>
  `${intl('de-DE', { weekday: 'short' })
    .format(new Date(`${date}T12:00:00Z`))
    .replace('.', '')} ${date.slice(8, 10)}.${date.slice(5, 7)}.`;
/** 'Fr., 25.12.2026', as the mails write a day. */
const germanDay = (date: string) =>
  `${intl('de-DE', { weekday: 'short' })
    .format(new Date(`${date}T12:00:00Z`))
    .replace('.', '')}., ${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The whole text, with any space (the summary keeps its parts together with no-break spaces). */
const spaced = (text: string) => new RegExp(`^${escape(text).replace(/ /g, '\\s')}$`);

/** A screenshot of the phone screen, and axe on it. */
async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  await expectNoSeriousA11yViolations(page, name);
}

/** The same screen at 1280 px as well, then back to the phone. */
async function shotDesktop(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, `${name}-1280`);
  await page.setViewportSize({ width: 375, height: 812 });
}

/** Visible controls in <main> smaller than 44 × 44 px, by name and size (none expected on a phone). */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    for (const el of Array.from(
      document.querySelectorAll<HTMLElement>('main a, main button, main summary, main input'),
    )) {
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height || getComputedStyle(el).visibility === 'hidden') continue;
      if (box.width < 44 || box.height < 44) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
        small.push(`${el.tagName} „${name}“ ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  });
}

async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

/** Goes month by month (the grid's 'next month' button) until the grid shows `date`'s month. */
async function showMonth(page: Page, locale: string, date: string, next: string) {
  const heading = monthName(locale, date);
  for (let i = 0; i < 4; i++) {
    if ((await page.getByRole('grid').getAttribute('aria-busy')) === 'false') {
      const name = await page.locator('.month-calendar-head h2').textContent();
      if (name === heading) return;
      await page.getByRole('button', { name: next, exact: true }).click();
    }
    await expect(page.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
  }
  await expect(page.locator('.month-calendar-head h2')).toHaveText(heading);
}

const cell = (button: Locator) => button.locator('xpath=..');

/** The one event of an .ics text, parsed with node-ical. */
function onlyEvent(text: string): VEvent {
  const events = Object.values(ical.sync.parseICS(text)).filter((e): e is VEvent => e?.type === 'VEVENT');
  expect(events).toHaveLength(1);
  return events[0]!;
}
const dateOf = (d: Date | undefined) =>
  d ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}` : '';

test('A-0101 picks Friday to Sunday in the month grid, sees 2 nights and 50 €, books, gets the .ics and cancels; A-0102 sees it taken without a name', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const friday = fridayAfter(14);
  const saturday = plus(friday, 1);
  const sunday = plus(friday, 2);
  await login(page, ANNA.login);
  await page.getByRole('link', { name: 'Buchen', exact: true }).click();
  await expectPath(page, '/buchen');
  await shot(page, 'de-resources-375');
  await page.getByRole('link', { name: /Gästewohnung/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gästewohnung' })).toBeVisible();
  await expect(page.getByText(/^25\s€ pro Nacht$/)).toBeVisible();
  await showMonth(page, 'de-DE', friday, 'Nächster Monat');
  await shot(page, 'de-guestflat-375');
  expect(await smallTargets(page)).toEqual([]);
  await expectNoSideways(page);

  const fri = page.getByRole('button', { name: new RegExp(`^${escape(fullDate('de-DE', friday))}, frei`) });
  const sat = page.getByRole('button', { name: new RegExp(`^${escape(fullDate('de-DE', saturday))}`) });
  const sun = page.getByRole('button', { name: new RegExp(`^${escape(fullDate('de-DE', sunday))}`) });
  await expect(fri).toHaveAttribute('aria-disabled', 'false');
  await fri.click();
  await expect(page.getByText(`Anreise ${germanShort(friday)}: Tippen Sie jetzt auf den Abreisetag.`)).toBeVisible();
  await sun.click();
  // Arrival and departure both marked, the night between them too, and the summary.
  await expect(page.getByTestId('stay-summary')).toHaveText(
    spaced(`${germanShort(friday)} – ${germanShort(sunday)} · 2 Nächte · 50 €`),
  );
  await expect(fri).toHaveAccessibleName(/, Anreise$/);
  await expect(sat).toHaveAccessibleName(/, Übernachtung$/);
  await expect(sun).toHaveAccessibleName(/, Abreise$/);
  for (const day of [fri, sat, sun]) await expect(cell(day)).toHaveAttribute('aria-selected', 'true');
  await page.getByText('So lesen Sie den Kalender').click();
  await shot(page, 'de-guestflat-range-375');
  await shotDesktop(page, 'de-guestflat-range');

  await page.getByRole('button', { name: 'Verbindlich buchen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ihre Buchung' })).toBeVisible();
  await expect(page).toHaveURL(/\/buchen\/gebucht\/\d+$/);
  await expect(page.getByRole('status').filter({ hasText: 'Gebucht: Gästewohnung.' })).toBeVisible();
  await expect(page.getByTestId('stay-summary')).toHaveText(
    spaced(`${germanShort(friday)} – ${germanShort(sunday)} · 2 Nächte`),
  );
  await expect(page.getByText('Schlüssel an der Rezeption', { exact: false })).toBeVisible();
  await expect(page.getByText(/^Bis \d\d\.\d\d\.\d{4}, \d\d:\d\d können Sie die Buchung/)).toBeVisible();
  await shot(page, 'de-confirmation-375');
  expect(await smallTargets(page)).toEqual([]);
  await expectNoSideways(page);
  await shotDesktop(page, 'de-confirmation');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Zum Kalender hinzufügen' }).click(),
  ]);
  const event = onlyEvent(fs.readFileSync((await download.path())!, 'utf8'));
  expect(event.summary).toBe('Gästewohnung');
  expect(event.datetype).toBe('date');
  expect(dateOf(event.start)).toBe(friday);
  expect(dateOf(event.end)).toBe(sunday);

  // The mail names the resource, the nights and the total, and brings the same .ics.
  const mail = await expectMail(ANNA.email, 'Gebucht: Gästewohnung');
  expect(mail.text).toContain(`Gästewohnung: ${germanDay(friday)} – ${germanDay(sunday)} (2 Nächte)`);
  expect(mail.text).toContain('Gebühr: 50\u00a0€ für 2 Nächte (25 € pro Nacht, bar bei der Schlüsselübergabe)');
  expect(mail.text).toContain('Stornieren können Sie bis');
  const attached = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
  expect(attached?.contentType).toBe('text/calendar');
  expect(dateOf(onlyEvent(attached!.content.toString('utf8')).start)).toBe(friday);

  // A-0102 sees both nights taken, the departure day free, and no name anywhere on the page.
  const ben = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
  await login(ben, BEN.login);
  await ben.goto('/buchen');
  await ben.getByRole('link', { name: /Gästewohnung/ }).click();
  await showMonth(ben, 'de-DE', friday, 'Nächster Monat');
  await expect(ben.locator(`button[data-date="${friday}"]`)).toHaveAttribute('data-state', 'taken');
  await expect(ben.locator(`button[data-date="${saturday}"]`)).toHaveAttribute('data-state', 'taken');
  await expect(ben.locator(`button[data-date="${sunday}"]`)).toHaveAttribute('data-state', 'free');
  await expect(ben.locator(`button[data-date="${friday}"]`)).toHaveAttribute('aria-disabled', 'true');
  await expect(ben.locator('body')).not.toContainText(ANNA.name);
  await ben.context().close();

  // Meine Buchungen: the state as a pill, a 44-px way back, then cancel.
  await page.getByRole('main').getByRole('link', { name: 'Meine Buchungen' }).click();
  await expectPath(page, '/buchen/meine');
  const card = page.getByTestId('my-booking').filter({ hasText: 'Gästewohnung' });
  await expect(card.locator('.booking-status')).toHaveText('Gebucht');
  await expect(card.locator('.booking-status')).toHaveCSS('border-radius', '999px');
  const back = await page.getByRole('link', { name: 'Zurück zur Übersicht' }).boundingBox();
  expect(back!.height).toBeGreaterThanOrEqual(44);
  await shot(page, 'de-mine-375');
  expect(await smallTargets(page)).toEqual([]);
  await shotDesktop(page, 'de-mine');
  page.once('dialog', (d) => void d.accept());
  await card.getByRole('button', { name: 'Stornieren' }).click();
  await expect(page.getByText('Die Buchung wurde storniert.')).toBeVisible();
  await expect(page.getByTestId('my-booking').filter({ hasText: 'Gästewohnung' }).first()).toContainText('Storniert');
});

test('in Arabic the month grid mirrors (Monday on the right), the summary keeps its order, and the stay is booked with its .ics', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  await (await Api.login(BEN.login)).put('/api/profile/', { language: 'ar' });
  const page = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
  const friday = fridayAfter(28);
  const sunday = plus(friday, 2);
  const locale = 'ar-u-nu-latn';
  let bookingId = 0;
  try {
    await login(page, BEN.login);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.goto('/buchen');
    // The demo's rooms are translated: Arabic readers book the 'شقة الضيوف'.
    await page.getByRole('link', { name: /شقة الضيوف/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'شقة الضيوف' })).toBeVisible();
    await showMonth(page, locale, friday, AR.nextMonth);
    // The week still starts on Monday (the house's week), read from the right as Arabic calendars are.
    const heads = page.getByRole('columnheader');
    await expect(heads.first()).toHaveAttribute('abbr', 'الاثنين');
    const monday = (await heads.first().boundingBox())!;
    const sundayHead = (await heads.last().boundingBox())!;
    expect(monday.x).toBeGreaterThan(sundayHead.x);
    // The next month's arrow sits on the left and points left.
    const nextBox = (await page.getByRole('button', { name: AR.nextMonth }).boundingBox())!;
    expect(nextBox.x).toBeLessThan(375 / 2);

    const isolated = (date: string) => new RegExp(`^\u2068${escape(fullDate(locale, date))}\u2069`);
    const fri = page.getByRole('button', { name: isolated(friday) });
    await expect(fri).toHaveAttribute('aria-disabled', 'false');
    await fri.click();
    await page.getByRole('button', { name: isolated(sunday) }).click();
    const summary = page.getByTestId('stay-summary');
    await expect(summary).toContainText('ليلتان');
    const text = (await summary.textContent())!;
    // Dates, nights and total each in their own isolate: '… 8/1 – … 10/1 · ليلتان · 50 €'.
    expect(text).toMatch(
      /^\u2068[^\u2069]+\u2069 – \u2068[^\u2069]+\u2069 · \u2068ليلتان\u2069 · \u2068\u200f?50\s€\u2069$/,
    );
    // Read right to left, the arrival stands to the right of the departure.
    await expect(summary).toHaveCSS('direction', 'rtl');
    await shot(page, 'ar-guestflat-range-375');
    expect(await smallTargets(page)).toEqual([]);
    await expectNoSideways(page);
    await shotDesktop(page, 'ar-guestflat-range');

    // The button's Arabic words are being reworded elsewhere; it is the panel's one primary button.
    await page.locator('.booking-confirm .button-primary').click();
    await expect(page.getByRole('heading', { level: 1, name: AR.confirmation })).toBeVisible();
    bookingId = Number(/gebucht\/(\d+)/.exec(page.url())![1]);
    await shot(page, 'ar-confirmation-375');
    expect(await smallTargets(page)).toEqual([]);
    await shotDesktop(page, 'ar-confirmation');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: AR.addToCalendar }).click(),
    ]);
    const event = onlyEvent(fs.readFileSync((await download.path())!, 'utf8'));
    // The calendar file keeps the house's own (German) name, as the building's signs read.
    expect(event.summary).toBe('Gästewohnung');
    expect(dateOf(event.start)).toBe(friday);
    expect(dateOf(event.end)).toBe(sunday);
    // The mail is Arabic, names the flat in Arabic and brings the same file.
    const mail = await expectMail(BEN.email, 'تم الحجز: شقة الضيوف');
    expect(mail.text).toContain('شقة الضيوف');
    expect(mail.text).not.toContain('Gästewohnung');
    expect(mail.attachments.some((a) => a.filename === `Buchung-${bookingId}.ics`)).toBe(true);

    await page.getByRole('main').getByRole('link', { name: AR.mine }).click();
    await expect(page.getByTestId('my-booking').first()).toContainText(AR.approved);
    await shot(page, 'ar-mine-375');
    expect(await smallTargets(page)).toEqual([]);

    // The laundry in Arabic: the day view, then the week.
    await page.goto('/buchen');
    await page.getByRole('link', { name: /غرفة الغسيل/ }).click();
    await expect(page.locator('.day-chip').first()).toBeVisible();
    await shot(page, 'ar-laundry-day-375');
    await page.getByRole('button', { name: AR.week, exact: true }).click();
    await expect(page.locator('.week-cell').first()).toBeVisible();
    await shot(page, 'ar-laundry-week-375');
    await expectNoSideways(page);
  } finally {
    if (bookingId) await (await Api.login(BEN.login)).post(`/api/bookings/mine/${bookingId}/cancel/`, {});
    await page.context().close();
    await (await Api.login(BEN.login)).put('/api/profile/', { language: 'de' });
  }
});

test('the laundry opens on the day with the week above it; the bar never wraps and the week is a compact grid at 375 px', async ({
  page,
}) => {
  await login(page, ANNA.login);
  await page.goto('/buchen');
  await page.getByRole('link', { name: /Waschküche/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Waschküche' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tag', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.day-chip')).toHaveCount(7);
  // 'Tag / Woche / Früher / Später' on one line.
  const tops = await Promise.all(
    ['Tag', 'Woche', 'Früher', 'Später'].map(
      async (name) => (await page.getByRole('button', { name, exact: true }).boundingBox())!.y,
    ),
  );
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(2);
  // The week's days fit beside each other without scrolling.
  expect(await page.locator('.day-strip').evaluate((strip) => strip.scrollWidth <= strip.clientWidth)).toBe(true);
  await expect(page.locator('.booking-slot').first()).toBeVisible();
  await shot(page, 'de-laundry-day-375');
  expect(await smallTargets(page)).toEqual([]);
  await expectNoSideways(page);
  await shotDesktop(page, 'de-laundry-day');

  await page.getByRole('button', { name: 'Woche', exact: true }).click();
  const grid = page.locator('.week-grid');
  await expect(grid.locator('.week-cell').first()).toBeVisible();
  // Seven slots of seven days: a compact grid, not a 4,800-px column.
  expect((await grid.boundingBox())!.height).toBeLessThan(800);
  await shot(page, 'de-laundry-week-375');
  expect(await smallTargets(page)).toEqual([]);
  await expectNoSideways(page);
  await shotDesktop(page, 'de-laundry-week');
  await page.getByRole('button', { name: 'Später', exact: true }).click();
  await expect(grid.locator('.week-cell').first()).toBeVisible();
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

test("the back office shows the guest flat's price per night, for whole days only, at 1024 and 1440 px", async ({
  browser,
}) => {
  const manager = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
  await staffLogin(manager, MANAGER_LOGIN);
  await manager.goto('/admin/buchungen/ressourcen?location_id=1');
  await manager.getByRole('link', { name: 'Gästewohnung', exact: true }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Raum oder Gerät bearbeiten' })).toBeVisible();
  const price = manager.getByRole('textbox', { name: /^Preis pro Nacht in Euro/ });
  await expect(price).toHaveValue('25');
  await price.scrollIntoViewIfNeeded();
  fs.mkdirSync(SHOTS, { recursive: true });
  await manager.screenshot({ path: path.join(SHOTS, 'admin-resource-days-1024.png'), fullPage: true });
  await manager.setViewportSize({ width: 1440, height: 900 });
  await manager.screenshot({ path: path.join(SHOTS, 'admin-resource-days-1440.png'), fullPage: true });
  // Time slots have no nights: the field goes.
  await manager.getByRole('radio', { name: /^Zeitfenstern/ }).check();
  await expect(price).toBeHidden();
});
