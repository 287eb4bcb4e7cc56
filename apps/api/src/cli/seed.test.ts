import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { admins, customers } from '../db/schema';
import { bundledEntryPoint } from '../test/api-processes';
import { migratedDataDir } from '../test/test-databases';
import { parseSeedArgs } from './seed-args';
import { defaultSeedCounts } from '../db/seed/seed-demo-data';

describe('seed command line', () => {
  it('takes the defaults, and every count, seed, as-of date and --reset', () => {
    expect(parseSeedArgs([])).toMatchObject({ counts: defaultSeedCounts, reset: false, help: false });
    const args = parseSeedArgs([
      '--users',
      '1000000',
      '--redemptions',
      '5',
      '--orders',
      '0',
      '--seed',
      '3',
      '--as-of',
      '2026-01-31',
      '--reset',
    ]);
    expect(args.counts).toMatchObject({ users: 1_000_000, redemptions: 5, orders: 0 });
    expect(args).toMatchObject({ seed: 3, reset: true });
    expect(args.asOf?.toISOString()).toBe('2026-01-31T00:00:00.000Z');
  });

  it.each([
    [['--users', 'many'], /--users: must be a whole number/],
    [['--users=-4'], /--users: must be 0 or more/],
    [['--prices', '2.5'], /--prices: must be a whole number/],
    [['--as-of', '2026-13-01'], /--as-of: must be a date, YYYY-MM-DD/],
    [['--customers', '5'], /Unknown option '--customers'/],
    [['extra'], /Unexpected argument 'extra'/],
  ])('refuses %j naming the problem', (argv, message) => {
    expect(() => parseSeedArgs(argv)).toThrow(message);
  });
});

function runSeed(args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    // `npm run seed`, bundled (test/global-setup.ts).
    const child = spawn(process.execPath, [bundledEntryPoint('seed'), ...args], {
      cwd: join(import.meta.dirname, '../..'),
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run seed', () => {
  let dataDir: string;
  // Migrated and empty: seeding is not about a first start (server.test.ts starts on an empty folder),
  // and a copy spares the command initdb and the migrations.
  beforeAll(async () => {
    dataDir = await migratedDataDir();
  }, 60_000);
  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const small = [
    '--redemptions',
    '10',
    '--transactions',
    '5',
    '--orders',
    '5',
    '--messages',
    '2',
    '--prices',
    '3',
    '--as-of',
    '2026-11-22',
  ];

  const tableCounts = async () => {
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    try {
      return {
        customers: (await handle.db.select({ n: count() }).from(customers))[0]!.n,
        admins: (await handle.db.select({ n: count() }).from(admins))[0]!.n,
      };
    } finally {
      await handle.close();
    }
  };

  it('seeds an empty database, creating a first admin someone can sign in as', async () => {
    const run = await runSeed(['--users', '25', ...small], dataDir);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('First admin created');
    expect(run.output).toMatch(/25 customers/);
    // The first admin and the three demo colleagues.
    expect(await tableCounts()).toEqual({ customers: 25, admins: 4 });
  }, 60_000);

  it('refuses a database that has customers, unless --reset', async () => {
    const refused = await runSeed(['--users', '30', ...small], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('the database already has 25 customers; add --reset to replace the demo data');
    expect(await tableCounts()).toEqual({ customers: 25, admins: 4 });

    const reset = await runSeed(['--users', '30', '--reset', ...small], dataDir);
    expect(reset.code, reset.output).toBe(0);
    expect(reset.output).not.toContain('First admin created');
    expect(await tableCounts()).toEqual({ customers: 30, admins: 4 });
  }, 90_000);

  it('answers a bad flag with the usage and exit code 2', async () => {
    const run = await runSeed(['--users', 'lots'], dataDir);
    expect(run.code).toBe(2);
    expect(run.output).toContain('--users: must be a whole number');
    expect(run.output).toContain('Usage: npm run seed');
  }, 30_000);
});
