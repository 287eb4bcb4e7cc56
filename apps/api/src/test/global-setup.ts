import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { processAlive } from '../db/client';
import { dropRunDatabases } from './test-databases';

/**
 * The entry points tests run as processes (api-processes.ts), bundled as build.mjs bundles the
 * server: through tsx every process, and every cluster worker, would compile the code again
 * (about a second of CPU each). Built at the start of every run (and rerun), into a folder of
 * the run's own inside apps/api: migrationsFolder() walks up from it to apps/api/drizzle.
 */
const apiRoot = join(import.meta.dirname, '../..');
const bundlesRoot = join(apiRoot, 'test-bundles');

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of server.js, seed.js, signer.js (the API forks it beside itself), backup.js and the test children. */
    apiBundles: string;
    /** Names this run's PostgreSQL test databases (test-databases.ts), so that the teardown finds those left. */
    testRunId: string;
  }
}

async function bundle(outdir: string): Promise<void> {
  const pkg = JSON.parse(readFileSync(join(apiRoot, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  await build({
    absWorkingDir: apiRoot,
    entryPoints: {
      server: 'src/server.ts',
      seed: 'src/cli/seed.ts',
      signer: 'src/cli/signer.ts',
      backup: 'src/cli/backup.ts',
      'demo-chain-child': 'src/test/chain/demo-chain-child.ts',
      'transfer-watcher-child': 'src/test/chain/transfer-watcher-child.ts',
    },
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]),
    logLevel: 'warning',
  });
}

/** Folders of runs that ended without their teardown (killed). */
function removeLeftovers() {
  let names: string[] = [];
  try {
    names = readdirSync(bundlesRoot);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(name);
    if (pid === process.pid || (Number.isInteger(pid) && processAlive(pid))) continue;
    rmSync(join(bundlesRoot, name), { recursive: true, force: true });
  }
}

export default async function setup(project: TestProject) {
  removeLeftovers();
  const outdir = join(bundlesRoot, String(process.pid));
  await bundle(outdir);
  project.onTestsRerun(() => bundle(outdir));
  project.provide('apiBundles', outdir);
  project.provide('testRunId', String(process.pid));
  return async () => {
    rmSync(outdir, { recursive: true, force: true });
    await dropRunDatabases(String(process.pid));
  };
}
