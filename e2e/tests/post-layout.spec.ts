// What only a real layout shows on a post's page (product §2.10, §2.9): the scroll to the URL's hash lands
// below the sticky header, and a photo opens in the gallery only when the body is wider than 500 px.
import type { Page } from '@playwright/test';
import { Api, type ApiMessage } from '../support/api';
import { login } from '../support/auth';
import { expect, heading, test } from '../support/test';

/** A post of page 1 as the receptionist sees it, the first one that `fits`. */
async function postOfPage1(fits: (m: ApiMessage) => boolean): Promise<ApiMessage> {
  const rez = await Api.login('A-REZ');
  try {
    const post = (await rez.messages(1)).results.find((m) => m.status === 'approved' && fits(m));
    if (!post) throw new Error('no approved post on page 1 that fits');
    return post;
  } finally {
    await rez.dispose();
  }
}

/** Distance from the top of the viewport to the top of the element the selector names. */
const topOf = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector(s)!.getBoundingClientRect().top, selector);

test('a post opened with a hash scrolls to that element, just below the sticky header', async ({ page }) => {
  const post = await postOfPage1(() => true);
  await page.setViewportSize({ width: 390, height: 640 });
  // Room to scroll below the post's page, so that where the target lands is the app's choice and
  // not the end of a short page.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = '#main::after { content: ""; display: block; height: 200vh; }';
      document.head.append(style);
    });
  });
  await login(page, 'A-REZ');

  for (const hash of ['#newComment', '#comments-heading']) {
    // A fresh load, as when a link from a notification or an e-mail is followed.
    await page.goto(`/messages/view/${post.id}${hash}`);
    await expect(heading(page, 'Pinnwand')).toBeVisible();
    await expect(page.locator(hash)).toBeVisible();
    const headerHeight = await page.getByRole('banner').evaluate((header) => (header as HTMLElement).offsetHeight);
    expect(headerHeight).toBeGreaterThan(0);
    // Photos and comments arriving late move the target; the app follows them until it settles.
    await expect
      .poll(() => topOf(page, hash), { message: `${hash} should sit just below the ${headerHeight} px header` })
      .toBeGreaterThanOrEqual(headerHeight);
    const top = await topOf(page, hash);
    expect(top, `${hash} right below the header`).toBeLessThanOrEqual(headerHeight + 16);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  }
});

test('a photo opens in the gallery on a wide screen and in a new tab on a narrow one', async ({ page, context }) => {
  const post = await postOfPage1((m) => m.documents.some((d) => d.kind === 'image'));
  await login(page, 'A-REZ');
  const photo = post.documents.find((d) => d.kind === 'image')!;

  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto(`/messages/view/${post.id}`);
  expect(await page.evaluate(() => document.body.clientWidth)).toBeGreaterThan(500);
  await page.getByRole('button', { name: `Bild ${photo.name} öffnen` }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 800 });
  expect(await page.evaluate(() => document.body.clientWidth)).toBeLessThanOrEqual(500);
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: `Bild ${photo.name} öffnen` }).click(),
  ]);
  await expect.poll(() => tab.url()).toContain(new URL(photo.document, 'http://x').pathname);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await tab.close();
});
