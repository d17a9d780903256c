import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from './env';
import { expect, expectPath } from './test';

/** Fills the login form of product §2.4 ('Benutzername', 'Passwort', 'Anmelden') and submits it. */
export async function submitLogin(page: Page, apartment: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Benutzername', { exact: true }).fill(apartment);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
}

/** Signs in through the UI and waits for the home page. */
export async function login(page: Page, apartment: string, password = DEMO_PASSWORD): Promise<void> {
  await submitLogin(page, apartment, password);
  await expectPath(page, '/', 15_000);
  // The home page's <h1> is the location title, which arrives with the initial data.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}
