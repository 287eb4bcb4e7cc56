import { defineConfig } from 'vitest/config';

// Browser tests: the built console and the real API process, driven in headless Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    environment: 'node',
    include: ['**/*.e2e.test.ts'],
    // The servers, their prepared databases and one Chromium for the whole run (support/global-setup.ts),
    // started in the background as the run begins; each file asks for what it needs (support/fixture.ts).
    globalSetup: ['./support/global-setup.ts'],
    // Two files at a time, after the unit and API tests have finished (group 1), so they never
    // compete with those for the cores.
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
    testTimeout: 60_000,
    // expect.poll's default of 1 s is too short for a click, a request and a render on two busy
    // cores (a filter on the Audit Log once took longer); a poll still ends as soon as it holds.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 120_000,
  },
});
