import { login } from '../support/auth';
import { makeOversize, makePng } from '../support/files';
import { expect, heading, test } from '../support/test';

test('profile picture: a new PNG replaces the picture; a file over 10 MB is refused (A-0410)', async ({ page }) => {
  await login(page, 'A-0410');
  await page.goto('/profile');
  await expect(heading(page, 'Mein Profil')).toBeVisible();
  await expect(page.getByText('Günther Groß')).toBeVisible();
  await expect(page.getByText('Wohnung 0410')).toBeVisible();

  const picture = page.getByRole('main').getByRole('img').first();
  await expect(picture).toHaveAttribute('src', /.+/);
  const before = await picture.getAttribute('src');
  const change = page.getByText('Ändern', { exact: true });

  let chooser = page.waitForEvent('filechooser');
  await change.click();
  await (await chooser).setFiles(makePng('portrait.png', [180, 40, 90], 96));
  await expect(picture).not.toHaveAttribute('src', before!, { timeout: 15_000 });
  await expect(picture).toHaveJSProperty('complete', true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  chooser = page.waitForEvent('filechooser');
  await change.click();
  await (await chooser).setFiles(makeOversize('riesig.png', 'image/png', 10_485_761));
  await expect(page.getByText('Die Datei riesig.png ist zu gross')).toBeVisible();
});
