import { defineConfig } from 'vitest/config';

// One `vitest run` runs every project: contract and API unit/HTTP tests, console unit tests, browser tests.
export default defineConfig({
  test: {
    projects: [
      'packages/contract/vitest.config.ts',
      'apps/api/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/e2e/vitest.config.ts',
    ],
  },
});
