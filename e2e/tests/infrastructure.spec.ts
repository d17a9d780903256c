import type { Page } from '@playwright/test';
import { APP_NAME, baseUrl } from '../support/env';
import { waitForMail } from '../support/mail';
import { expect, test } from '../support/test';

// Guards the harness itself, so a broken journey is never blamed on the app by mistake.
test('the real server serves the web app and its mail reaches the test SMTP server', async ({ request }) => {
  const health = await request.get('/api/health/');
  expect(health.status()).toBe(200);

  const index = await request.get('/login');
  expect(index.status()).toBe(200);
  expect(await index.text()).toContain('<div id="root">');

  const since = new Date();
  const res = await request.post('/api/password_reset/', { data: { apartment_number: 'A-0102', email: '' } });
  expect(res.status()).toBe(200);
  const mail = await waitForMail('bernd.muster@example.org', since);
  expect(mail.subject).toBe(`Neues Passwort für ${APP_NAME}`);
  expect(mail.text).toMatch(new RegExp(`${baseUrl()}/forgot-password/[A-Za-z0-9_-]{20,}`));
});

test('the browser gets the app compressed: brotli for the built scripts and styles, and the app shell', async ({
  page,
}) => {
  const encodings = new Map<string, string | undefined>();
  page.on('response', async (res) => {
    const url = new URL(res.url());
    // What the service worker hands out from its cache never crossed the wire (its own
    // downloads did, compressed: they are the same files).
    if (res.fromServiceWorker()) return;
    // Below 512 bytes the build keeps no compressed copy (scripts/precompress.mjs): headers would cost more.
    if (url.pathname.startsWith('/assets/') && (await res.body()).length < 512) return;
    if (url.pathname.startsWith('/assets/') || url.pathname === '/login')
      encodings.set(url.pathname, (await res.allHeaders())['content-encoding']);
  });
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  const assets = [...encodings].filter(([path]) => /\.(js|css)$/.test(path));
  expect(assets.length).toBeGreaterThan(0);
  for (const [path, encoding] of assets) expect(encoding, path).toBe('br');
  expect(encodings.get('/login')).toBe('br');
});

test("the residents' app and the back office load nothing of each other (ADR 015)", async ({ page, context }) => {
  const scriptsOf = (p: Page) => {
    const scripts: string[] = [];
    p.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    return scripts;
  };
  const resident = scriptsOf(page);
  await page.goto('/login');
  // Including what it loads once idle (the update banner and the service worker's registration),
  // which can come after the network was quiet for a moment.
  await expect.poll(() => resident.some((path) => path.includes('/update-banner-'))).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(resident.filter((path) => path.startsWith('/admin/'))).toEqual([]);
  await page.close();

  // A page of its own, so that nothing the residents' page loaded late is counted here.
  const office = await context.newPage();
  const admin = scriptsOf(office);
  await office.goto('/admin/login');
  await expect(office.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await office.waitForLoadState('networkidle');
  expect(admin.length).toBeGreaterThan(0);
  expect(admin.filter((path) => path.startsWith('/assets/'))).toEqual([]);
});
