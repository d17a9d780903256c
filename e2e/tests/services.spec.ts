import { login } from '../support/auth';
import { waitForMail } from '../support/mail';
import { expect, expectPath, heading, test } from '../support/test';

test('provider request: the Hausmeister form is disabled while empty, sends, confirms, and mails the provider', async ({
  page,
}) => {
  await login(page, 'A-0101');
  await page.goto('/services');
  await expect(heading(page, 'Dienstleistungen')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Hausmeister' }).click();
  // Services 1, 3 and 14 carry ?fd=1 when opened from the list.
  await expectPath(page, '/services/14?fd=1');
  await expect(heading(page, 'Hausmeister')).toBeVisible();
  await expect(page.getByText('Hausmeisterservice Krause', { exact: true })).toBeVisible();

  const send = page.getByRole('button', { name: 'Anfrage absenden', exact: true });
  const box = page.getByRole('main').getByRole('textbox');
  await expect(send).toBeDisabled();
  await box.fill('   ');
  await expect(send).toBeDisabled();

  const request = `E2E ${Date.now()}: Im Bad tropft der Wasserhahn, bitte kommen Sie vorbei.`;
  await box.fill(request);
  await expect(send).toBeEnabled();
  const since = new Date();
  await send.click();
  await expect(page.getByText('Ihre Anfrage wurde erfolgreich versendet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Neue Anfrage schicken', exact: true })).toBeVisible();

  const mail = await waitForMail('krause@hausmeister.example.org', since);
  expect(mail.text).toContain(request);
  expect(mail.text).toContain('Anna Beispiel');
});
