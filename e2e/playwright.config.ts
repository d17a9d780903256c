import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, ROOT_DIR } from './support/env';

const CI = !!process.env.CI;
const WORKERS = Number(process.env.E2E_WORKERS) || 2;

// Browser journeys against the real server (tsx apps/server/src/server.ts), a fresh SQLite
// DATA_DIR with the demo seed, and a real SMTP server; see global-setup.ts and README.md.
export default defineConfig({
  testDir: './tests',
  outputDir: path.join(ROOT_DIR, 'test-results', 'e2e'),
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  // Two workers, each with a server, SMTP server and demo data of its own (global-setup.ts starts
  // one per worker), so journeys on different workers never share posts or passwords. Files go to
  // whichever worker is free; the tests of a file run in order on one worker. E2E_WORKERS (or
  // --workers) sets another count, e.g. 1 for a single spec file.
  workers: WORKERS,
  fullyParallel: false,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  timeout: 60_000,
  // On one worker the whole run took 22.7 to 33 minutes on a 2-core machine in December 2026; on
  // two workers (115 journeys) 17.2 and 17.8 minutes while other jobs kept that machine's load
  // average at 10 to 28. The limit leaves room for a slow day's run with E2E_WORKERS=1.
  globalTimeout: 45 * 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME || path.join(ROOT_DIR, 'test-results', 'e2e-results.json'),
      },
    ],
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium' }],
});
