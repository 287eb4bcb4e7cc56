import { defineConfig } from 'vitest/config';

// One `vitest run` runs every project: contract and API unit/HTTP tests, console unit tests, browser tests.
export default defineConfig({
  test: {
    // Most API and console test time is spent waiting (on PostgreSQL, PGlite, spawned servers):
    // three files at a time on two cores finish far sooner than the default of one. The browser
    // tests still run one file at a time, after the others (their project sets fileParallelism: false).
    maxWorkers: 3,
    projects: [
      'packages/contract/vitest.config.ts',
      'apps/api/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/e2e/vitest.config.ts',
    ],
  },
});
