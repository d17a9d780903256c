import type { Page } from '@playwright/test';
import { DEMO_ADMIN } from '../../apps/server/src/seed/demo-data';
import { staffLogin } from '../support/admin';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { login } from '../support/auth';
import { APP_NAME } from '../support/env';
import { waitForMail } from '../support/mail';
import { expect, expectPath, heading, test } from '../support/test';

// Impressum, Datenschutz and Barrierefreiheit, one tap from the login screen and the
// profile, written by an administrator, and the accessibility statement's feedback reaching the
// management by mail.

const PAGES = [
  ['Impressum', '/impressum', 'Impressum'],
  ['Datenschutz', '/datenschutz', 'Datenschutzerklärung'],
  ['Barrierefreiheit', '/barrierefreiheit', 'Erklärung zur Barrierefreiheit'],
] as const;

const legalLinks = (page: Page) => page.getByRole('navigation', { name: 'Rechtliche Hinweise' });

test('from /login at 375 px each legal page is one tap away, without signing in', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  for (const [link, path, title] of PAGES) {
    await page.goto('/login');
    await legalLinks(page).getByRole('link', { name: link, exact: true }).click();
    await expectPath(page, path);
    await expect(heading(page, title)).toBeVisible();
    const text = page.getByRole('article');
    await expect(text).toHaveAttribute('lang', 'de');
    await expect(text.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(legalLinks(page).getByRole('link', { name: link, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoSeriousA11yViolations(page, `${title} at 375 px, signed out`);
    // Back leads to where the resident came from.
    await page.getByRole('link', { name: 'Zurück' }).click();
    await expectPath(page, '/login');
  }
  // The accessibility statement as shipped: its conformance status and the enforcement body.
  await page.goto('/barrierefreiheit');
  const statement = page.getByRole('article');
  await expect(statement).toContainText('teilweise barrierefrei');
  await expect(statement).toContainText('Marktüberwachungsstelle der Länder für die Barrierefreiheit');
  await expect(page.getByRole('note')).toContainText('Vorlage – bitte vor der Inbetriebnahme anpassen');
});

test('an administrator edits the Impressum at 1024 px and a resident then reads it from the profile', async ({
  browser,
}) => {
  const stamp = `Testverwaltung ${Date.now()} GmbH`;
  // Separate contexts: the administrator and the resident do not share a session (and axe needs a context).
  const adminContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const admin = await adminContext.newPage();
  await staffLogin(admin, DEMO_ADMIN);
  await admin
    .getByRole('navigation')
    .getByRole('link', { name: /^Rechtliche Seiten/ })
    .click();
  await expect(heading(admin, 'Rechtliche Seiten')).toBeVisible();
  await admin.getByRole('link', { name: 'Bearbeiten: Impressum' }).click();
  await expect(heading(admin, 'Impressum bearbeiten')).toBeVisible();
  const text = admin.getByLabel('Text (Markdown)');
  await text.fill(`## Anbieter\n\n${stamp}\nHauptstraße 1\n10115 Berlin\n\n<script>alert(1)</script>`);
  const preview = admin.getByRole('region', { name: 'Vorschau' });
  await expect(preview.getByText(stamp)).toBeVisible();
  await expectNoSeriousA11yViolations(admin, 'the Impressum editor at 1024 px');
  await admin.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(admin.getByText('Impressum gespeichert. Bewohner:innen sehen die Seite jetzt so.')).toBeVisible();
  await adminContext.close();

  const residentContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const resident = await residentContext.newPage();
  await login(resident, 'A-0101');
  await resident.goto('/profile');
  await legalLinks(resident).getByRole('link', { name: 'Impressum', exact: true }).click();
  await expectPath(resident, '/impressum');
  const article = resident.getByRole('article');
  await expect(article).toContainText(stamp);
  await expect(article).toContainText('Hauptstraße 1');
  // What the administrator typed as a script is shown as text, not run.
  await expect(article).toContainText('<script>alert(1)</script>');
  await expect(resident.getByText(/^Zuletzt geändert am \d\d\.\d\d\.\d{4}$/)).toBeVisible();
  await expect(resident.getByRole('note')).toHaveCount(0);
  await resident.getByRole('link', { name: 'Zurück' }).click();
  await expectPath(resident, '/profile');
  await residentContext.close();
});

test('the feedback form of the accessibility statement works signed out and reaches the management by mail', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const stamp = `Der Knopf wird nicht vorgelesen (${Date.now()})`;
  await page.goto('/barrierefreiheit');
  const send = page.getByRole('button', { name: 'Rückmeldung senden' });
  await send.click();
  await expect(page.getByLabel('Ihre Nachricht')).toBeFocused();
  await page.getByLabel('Ihre Nachricht').fill(stamp);
  await page.getByLabel('Wo ist es passiert? (optional)').fill('Schaden melden');
  await page.getByLabel('Ihre E-Mail-Adresse (optional)').fill('bea.blind@example.org');
  await expectNoSeriousA11yViolations(page, 'the feedback form at 375 px');
  const since = new Date();
  await send.click();
  await expect(page.getByText('Vielen Dank! Ihre Rückmeldung ist bei der Hausverwaltung eingegangen.')).toBeVisible();
  const mail = await waitForMail(DEMO_ADMIN, since);
  expect(mail.subject).toBe(`Rückmeldung zur Barrierefreiheit von ${APP_NAME}`);
  expect(mail.text).toContain(stamp);
  expect(mail.text).toContain('Wo: Schaden melden');
  expect(mail.text).toContain('Für eine Antwort schreiben Sie bitte an bea.blind@example.org.');
});
