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
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
