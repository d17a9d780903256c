import { login } from '../support/auth';
import { makePng, oversizeOnDisk } from '../support/files';
import { expect, expectPath, heading, test } from '../support/test';

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
  await (await chooser).setFiles(oversizeOnDisk('riesig.png', 'image/png', 10_485_761));
  await expect(page.getByText('Die Datei riesig.png ist zu gross')).toBeVisible();
});

test("'Angemeldete Geräte': signing the other device out sends it to the login (A-0410)", async ({ page, browser }) => {
  // The other device: a phone-sized browser of its own, signed in first.
  const phoneContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const phone = await phoneContext.newPage();
  try {
    await login(phone, 'A-0410');
    await login(page, 'A-0410');
    await page.goto('/profile');
    const devices = page.getByRole('region', { name: 'Angemeldete Geräte' });
    await expect(devices.getByText('Dieses Gerät')).toBeVisible();
    await expect(devices.getByRole('listitem')).not.toHaveCount(1);
    await devices.getByRole('button', { name: 'Alle anderen Geräte abmelden' }).click();
    await expect(devices.getByText('Sie sind auf keinem anderen Gerät angemeldet.')).toBeVisible();
    await expect(devices.getByRole('listitem')).toHaveCount(1);

    // The phone's next call answers 401, and the app shows the login.
    await phone.goto('/profile');
    await expectPath(phone, '/login', 15_000);
    // This device stays signed in.
    await page.reload();
    await expect(heading(page, 'Mein Profil')).toBeVisible();
  } finally {
    await phoneContext.close();
  }
});
