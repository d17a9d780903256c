import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { Api } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { login } from '../support/auth';
import { SCREENSHOT_DIR } from '../support/env';
import { waitForMail } from '../support/mail';
import { buttonOrLink } from '../support/ui';
import { expect, expectPath, heading, sharedPage, test } from '../support/test';

const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;

/**
 * Saves e2e/screenshots/<name>-<width>.png at both widths and runs axe at each. The `ready`
 * locator says the screen is there; a screen that never gets ready still gets its screenshot.
 */
async function capture(page: Page, name: string, ready: Locator): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expect.soft(ready, `${name} at ${size.width} px`).toBeVisible();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${size.width}.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page, `${name} at ${size.width} px`);
  }
}

// Both tours share one session of the resident app (see sharedPage): the anonymous screens come
// first, the invalid reset link before the tour that signs in.
const resident = sharedPage();

test('an invalid reset link offers a new one: screenshot and axe', async () => {
  const page = resident();
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.goto('/forgot-password/abgelaufener-link-0000000000');
  await page.getByLabel('Neues Passwort', { exact: true }).fill('NeuesPasswort1!');
  await page.getByLabel('Neues Passwort bestätigen', { exact: true }).fill('NeuesPasswort1!');
  await page.getByRole('button', { name: 'Neues Passwort speichern', exact: true }).click();
  await expect(page.getByText('Der Token ist ungültig')).toBeVisible();
  await capture(page, 'forgot-password-invalid-token', page.getByRole('link', { name: 'Neuen Link anfordern' }));
  await page.getByRole('link', { name: 'Neuen Link anfordern' }).click();
  await expectPath(page, '/forgot-password');
  await expect(page.getByRole('button', { name: 'Neues Passwort', exact: true })).toBeVisible();
});

test('every screen at 375 and 1280 px: screenshot and no serious or critical axe violations', async () => {
  test.setTimeout(240_000);
  const page = resident();
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });

  // Anonymous screens.
  await page.goto('/login');
  await capture(page, 'login', page.getByRole('button', { name: 'Anmelden', exact: true }));

  // The pages German law asks for, open without signing in.
  for (const [name, route, title] of [
    ['impressum', '/impressum', 'Impressum'],
    ['datenschutz', '/datenschutz', 'Datenschutzerklärung'],
    ['barrierefreiheit', '/barrierefreiheit', 'Erklärung zur Barrierefreiheit'],
  ] as const) {
    await page.goto(route);
    await capture(page, name, heading(page, title));
  }

  await page.goto('/forgot-password');
  await capture(page, 'forgot-password-1-request', page.getByRole('button', { name: 'Neues Passwort', exact: true }));
  // A-0201, the password journeys' account (password.spec.ts), gets the password their reset sets
  // (which needs no old one); the demo password cannot be set again (it is on the refused list).
  await page.getByLabel('Benutzername', { exact: true }).fill('A-0201');
  const since = new Date();
  await page.getByRole('button', { name: 'Neues Passwort', exact: true }).click();
  await capture(page, 'forgot-password-2-sent', buttonOrLink(page, 'Zurück zur Anmeldung'));

  const mail = await waitForMail('emil.nachbar@example.org', since);
  const link = mail.text.match(/https?:\/\/\S+\/forgot-password\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, `reset link in:\n${mail.text}`).toBeTruthy();
  await page.goto(new URL(link!).pathname);
  await capture(
    page,
    'forgot-password-3-token',
    page.getByRole('button', { name: 'Neues Passwort speichern', exact: true }),
  );
  await page.getByLabel('Neues Passwort', { exact: true }).fill('Sommer-2026-Emil!');
  await page.getByLabel('Neues Passwort bestätigen', { exact: true }).fill('Sommer-2026-Emil!');
  await page.getByRole('button', { name: 'Neues Passwort speichern', exact: true }).click();
  await capture(
    page,
    'forgot-password-4-done',
    page.getByText('Ihr Passwort wurde erfolgreich geändert. Bitte melden Sie sich auf der Startseite neu an.'),
  );

  // Signed-in screens, as the receptionist, who sees the most controls.
  const manager = await Api.manager();
  const fest = (await manager.adminMessages('approved')).find((m) => m.text.startsWith('Sommerfest im Innenhof!'));
  await manager.dispose();
  if (!fest) throw new Error('demo post "Sommerfest im Innenhof!" not found');

  await page.setViewportSize(WIDTHS[1]);
  await login(page, 'A-REZ');
  const screens: [name: string, route: string, title: string][] = [
    ['home', '/', 'Residenz am Stadtpark'],
    ['phone-numbers', '/phone-numbers', 'Wichtige Telefonnummern'],
    ['apartment', '/apartment', 'Meine Wohnung'],
    ['blackboard', '/blackboard', 'Pinnwand'],
    ['blackboard-page-2', '/blackboard/2', 'Pinnwand'],
    ['post-detail', `/messages/view/${fest.id}`, 'Pinnwand'],
    ['new-post', '/messages/new', 'Neuer Beitrag'],
    ['services', '/services', 'Dienstleistungen'],
    ['provider-detail', '/services/14?fd=1', 'Hausmeister'],
    ['reception', '/reception', 'Rezeption'],
    ['profile', '/profile', 'Mein Profil'],
    ['change-password', '/change-password', 'Passwort ändern'],
  ];
  for (const [name, route, title] of screens) {
    await page.goto(route);
    await capture(page, name, heading(page, title));
  }

  // States of A page past the end, a sent request, a screen never opened while offline.
  await page.goto('/blackboard/99');
  await capture(page, 'blackboard-past-end', page.getByRole('heading', { name: 'Seite 99 gibt es nicht.' }));

  await page.goto('/services/14?fd=1');
  await page
    .getByLabel('Ihre Anfrage', { exact: true })
    .fill('Im Keller tropft es aus der Decke.\nBitte bald ansehen.');
  await page.getByRole('button', { name: 'Anfrage absenden', exact: true }).click();
  await capture(
    page,
    'provider-request-sent',
    page.locator('blockquote', { hasText: 'Im Keller tropft es aus der Decke.' }),
  );

  await page.goto('/');
  await expect(heading(page, 'Residenz am Stadtpark')).toBeVisible();
  await page.context().setOffline(true);
  // A client-side navigation: offline, a full page load would not reach the app at all.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/services/1?fd=1');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await capture(page, 'offline-not-loaded', page.getByRole('heading', { name: 'Noch nicht geladen' }));
  await page.context().setOffline(false);
});
