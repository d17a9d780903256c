// What a real building has more of than the demo: lists past one page, a configured product
// name, photos from iPhones.
import path from 'node:path';
import Database from 'better-sqlite3';
import { Api } from '../support/api';
import { login } from '../support/auth';
import { APP_NAME, dataDir } from '../support/env';
import { attachFiles, buttonOrLink } from '../support/ui';
import { expect, expectPath, heading, test } from '../support/test';

/** Opens the e2e server's SQLite database, for rows no API creates yet (the back office will). */
function serverDatabase(): Database.Database {
  const db = new Database(path.join(dataDir(), 'hausportal.sqlite'));
  db.pragma('busy_timeout = 5000');
  return db;
}

test('a location with 25 phone numbers shows all 25 on the phone list', async ({ page }) => {
  const db = serverDatabase();
  const insert = db.prepare(
    "insert into phones (location_id, name, number, icon, highlighted, hidden, sort_order) values (2, ?, ?, '', 0, 0, ?)",
  );
  for (let i = 1; i <= 25; i++) insert.run(`Nummer ${i} am See`, `+49 40 700 ${String(i).padStart(4, '0')}`, 100 + i);
  const total = (db.prepare('select count(*) as n from phones where location_id = 2').get() as { n: number }).n;
  db.close();
  expect(total).toBeGreaterThanOrEqual(25);

  await login(page, 'B-0101');
  await page.goto('/phone-numbers');
  await expect(heading(page, 'Wichtige Telefonnummern')).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(total);
  await expect(page.getByText('Nummer 11 am See')).toBeVisible();
  await expect(page.getByText('Nummer 25 am See')).toBeVisible();
});

test('a post with 25 approved comments shows all 25', async ({ page }) => {
  const anna = await Api.login('A-0101');
  const rez = await Api.login('A-REZ');
  const manager = await Api.manager();
  try {
    // The oldest post of location 1, which no other journey comments on.
    const lastPage = await anna.messages(2);
    const target = lastPage.results.at(-1)!;
    for (let i = 1; i <= 25; i++) {
      const comment = await rez.post<{ id: number }>(`/api/messages/${target.id}/comments/`, {
        text: `Kommentar Nummer ${i} zum ältesten Beitrag`,
      });
      await manager.approveComment(comment.id);
    }
    const visible = await anna.get<{ count: number }>(`/api/messages/${target.id}/comments/`);
    expect(visible.count).toBeGreaterThanOrEqual(25);

    await login(page, 'A-0101');
    await page.goto(`/messages/view/${target.id}`);
    const comments = page.getByRole('region', { name: 'Kommentare' }).getByRole('listitem');
    await expect(comments).toHaveCount(visible.count);
    await expect(page.getByText('Kommentar Nummer 1 zum ältesten Beitrag', { exact: true })).toBeVisible();
    await expect(page.getByText('Kommentar Nummer 25 zum ältesten Beitrag', { exact: true })).toBeVisible();
  } finally {
    await Promise.all([anna.dispose(), rez.dispose(), manager.dispose()]);
  }
});

test('the configured product name is the page title and the name of the installable app', async ({ page, request }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle(`Anmeldung – ${APP_NAME}`);
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest.name).toBe(APP_NAME);
});

test('the new-post screen refuses an iPhone HEIC photo before anything is sent', async ({ page }) => {
  await login(page, 'A-REZ');
  await page.goto('/blackboard');
  await buttonOrLink(page, 'Neuer Beitrag').click();
  await expectPath(page, '/messages/new');
  await expect(heading(page, 'Neuer Beitrag')).toBeVisible();
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/messages/')) sent.push(r.url());
  });
  // An HEIC file whose name and type claim JPEG, as a photo copied off an iPhone can.
  const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheicmif1heic'), Buffer.alloc(200)]);
  await attachFiles(page, [{ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: heic }]);
  await expect(
    page.getByText('Die Datei IMG_0042.jpg ist kein Foto im Format JPEG, PNG oder WebP (HEIC und GIF gehen nicht).'),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Ausgewählte Anhänge' })).toHaveCount(0);
  expect(sent).toEqual([]);
});
