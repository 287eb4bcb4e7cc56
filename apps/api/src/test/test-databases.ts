import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../db/client';

/**
 * Tests run against both engines. The PostgreSQL server comes from TEST_POSTGRES_URL
 * (default: the CI server on 127.0.0.1:5432); each test file gets a database of its own,
 * created here and dropped afterwards. Where no server answers, its tests are skipped
 * with a printed notice.
 */
export const testPostgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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

/** A fresh, migrated, empty database of the given engine. */
export async function createTestDatabase(engine: EngineName): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite' });
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
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
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
