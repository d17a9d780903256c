import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from './env';
import { expect } from './test';

/** Fills the staff sign-in ('E-Mail', 'Passwort', 'Anmelden') at /admin/login and submits it. */
export async function submitStaffLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('E-Mail', { exact: true }).fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
}

/** Signs a staff member in to the back office and waits for its navigation. */
export async function staffLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await submitStaffLogin(page, email, password);
  await expect(page.getByRole('navigation').getByRole('link', { name: /Moderation/ })).toBeVisible({
    timeout: 15_000,
  });
}

/** Opens a back-office screen through its navigation item. */
export async function openAdmin(page: Page, item: string): Promise<void> {
  await page
    .getByRole('navigation')
    .getByRole('link', { name: new RegExp(`^${item}`) })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}
