// `npm run bench:web`: what the login and home routes cost a phone. Prints the gzip size of the
// JS and CSS each route loads (measured from what Chromium actually requests) and a Lighthouse
// mobile run on /login and on / signed in. Not a test.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { startServer } from './server.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/support/env.js';

type LhrResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const CHROME = process.env.CHROME_PATH ?? CHROMIUM;
// The flags the browser tests use; without them Chromium here tries to reach Google at every start.
const FLAGS = CHROMIUM_ARGS;

if (!fs.existsSync(path.join(dist, 'index.html')) || process.env.BENCH_REBUILD) {
  spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hp-webbench-'));
const server = await startServer({ DATA_DIR: dataDir });
const base = server.url;

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** Sums the gzip size of the JS and CSS files from dist that the page requested. */
function assetSizes(urls: Set<string>) {
  let js = 0;
  let css = 0;
  for (const u of urls) {
    const file = path.join(dist, new URL(u).pathname);
    if (!fs.existsSync(file)) continue;
    if (file.endsWith('.js')) js += gzipSize(file);
    if (file.endsWith('.css')) css += gzipSize(file);
  }
  return { js: js / 1024, css: css / 1024 };
}

async function signIn(page: Page) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Benutzername').fill('A-0101');
  await page.getByLabel('Passwort', { exact: true }).fill('Demo1234!');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL(`${base}/`);
  await page.waitForLoadState('networkidle');
}

try {
  // Bundle sizes from a cold page each: what a first visit downloads.
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS });
  const sizes: Record<string, { js: number; css: number }> = {};
  {
    // A German visitor (the browser's language decides before sign-in); a Turkish one
    // below loads the Turkish strings on top.
    const ctx = await browser.newContext({ locale: 'de-DE' });
    const page = await ctx.newPage();
    const urls = new Set<string>();
    page.on('request', (r) => {
      if (/\.(js|css)$/.test(new URL(r.url()).pathname)) urls.add(r.url());
    });
    await page.goto(`${base}/login`);
    await page.waitForLoadState('networkidle');
    sizes['/login'] = assetSizes(urls);
    urls.clear();
    await signIn(page);
    const storage = await ctx.storageState();
    await ctx.close();
    const ctx2 = await browser.newContext({ storageState: storage, locale: 'de-DE' });
    const page2 = await ctx2.newPage();
    page2.on('request', (r) => {
      if (/\.(js|css)$/.test(new URL(r.url()).pathname)) urls.add(r.url());
    });
    await page2.goto(`${base}/`);
    await page2.waitForLoadState('networkidle');
    sizes['/ (angemeldet)'] = assetSizes(urls);
    await ctx2.close();
    const ctx3 = await browser.newContext({ locale: 'tr-TR' });
    const page3 = await ctx3.newPage();
    urls.clear();
    page3.on('request', (r) => {
      if (/\.(js|css)$/.test(new URL(r.url()).pathname)) urls.add(r.url());
    });
    await page3.goto(`${base}/login`);
    await page3.waitForLoadState('networkidle');
    sizes['/login (Türkçe)'] = assetSizes(urls);
    await ctx3.close();
  }
  await browser.close();

  // Lighthouse (mobile defaults) in its own Chrome; for "/" the same profile is signed in first.
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    // A German browser, as above.
    chromeFlags: [...FLAGS, '--lang=de-DE', '--accept-lang=de-DE'],
    userDataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'hp-lh-')),
  });
  const scores: Record<string, Record<string, number>> = {};
  // Lighthouse's scores move by several points from run to run on a shared 2-core machine, as
  // Lighthouse's own docs warn; each route is measured RUNS times and the median run reported.
  const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
  const run = async (url: string, label: string) => {
    const results: LhrResult[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // /login as a first visit (empty cache, no service worker); / as a returning resident,
        // signed in, which needs the stored session.
        disableStorageReset: label !== '/login',
      });
      // A run Lighthouse could not finish (it scores 0) is reported and left out of the median.
      const { runtimeError } = result!.lhr;
      if (runtimeError) console.log(`${label}: Lauf ${i + 1} ungültig (${runtimeError.code}: ${runtimeError.message})`);
      else results.push(result!.lhr);
    }
    if (results.length === 0) throw new Error(`${label}: kein gültiger Lighthouse-Lauf`);
    const performance = (r: LhrResult) => r.categories.performance?.score ?? 0;
    const sorted = [...results].sort((a, b) => performance(a) - performance(b));
    const lhr = sorted[Math.floor(sorted.length / 2)]!;
    console.log(
      `${label}: Performance je Lauf ${results.map((r) => Math.round(performance(r) * 100)).join(', ')} → Median`,
    );
    const { categories, audits } = lhr;
    scores[label] = Object.fromEntries(
      Object.entries(categories).map(([k, v]) => [k, Math.round((v.score ?? 0) * 100)]),
    );
    const metric = (id: string) => audits[id]?.displayValue ?? '–';
    console.log(
      `${label}: FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
    );
    // Where the blocking time comes from: the long main-thread tasks and the script they ran.
    const longTasks = (
      audits['long-tasks']?.details as { items?: { url: string; duration: number; startTime: number }[] }
    )?.items;
    // Main-thread time by kind (script evaluation, style and layout, parsing and compiling …).
    const work = (
      audits['mainthread-work-breakdown']?.details as { items?: { groupLabel: string; duration: number }[] }
    )?.items;
    if (work)
      console.log(`  main thread: ${work.map((w) => `${w.groupLabel} ${Math.round(w.duration)} ms`).join(', ')}`);
    // And what moved, if anything did.
    const shifts = (
      audits['layout-shifts']?.details as {
        items?: { node?: { selector?: string; snippet?: string }; score: number }[];
      }
    )?.items;
    for (const shift of shifts ?? [])
      console.log(
        `  layout shift ${shift.score.toFixed(3)}: ${shift.node?.selector ?? '?'} ${shift.node?.snippet ?? ''}`,
      );
    for (const task of longTasks ?? [])
      console.log(`  long task ${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms: ${task.url}`);
    for (const a of Object.values(audits)) {
      if (
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'notApplicable'
      )
        console.log(`  - ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    }
  };
  await run(`${base}/login`, '/login');
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await cdp.contexts()[0]!.newPage();
  await signIn(page);
  await page.close();
  await cdp.close();
  await run(`${base}/`, '/ (angemeldet)');
  chrome.kill();

  console.log('\n| Route | JS kB gzip | CSS kB gzip | Performance | Accessibility | Best Practices |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const label of ['/login', '/ (angemeldet)', '/login (Türkçe)']) {
    const s = sizes[label]!;
    const l = scores[label] ?? {};
    console.log(
      `| ${label} | ${s.js.toFixed(1)} | ${s.css.toFixed(1)} | ${l.performance ?? '–'} | ${l.accessibility ?? '–'} | ${l['best-practices'] ?? '–'} |`,
    );
  }
  console.log('Ziele: /login ≤ 150 kB JS gzip; Performance ≥ 95, Accessibility 100, Best Practices 100.');
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
