import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrateDatabase, migrationsFolder, openDatabase, type DatabaseHandle } from '../db/client';

/**
 * Tests run against both engines. The PostgreSQL server comes from TEST_POSTGRES_URL
 * (default: the CI server on 127.0.0.1:5432); each test file gets a database of its own,
 * created here and dropped afterwards. Where no server answers, its tests are skipped
 * with a printed notice.
 */
const testPostgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let reachable: Promise<boolean> | undefined;
export function postgresReachable(): Promise<boolean> {
  reachable ??= (async () => {
    const client = new pg.Client({ connectionString: testPostgresUrl, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch (error) {
      console.warn(`[notice] PostgreSQL tests skipped: no server at ${redact(testPostgresUrl)} (${(error as Error).message})`);
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return reachable;
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@]*@/, '//$1:***@');
}

export type EngineName = 'pglite' | 'postgres';
export const engines: EngineName[] = ['pglite', 'postgres'];

export interface TestDatabase extends DatabaseHandle {
  /** Connection string of the fresh PostgreSQL database (undefined for PGlite). */
  url?: string;
  destroy(): Promise<void>;
}

/**
 * The files of a freshly migrated PGlite database, kept in the temp folder under a hash of the
 * migrations: starting from them takes about 0.6 s against 2 to 4 s for PGlite's initdb, which
 * every test file would otherwise pay. Any change to a migration makes a new copy.
 */
async function migratedPgliteFiles(): Promise<Blob> {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(join(folder, name)));
  }
  const file = join(tmpdir(), `gold-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    const handle = await openDatabase({ kind: 'pglite' });
    try {
      await migrateDatabase(handle);
      const files = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
      // Written whole, then renamed: a test file running at the same time never reads half of it.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, new Uint8Array(await files.arrayBuffer()));
      renameSync(partial, file);
      return files;
    } finally {
      await handle.close();
    }
  }
}

/** A fresh, migrated, empty database of the given engine. */
export async function createTestDatabase(engine: EngineName): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', from: await migratedPgliteFiles() });
    // Up to date already: this only checks, and catches a copy that does not match the migrations.
    await migrateDatabase(handle);
    return { ...handle, destroy: () => handle.close() };
  }
  const name = `gold_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(testPostgresUrl);
  url.pathname = `/${name}`;
  // destroy() drops the database with (force), ending any connection a test left open: expected here.
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5, onIdleConnectionError: () => {} });
  await migrateDatabase(handle);
  return {
    ...handle,
    url: url.toString(),
    async destroy() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: testPostgresUrl });
      await dropper.connect();
      // Only ever drop the database this helper created.
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
