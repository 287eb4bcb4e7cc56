import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that take longest on two cores (measured by `vitest run --reporter=json`,
 * 2026-11-24), longest first. A fresh clone has no record of earlier runs, so vitest would start
 * them in file order, and a long file begun last runs alone at the end while the other cores
 * wait. Only the order changes; every file still runs.
 */
const longestFirst = [
  'list-detail-clicks.e2e.test.ts',
  'accessibility.e2e.test.ts',
  'size-budget.e2e.test.ts',
  'indonesian.e2e.test.ts',
  'server.test.ts',
  'route-security.test.ts',
  'cluster.test.ts',
  'router.test.tsx',
  'seed.test.ts',
  'customer-list.test.tsx',
  'redemptions.stock-race.test.ts',
  'redemption-list.test.tsx',
  'cluster-failover.test.ts',
  'deploy-nginx.test.ts',
  'sign-in.routes.test.ts',
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
