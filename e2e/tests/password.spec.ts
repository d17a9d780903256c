import { Api } from '../support/api';
import { login } from '../support/auth';
import { DEMO_PASSWORD } from '../support/env';
import { waitForMail } from '../support/mail';
import { buttonOrLink } from '../support/ui';
import { expect, expectPath, heading, test } from '../support/test';

test('forgot password: request, e-mail link, new password, then sign in with it (A-0201)', async ({
  page,
  baseURL,
}) => {
  // A-0201 is used by no other journey; the reset flow never needs the old password, so reruns work.
  const newPassword = 'Sommer-2026-Emil!';
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

test('change password: wrong current password, mismatch, then success on /profile/success (A-0305)', async ({
  page,
}) => {
  const newPassword = 'Herbst-2026-Fatma!';
  let changed = false;
  try {
    await login(page, 'A-0305');
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

    await current.fill(DEMO_PASSWORD);
    await repeat.fill(`${newPassword}x`);
    await save.click();
    await expect(page.getByText('Die Passwörter stimmen nicht überein.')).toBeVisible();
    await expectPath(page, '/change-password');

    await repeat.fill(newPassword);
    await save.click();
    changed = true;
    await expectPath(page, '/profile/success');
    await expect(heading(page, 'Mein Profil')).toBeVisible();
    await expect(page.getByText('Ihr Passwort wurde erfolgreich geändert.', { exact: true })).toBeVisible();
  } finally {
    // Put the demo password back, so a rerun (or a retry) starts from the same state.
    if (changed) {
      const api = await Api.login('A-0305', newPassword).catch(() => null);
      await api?.changePassword(newPassword, DEMO_PASSWORD);
      await api?.dispose();
    }
  }
});
