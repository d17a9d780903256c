// Staff sign-in with a second factor (ADR 025): a staff member sets up TOTP in the back
// office, reading the secret as text from the page as someone without a camera would, and the test
// computes the codes an authenticator app would show with otpauth.
import path from 'node:path';
import Database from 'better-sqlite3';
import { Secret, TOTP } from 'otpauth';
import { staffLogin, submitStaffLogin } from '../support/admin';
import { MANAGER_LOGIN, dataDir } from '../support/env';
import { expect, test } from '../support/test';

/**
 * A staff member of its own, so no other journey's sign-in meets a second factor: a copy of the
 * demo manager (same password, same locations) under a new e-mail address.
 */
function newStaffMember(): string {
  const email = `zwei.faktor.${Date.now()}@example.org`;
  const db = new Database(path.join(dataDir(), 'hausportal.sqlite'));
  db.pragma('busy_timeout = 5000');
  try {
    const { lastInsertRowid } = db
      .prepare(
        `insert into users (location_id, role, login, apartment_number, name, email, password_hash, profile_picture,
           emergency_services_deactivated, language, is_active, created_at)
         select location_id, role, ?, apartment_number, 'Zora Zweifaktor', ?, password_hash, null,
           emergency_services_deactivated, language, 1, created_at
         from users where login = ?`,
      )
      .run(email, email, MANAGER_LOGIN);
    db.prepare(
      `insert into manager_locations (user_id, location_id)
       select ?, location_id from manager_locations where user_id = (select id from users where login = ?)`,
    ).run(lastInsertRowid, MANAGER_LOGIN);
  } finally {
    db.close();
  }
  return email;
}

/** The code an authenticator app shows for the secret, `steps` 30-second steps from now. */
const appCode = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

test('a manager sets up the second factor at 375 px and signs in with a code', async ({ page }) => {
  const email = newStaffMember();
  await staffLogin(page, email);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin/zwei-faktor');
  await expect(page.getByRole('heading', { level: 1, name: 'Zwei-Faktor-Anmeldung' })).toBeVisible();
  await page.getByRole('button', { name: 'Einrichtung starten' }).click();
  await expect(
    page.getByRole('img', { name: 'QR-Code zum Einrichten der Zwei-Faktor-Anmeldung in Ihrer Authenticator-App' }),
  ).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').innerText()).replaceAll(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // Nothing scrolls sideways at 375 px, not even the 32-letter secret.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const codeField = page.getByLabel(/^Code aus der App/);
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await codeField.fill(appCode(secret));
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  const codes = page.getByRole('list', { name: 'Ihre Wiederherstellungscodes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Herunterladen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kopieren' })).toBeVisible();
  await page.getByRole('button', { name: 'Ich habe die Codes gesichert' }).click();
  await expect(page.getByText(/^Eingerichtet seit/)).toBeVisible();
  await expect(page.getByText('Sie haben noch 10 unbenutzte Wiederherstellungscodes.')).toBeVisible();

  // Sign out, and in again: after the password the sign-in asks for the code.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Abmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await submitStaffLogin(page, email);
  const code = page.getByLabel(/^Code/);
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  // The next step's code: the setup used this step's, and a code works once.
  await code.fill(appCode(secret, 1));
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByRole('navigation').getByRole('link', { name: /Moderation/ })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText('Zora Zweifaktor')).toBeVisible();
});
