import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Safety nets, not speed checks: files run three at a time on two cores.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One module cache per worker, shared by the files it runs: each file still builds its own app
    // on a database of its own (test/test-app.ts; a PGlite one may be a used one reset to the
    // migrated state, test/test-databases.ts), and no file mocks a module or patches a global.
    isolate: false,
    // Bundles the entry points that tests start as processes.
    globalSetup: ['src/test/global-setup.ts'],
  },
});
