import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { Api } from '../support/api';
import { login } from '../support/auth';
import { ROOT_DIR } from '../support/env';
import { expect, expectPath, heading, test } from '../support/test';
import { fridayAfter, plus } from '../support/dates';

// What residents act on, in their language (issue 33): on a 375-px phone with the app in Turkish,
// A-0410 reports a defect and books the guest flat, reading Turkish titles, buttons and
// confirmations. A-0410 keeps the demo password in every journey; the booking is cancelled and
// the profile's language goes back to German, so other journeys find the demo data as before.

test.use({ viewport: { width: 375, height: 812 } });

const RESIDENT = 'A-0410';
const SHOTS = path.join(ROOT_DIR, 'test-results', 'languages-journeys');

// The Turkish words the journeys look for, as apps/web/src/i18n/locales/tr/tickets.ts and
// bookings.ts have them (those screen-sized catalogues import the app's i18n, which the runner
// cannot load; bookings.spec.ts keeps its Arabic words the same way).
const T = {
  reportDamage: 'Arıza bildir',
  titleNew: 'Arıza bildir',
  titleList: 'Arıza bildirimlerim',
  category: 'Arıza neyle ilgili?',
  description: 'Açıklama',
  submit: 'Bildirimi gönder',
  created: '{{number}} numaralı bildiriminiz alındı.',
  number: 'Bildirim {{number}}',
};
const B = {
  title: 'Rezervasyon',
  intro: 'Binanızdaki ortak kullanım alanlarını rezerve edin.',
  mine: 'Rezervasyonlarım',
  book: 'Kesin rezervasyon yap',
  addToCalendar: 'Takvime ekle',
  cancel: 'İptal et',
  cancelConfirm: 'Bu rezervasyonu gerçekten iptal etmek istiyor musunuz?',
  cancelled: 'Rezervasyon iptal edildi.',
  statuses: { approved: 'Rezerve edildi' },
  calendar: { nextMonth: 'Sonraki ay' },
  confirmation: { title: 'Rezervasyonunuz', next: 'Sonraki adımlar' },
};

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test.beforeEach(async () => {
  await (await Api.login(RESIDENT)).put('/api/profile/', { language: 'tr' });
});

test.afterEach(async () => {
  await (await Api.login(RESIDENT)).put('/api/profile/', { language: 'de' });
});

test('tr: a resident reports a dripping radiator in Turkish and reads the Turkish receipt and list', async ({
  page,
}) => {
  await login(page, RESIDENT);
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await page
    .getByRole('link', { name: new RegExp(T.reportDamage) })
    .first()
    .click();
  await expectPath(page, '/tickets/new');
  await expect(heading(page, T.titleNew)).toBeVisible();

  const category = page.getByLabel(T.category);
  await expect(category).toBeEnabled();
  // The shipped categories come translated: 'Heizung' is 'Isıtma'.
  await category.selectOption({ label: 'Isıtma' });
  await page.getByRole('radio', { name: 'Dairemde' }).check();
  const text = `Banyodaki kalorifer dün akşamdan beri damlıyor (E2E ${Date.now().toString(36)}).`;
  await page.getByLabel(T.description).fill(text);
  await shot(page, 'tr-ticket-form-375');
  await expectNoSideways(page);
  await page.getByRole('button', { name: T.submit, exact: true }).click();

  const created = page.getByText(new RegExp(`^${escape(T.created).replace('\\{\\{number\\}\\}', '(\\d{4}-\\d{6})')}$`));
  await expect(created).toBeVisible({ timeout: 20_000 });
  const number = /(\d{4}-\d{6})/.exec((await created.textContent())!)![1]!;
  await expect(heading(page, fill(T.number, { number }))).toBeVisible();
  await expect(page.getByText(text)).toBeVisible();
  // The timeline's first step, in Turkish: 'Alındı'.
  await expect(page.getByRole('listitem').filter({ hasText: 'Alındı' }).first()).toHaveAttribute(
    'aria-current',
    'step',
  );
  await shot(page, 'tr-ticket-created-375');
  await expectNoSideways(page);

  await page.goto('/tickets');
  await expect(heading(page, T.titleList)).toBeVisible();
  const row = page.getByRole('link').filter({ hasText: number });
  await expect(row).toContainText('Alındı');
  await expect(row).toContainText('Isıtma');
  await shot(page, 'tr-tickets-list-375');
  await expectNoSideways(page);
});

