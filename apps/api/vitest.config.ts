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
    // and database (test/test-app.ts), and no file mocks a module or patches a global.
    isolate: false,
  },
});
