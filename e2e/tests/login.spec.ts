import { login, submitLogin } from '../support/auth';
import { expect, expectPath, heading, test } from '../support/test';

test('login: anonymous visitors are sent to /login, wrong names and passwords get the spec errors, success opens the home page', async ({
  page,
}) => {
  // Without a token only /login and /forgot-password are reachable.
  await page.goto('/apartment');
  await expectPath(page, '/login');
  await expect(page.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute(
    'href',
    /\/forgot-password\/?$/,
  );

  await submitLogin(page, 'X-9999', 'Demo1234!');
  await expect(page.getByText('Der Benutzername ist falsch, bitte überprüfen Sie die Schreibweise')).toBeVisible();
  await expectPath(page, '/login');

  await submitLogin(page, 'A-0101', 'Falsch123!');
  await expect(page.getByText('Das Passwort ist falsch, bitte überprüfen Sie die Schreibweise')).toBeVisible();
  await expectPath(page, '/login');

  // The page first asked for (/apartment) opens after the login, not the home page.
  await page.getByLabel('Passwort', { exact: true }).fill('Demo1234!');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expectPath(page, '/apartment');
  await expect(heading(page, 'Meine Wohnung')).toBeVisible();

  // Signed in, the login page sends the visitor home.
  await page.goto('/login');
  await expectPath(page, '/');
  await expect(heading(page, 'Residenz am Stadtpark')).toBeVisible();
});

test('logout: "Abmelden" on the profile returns to /login and the home page is closed again', async ({ page }) => {
  await login(page, 'A-0101');
  await page.goto('/profile');
  await expect(heading(page, 'Mein Profil')).toBeVisible();
  await page.getByRole('button', { name: 'Abmelden', exact: true }).click();
  await expectPath(page, '/login');
  await expect(page.getByLabel('Benutzername', { exact: true })).toBeVisible();
  // The logout force-reloads after 1 s; let it happen before navigating ourselves.
  await page.waitForTimeout(1500);

  await page.goto('/');
  await expectPath(page, '/login');
  await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
});
