// Part of `npm run bench`: what a defect report with three 12 MP phone photos sends.
// A real Chromium at 375 px fills 'Schaden melden' with three photos of 4032 × 3024 px, the app
// shrinks them on the "phone" (long edge ≤ 2560 px, JPEG 0.85) and sends the report; the size of
// the request that leaves the browser is what a resident on a weak connection pays. Not a test.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { chromium } from 'playwright-core';
import { startServer } from './server.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/support/env.js';

const root = path.resolve(import.meta.dirname, '..');
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html')) || process.env.BENCH_REBUILD) {
  spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
}

/**
 * A photo-like 12 MP JPEG as a phone camera writes it (quality 92): a sky-to-floor gradient, shapes
 * and sensor grain, so it compresses like a photo (4–5 MB) rather than like a flat test image.
 */
async function phonePhoto(seed: number): Promise<Buffer> {
  const [width, height] = [4032, 3024];
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .blur(0.45)
    .png()
    .toBuffer();
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="hsl(${(seed * 70) % 360},45%,75%)"/><stop offset="1" stop-color="hsl(${(seed * 70 + 40) % 360},35%,30%)"/>
      </linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      <rect x="${600 + seed * 200}" y="900" width="1400" height="1500" rx="60" fill="hsl(${seed * 50},30%,55%)"/>
      <circle cx="3000" cy="${800 + seed * 300}" r="500" fill="hsl(${seed * 90},40%,60%)"/>
    </svg>`,
  );
  return sharp(svg)
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-photos-'));
const files = await Promise.all(
  [1, 2, 3].map(async (i) => {
    const file = path.join(dir, `IMG_000${i}.jpg`);
    fs.writeFileSync(file, await phonePhoto(i));
    return file;
  }),
);
const originals = files.map((f) => fs.statSync(f).size);

const server = await startServer({ DATA_DIR: path.join(dir, 'data') });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
  // Playwright hands out no multipart file bodies, so the page measures what it sends: the form
  // serialised exactly as the browser sends it (uploads go through XMLHttpRequest for progress).
  await page.addInitScript(() => {
    const sent: number[] = [];
    (window as unknown as { __sent: number[] }).__sent = sent;
    const open = XMLHttpRequest.prototype.open;
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest & { __url?: string }, ...args: unknown[]) {
      this.__url = String(args[1]);
      return (open as (...a: unknown[]) => void).apply(this, args);
    };
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest & { __url?: string }, body) {
      if (this.__url?.endsWith('/api/tickets/') && body instanceof FormData)
        void new Request('http://x/', { method: 'POST', body }).arrayBuffer().then((b) => sent.push(b.byteLength));
      return send.call(this, body);
    };
  });
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Benutzername').fill('A-0101');
  await page.getByLabel('Passwort', { exact: true }).fill('Demo1234!');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL(`${server.url}/`);
  await page.goto(`${server.url}/tickets/new`);
  await page.getByLabel('Was ist betroffen?').selectOption({ label: 'Fenster & Türen' });
  await page.getByRole('radio', { name: 'In meiner Wohnung' }).check();
  await page.getByLabel('Beschreibung').fill('Die Balkontür schließt nicht mehr (Bench).');
  const t0 = Date.now();
  await page.getByLabel('Fotos hinzufügen').setInputFiles(files);
  await page.getByRole('img', { name: 'Foto 3' }).waitFor({ timeout: 60_000 });
  const prepared = Date.now() - t0;
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/tickets/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Meldung senden' }).click();
  const response = await answered;
  await page.waitForFunction(() => (window as unknown as { __sent: number[] }).__sent.length > 0);
  const bytes = (await page.evaluate(() => (window as unknown as { __sent: number[] }).__sent)).at(-1)!;
  const mb = (n: number) => `${(n / 1_048_576).toFixed(2)} MB`;
  console.log('\nSchadensmeldung mit drei 12-MP-Fotos (Chromium, 375 px)');
  console.log('| | Größe |');
  console.log('|---|---:|');
  for (const [i, size] of originals.entries())
    console.log(`| Original IMG_000${i + 1}.jpg (4032 × 3024) | ${mb(size)} |`);
  console.log(`| Originale zusammen | ${mb(originals.reduce((a, b) => a + b, 0))} |`);
  console.log(`| gesendet (multipart, nach dem Verkleinern auf dem Telefon) | ${mb(bytes)} |`);
  console.log(
    `Antwort ${response.status()}; Fotos vorbereitet in ${(prepared / 1000).toFixed(1)} s; Ziel: unter 3 MB gesendet`,
  );
  if (response.status() !== 201)
    throw new Error(`Meldung nicht angenommen: ${response.status()} ${await response.text()}`);
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
