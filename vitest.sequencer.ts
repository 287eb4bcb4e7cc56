import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that take longest on two cores (measured by `vitest run --reporter=json`;
 * the API's 2026-11-27, the rest 2026-11-24), longest first. A fresh clone has no record of
 * earlier runs, so vitest would start them in file order, and a long file begun last runs alone
 * at the end while the other cores wait (the API's backup drill and database client test had
 * started after 300 and 500 s of a 550 s run). Only the order changes; every file still runs.
 */
const longestFirst = [
  // Browser tests (a group of their own, after the others).
  'list-detail-clicks.e2e.test.ts',
  'accessibility.e2e.test.ts',
  'size-budget.e2e.test.ts',
  'indonesian.e2e.test.ts',
  // API, console and contract tests.
  'route-security.test.ts',
  'server.test.ts',
  'slow-clients.test.ts',
  'backup-restore.test.ts',
  'cluster.test.ts',
  'client.test.ts',
  'router.test.tsx',
  'transfer-watcher-kill.test.ts',
  'platform-processes.test.ts',
  'trusted-proxies.test.ts',
  'seed.test.ts',
  'customers.stream.test.ts',
  'customer-list.test.tsx',
  'transfer-watcher.test.ts',
  'contracts.test.ts',
  'sign-in.routes.test.ts',
  'transfer-reorg.test.ts',
  'redemptions.stock-race.test.ts',
  'redemption-list.test.tsx',
  'typed-client.test.ts',
  'cluster-failover.test.ts',
  'deploy-nginx.test.ts',
];

const rank = (file: TestSpecification) => {
  const index = longestFirst.findIndex((name) => file.moduleId.endsWith(`/${name}`));
  return index < 0 ? longestFirst.length : index;
};

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Within a group (the browser tests run after the rest), the known long files first, then vitest's own order.
    const groupOf = (file: TestSpecification) => file.project.config.sequence.groupOrder;
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => groupOf(a.file) - groupOf(b.file) || rank(a.file) - rank(b.file) || a.index - b.index)
      .map(({ file }) => file);
  }
}
