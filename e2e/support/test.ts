import { test as base, expect, type Page } from '@playwright/test';
import { CHROMIUM, DIST_REBUILT_NOTICE, NO_CHROMIUM_NOTICE, baseUrl, distRebuiltDuringRun, hasChromium } from './env';

/**
 * The project's `test`: the base URL is this worker's server, which global-setup.ts started,
 * and every test skips loudly when Chromium is absent (REQUIRE_E2E=1 fails in global setup).
 */
let noticeShown = false;

export const test = base.extend<{ chromiumGate: void; closeLeftoverContexts: void }>({
  chromiumGate: [
    // Playwright requires a destructuring pattern here, even when the fixture needs nothing.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      if (!hasChromium) {
        if (!noticeShown) console.warn(NO_CHROMIUM_NOTICE);
        noticeShown = true;
        testInfo.skip(true, `${CHROMIUM} is missing`);
      }
      await use();
      if (testInfo.status !== testInfo.expectedStatus && distRebuiltDuringRun()) {
        testInfo.annotations.push({ type: 'warning', description: DIST_REBUILT_NOTICE });
        console.warn(`!! [e2e] ${testInfo.title}: ${DIST_REBUILT_NOTICE}`);
      }
    },
    { auto: true },
  ],
  // A context a journey opens with browser.newContext() outlives the journey unless it closes it
  // (Playwright closes only its own `context`), and its pages go on polling the server for the
  // rest of the run: by the 99th journey 20 signed-in pages were open, every later journey and
  // the server got slower, and a failure's page snapshot showed one of them instead of the
  // journey's page. After each test, the contexts it opened are closed. (After the gate, so a
  // missing Chromium still skips instead of failing to launch.)
  closeLeftoverContexts: [
    async ({ chromiumGate: _gate, browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const leftover = browser.contexts().filter((c) => !before.has(c));
      await Promise.all(leftover.map((c) => c.close().catch(() => undefined)));
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    // Without Chromium no server was started, and every test skips.
    await use(hasChromium ? baseUrl() : undefined);
  },
});

export { expect };

/** Waits until the page's path (and, when given, query) is the expected one. */
export async function expectPath(page: Page, expected: string, timeout = 10_000): Promise<void> {
  await expect
    .poll(
      () => {
        const u = new URL(page.url());
        const pathname = trimSlash(u.pathname);
        return expected.includes('?') ? pathname + u.search : pathname;
      },
      { message: `URL path should become ${expected}`, timeout },
    )
    .toBe(trimSlash(expected.split('?')[0]!) + (expected.includes('?') ? `?${expected.split('?')[1]}` : ''));
}

/** '/blackboard/' and '/blackboard' are the same screen. */
const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/** The page's <h1>, which product §2.1 fixes per route. */
export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/**
 * Before asserting that something is absent: let the app's data requests finish, so the check
 * cannot pass just because the profile (role, emergency flag) has not arrived yet.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

/**
 * One browser session that the tests of a file share, e.g. the screenshot-and-axe tours of one
 * app: it opens before the file's first test (with the project's viewport, locale and base URL)
 * and closes after its last. Call it at the top level of the file; the returned function gives
 * the session's page inside a test. A test that fails ends its worker, and the tests after it
 * get a new session.
 */
export function sharedPage(): () => Page {
  let page: Page | undefined;
  test.beforeAll(async ({ browser }) => {
    page = await (await browser.newContext()).newPage();
  });
  test.afterAll(async () => {
    await page?.context().close();
    page = undefined;
  });
  return () => {
    if (!page) throw new Error('sharedPage(): the session is opened in beforeAll; call sharedPage() at the top level');
    return page;
  };
}