test('tr: a resident books the guest flat for two nights in Turkish, reads the confirmation and cancels', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const friday = fridayAfter(42);
  const saturday = plus(friday, 1);
  const sunday = plus(friday, 2);
  let bookingId = 0;
  try {
    await login(page, RESIDENT);
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    await page.goto('/buchen');
    await expect(heading(page, B.title)).toBeVisible();
    await expect(page.getByText(B.intro)).toBeVisible();
    await page.getByRole('link', { name: /Misafir dairesi/ }).click();
    await expect(heading(page, 'Misafir dairesi')).toBeVisible();
    await expect(page.getByText('Gecelik 25 €, anahtar tesliminde nakit')).toBeVisible();

    // Month by month to the Friday six weeks ahead.
    const fri = page.locator(`button[data-date="${friday}"]`);
    for (let i = 0; i < 4 && !(await fri.isVisible()); i++) {
      await expect(page.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
      if (await fri.isVisible()) break;
      await page.getByRole('button', { name: B.calendar.nextMonth, exact: true }).click();
    }
    await expect(page.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
    await expect(fri).toHaveAttribute('aria-disabled', 'false');
    await fri.click();
    // 'Varış 22/1 Cum: Şimdi ayrılış gününe dokunun. Art arda en fazla 7 gece.'
    await expect(page.getByText(/^Varış .+: Şimdi ayrılış gününe dokunun\./)).toBeVisible();
    await page.locator(`button[data-date="${sunday}"]`).click();
    const summary = page.getByTestId('stay-summary');
    await expect(summary).toContainText('2 gece');
    // Turkish writes the euro sign first: '€50'.
    await expect(summary).toContainText(/€\s?50/);
    await expect(page.locator(`button[data-date="${friday}"]`)).toHaveAccessibleName(/, Varış$/);
    await expect(page.locator(`button[data-date="${saturday}"]`)).toHaveAccessibleName(/, Konaklama gecesi$/);
    await expect(page.locator(`button[data-date="${sunday}"]`)).toHaveAccessibleName(/, Ayrılış$/);
    await shot(page, 'tr-guestflat-range-375');
    await expectNoSideways(page);

    // 'Kesin rezervasyon yap': binding, as 'verbindlich buchen' is.
    await page.getByRole('button', { name: B.book, exact: true }).click();
    await expect(heading(page, B.confirmation.title)).toBeVisible();
    bookingId = Number(/gebucht\/(\d+)/.exec(page.url())![1]);
    await expect(page.getByRole('status').filter({ hasText: 'Rezerve edildi: Misafir dairesi.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: B.confirmation.next })).toBeVisible();
    await expect(page.getByRole('button', { name: B.addToCalendar })).toBeVisible();
    await shot(page, 'tr-booking-confirmation-375');
    await expectNoSideways(page);

    await page.getByRole('main').getByRole('link', { name: B.mine }).click();
    await expectPath(page, '/buchen/meine');
    const card = page.getByTestId('my-booking').filter({ hasText: 'Misafir dairesi' }).first();
    await expect(card.locator('.booking-status')).toHaveText(B.statuses.approved);
    await shot(page, 'tr-bookings-mine-375');
    page.once('dialog', (d) => {
      expect(d.message()).toBe(B.cancelConfirm);
      void d.accept();
    });
    await card.getByRole('button', { name: B.cancel }).click();
    await expect(page.getByText(B.cancelled)).toBeVisible();
    bookingId = 0;
  } finally {
    if (bookingId) await (await Api.login(RESIDENT)).post(`/api/bookings/mine/${bookingId}/cancel/`, {});
  }
});
