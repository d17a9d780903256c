import type { Page } from '@playwright/test';
import { login } from '../support/auth';
import { expect, heading, settle, test } from '../support/test';

// product §2.6: the home page is the emergency button and the tile grid, so the emergency button is the
// first link of the main content; the tiles follow it.
const mainLinks = (page: Page) => page.getByRole('main').getByRole('link');
// Location 1's default service is the 24-hour 'Notdienst', service 18 of the demo.
const toEmergency = (page: Page) => page.getByRole('main').locator('a[href="/services/18"]');
const telLinks = (page: Page) => page.getByRole('main').locator('a[href^="tel:"]');

test('emergency button: default service for A-0101, direct call for B-0101, none for A-0102', async ({ browser }) => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();

  // Location 1: direct_call=false, default service 18 'Notdienst', round the clock.
  await login(page, 'A-0101');
  await expect(heading(page, 'Residenz am Stadtpark')).toBeVisible();
  const emergency = mainLinks(page).first();
  await expect(emergency).toContainText('Notdienst');
  await expect(emergency).toContainText('Rund um die Uhr – öffnet die Kontaktseite');
  await expect(emergency).toHaveAttribute('href', '/services/18');
  await settle(page);
  await expect(toEmergency(page)).toHaveCount(1);
  await expect(telLinks(page)).toHaveCount(0);
  await ctx.close();

  // Location 2: direct_call=true, so the button dials direct_number '+49 30 5555 0110'.
  const ctx2 = await browser.newContext();
  const page2 = await ctx2.newPage();
  await login(page2, 'B-0101');
  await expect(heading(page2, 'Haus am See')).toBeVisible();
  const dial = mainLinks(page2).first();
  await expect(dial).toContainText('Rezeption');
  await expect(dial).toContainText('Ruft +49 30 5555 0110 an');
  const href = (await dial.getAttribute('href')) ?? '';
  expect(decodeURIComponent(href).replace(/\s+/g, ''), `emergency href ${href}`).toBe('tel:+493055550110');
  await ctx2.close();

  // A-0102 has emergency_services_deactivated: the button is gone, the tiles stay, and one line
  // still names 112 first, then the gas emergency number (issue 33 §2).
  const ctx3 = await browser.newContext();
  const page3 = await ctx3.newPage();
  await login(page3, 'A-0102');
  await expect(heading(page3, 'Residenz am Stadtpark')).toBeVisible();
  await expect(page3.getByRole('link', { name: /Wichtige Telefonnummern/ })).toBeVisible();
  await settle(page3);
  await expect(toEmergency(page3)).toHaveCount(0);
  await expect(telLinks(page3).first()).toHaveAttribute('href', 'tel:112');
  await expect(page3.getByRole('link', { name: /^Gas-Notruf / })).toBeVisible();
  await expect(page3.getByRole('link', { name: 'Rezeption', exact: true })).toHaveAttribute('href', '/services/3');
  await ctx3.close();
});
