import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each server file builds its own app and databases; two cores, so two files at a time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts', 'packages/**/*.test.ts'],
          environment: 'node',
          // Fails a test after which a reply did not match its route's response schema.
          setupFiles: ['./apps/server/test/setup.ts'],
          // The compiled server, for the tests that start real processes (test/global-setup.ts).
          globalSetup: ['./apps/server/test/global-setup.ts'],
          testTimeout: 60_000,
          // The server's files share a worker's loaded modules: each file builds its own app and
          // databases and keeps its state on them (caches are keyed by app or database), so the
          // modules need not load 92 times. Halves the server suites (751 → 361 s here; the
          // imports took 664 of those 751 s); passed in a shuffled file order too.
          isolate: false,
          hookTimeout: 120_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
