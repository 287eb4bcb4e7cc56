import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './vitest.sequencer';

// One `vitest run` runs every project: contract and API unit/HTTP tests, console unit tests, browser tests.
export default defineConfig({
  test: {
    // Most API and console test time is spent waiting (on PostgreSQL, PGlite, spawned servers):
    // three files at a time on two cores finish far sooner than the default of one. The browser
    // tests run two files at a time, after the others (their project's maxWorkers and groupOrder).
    maxWorkers: 3,
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      'packages/contract/vitest.config.ts',
      'apps/api/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/e2e/vitest.config.ts',
    ],
  },
});
