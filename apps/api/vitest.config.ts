import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Safety nets, not speed checks: files run three at a time on two cores.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
