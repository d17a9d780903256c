import { Api } from '../support/api';
import { login } from '../support/auth';
import { waitForMail } from '../support/mail';
import { buttonOrLink } from '../support/ui';
import { expect, expectPath, heading, test } from '../support/test';

// Both journeys use A-0201, which no other journey signs in as, one after the other: the reset sets
// RESET_PASSWORD whatever the password was (screens.spec.ts resets it to the same), and the change
// starts from it. The demo password cannot
// be put back afterwards (it is on the list of refused passwords), so a retry runs both again.
test.describe.configure({ mode: 'serial' });
const RESET_PASSWORD = 'Sommer-2026-Emil!';

test('forgot password: request, e-mail link, new password, then sign in with it (A-0201)', async ({
  page,
  baseURL,
}) => {
  // The reset flow never needs the old password, so reruns work, whatever ran before on this server.
  const newPassword = RESET_PASSWORD;
  await page.goto('/login');
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expectPath(page, '/forgot-password');

  const newPasswordButton = page.getByRole('button', { name: 'Neues Passwort', exact: true });
  await page.getByLabel('Benutzername', { exact: true }).fill('A-0201');
  const since = new Date();
  await newPasswordButton.click();
  const back = buttonOrLink(page, 'Zurück zur Anmeldung');
  await expect(back).toBeVisible();

  const mail = await waitForMail('emil.nachbar@example.org', since);
  const link = mail.text.match(/https?:\/\/\S+\/forgot-password\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, `reset link in:\n${mail.text}`).toBeTruthy();
  expect(new URL(link!).origin).toBe(new URL(baseURL!).origin);

  await back.click();
  await expectPath(page, '/login');

  await page.goto(new URL(link!).pathname);
  await page.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
  await page.getByLabel('Neues Passwort bestätigen', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Neues Passwort speichern', exact: true }).click();
  await expect(
    page.getByText('Ihr Passwort wurde erfolgreich geändert. Bitte melden Sie sich auf der Startseite neu an.'),
  ).toBeVisible();

  await login(page, 'A-0201', newPassword);
  await expect(heading(page, 'Residenz am Stadtpark')).toBeVisible();
});

test('change password: wrong current password, mismatch, then success on /profile/success (A-0201)', async ({
  page,
}) => {
  const newPassword = 'Herbst-Kranich-2026!';
  await login(page, 'A-0201', RESET_PASSWORD);
  await page.goto('/profile');
  await expect(heading(page, 'Mein Profil')).toBeVisible();
  await buttonOrLink(page, 'Passwort ändern').click();
  await expectPath(page, '/change-password');
  await expect(heading(page, 'Passwort ändern')).toBeVisible();

  const current = page.getByLabel('Aktuelles Passwort', { exact: true });
  const next = page.getByLabel('Neues Passwort', { exact: true });
  const repeat = page.getByLabel('Neues Passwort bestätigen', { exact: true });
  const save = page.getByRole('button', { name: 'Neues Passwort speichern', exact: true });

  await current.fill('Falsch-123!');
  await next.fill(newPassword);
  await repeat.fill(newPassword);
  await save.click();
  await expect(
    page.getByText('Das eingegebene Passwort ist falsch, bitte überprüfen Sie die Schreibweise.'),
  ).toBeVisible();

  await current.fill(RESET_PASSWORD);
  await repeat.fill(`${newPassword}x`);
  await save.click();
  await expect(page.getByText('Die Passwörter stimmen nicht überein.')).toBeVisible();
  await expectPath(page, '/change-password');

  await repeat.fill(newPassword);
  await save.click();
  await expectPath(page, '/profile/success');
  await expect(heading(page, 'Mein Profil')).toBeVisible();
  await expect(page.getByText('Ihr Passwort wurde erfolgreich geändert.', { exact: true })).toBeVisible();
  // The new password signs in; the old one no longer does.
  await expect(Api.login('A-0201', RESET_PASSWORD)).rejects.toThrow(/400/);
  const api = await Api.login('A-0201', newPassword);
  await api.dispose();
});
