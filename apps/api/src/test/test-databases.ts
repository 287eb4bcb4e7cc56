import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateDatabase, migrationsFolder, openDatabase, selectRows, type Database, type DatabaseHandle } from '../db/client';
import * as schema from '../db/schema';
import { schemaFingerprint } from './security/db-fingerprint';

/**
 * Tests run against both engines. The PostgreSQL server comes from TEST_POSTGRES_URL
 * (default: the CI server on 127.0.0.1:5432); each test file gets a database of its own,
 * created here (a copy of a migrated template) and dropped afterwards; a PGlite one is reset to
 * the migrated state afterwards and handed out again. Where no server answers, its tests are
 * skipped with a printed notice.
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

/** A fresh, migrated, empty database of the given engine. */
export function createTestDatabase(engine: EngineName): Promise<TestDatabase> {
  return engine === 'pglite' ? pgliteTestDatabase() : postgresTestDatabase();
}

let hashOfMigrations: string | undefined;
/** Names what is made from the migrations once and kept (a change to any of them makes new ones). */
function migrationsHash(): string {
  if (!hashOfMigrations) {
    const folder = migrationsFolder();
    const hash = createHash('sha256');
    for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
      if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(join(folder, name)));
    }
    hashOfMigrations = hash.digest('hex').slice(0, 16);
  }
  return hashOfMigrations;
}

/**
 * The files of a freshly migrated PGlite database, kept in the temp folder under a hash of the
 * migrations: starting from them takes about 0.6 s against 2 to 4 s for PGlite's initdb.
 */
export async function migratedPgliteFiles(): Promise<Blob> {
  const file = join(tmpdir(), `gold-test-pglite-${migrationsHash()}.tar`);
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

/**
 * A DATA_DIR for an API process that is not about a first start: migrated and empty, copied
 * from a folder kept beside the files above (the process skips initdb and the migrations,
 * some 4 s of CPU). The caller removes it.
 */
export async function migratedDataDir(): Promise<string> {
  const prepared = join(tmpdir(), `gold-test-pglite-${migrationsHash()}`);
  if (!existsSync(prepared)) {
    const partial = `${prepared}.${process.pid}.${randomBytes(4).toString('hex')}`;
    const handle = await openDatabase({ kind: 'pglite', dataDir: partial, from: await migratedPgliteFiles() });
    await handle.close();
    try {
      // Renamed whole: another worker may have been first, and then its folder stays.
      renameSync(partial, prepared);
    } catch {
      rmSync(partial, { recursive: true, force: true });
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'gold-data-'));
  cpSync(prepared, dataDir, { recursive: true });
  return dataDir;
}

/**
 * PGlite databases are reused within a worker (the API project runs with isolate: false):
 * opening one costs about 0.5 s of CPU, resetting a used one to the freshly migrated state a
 * tenth of that. test-databases.test.ts checks that a reset database equals a fresh one.
 */
interface PooledPglite {
  client: PGlite;
  /** On the client itself, for the pool's own queries. */
  db: Database;
  fresh: FreshState;
}

/** What the migrations left: the rows they inserted, the sequences' positions, the schema. */
interface FreshState {
  schema: string;
  /** Tables with rows after the migrations, with those rows (as JSON) and the columns to restore. */
  rows: { table: string; columns: string; json: string }[];
  sequences: { name: string; value: string; called: boolean }[];
}

const idlePglites: PooledPglite[] = [];
/** Idle databases kept per worker: a few tests hold two or three at once. */
const keptIdle = 2;

const qualifiedTables = sql`select format('%I.%I', n.nspname, c.relname) as name, pg_relation_size(c.oid) > 0 as written
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;

function readSequences(db: Database): Promise<FreshState['sequences']> {
  return selectRows(
    db,
    sql`select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value, start_value)::text as value,
               last_value is not null as called
          from pg_sequences order by 1`,
  );
}

async function openPooledPglite(): Promise<PooledPglite> {
  const handle = await openDatabase({ kind: 'pglite', from: await migratedPgliteFiles() });
  // Up to date already: this only checks, and catches a copy that does not match the migrations.
  await migrateDatabase(handle);
  const { db } = handle;
  const client = (db as unknown as { $client: PGlite }).$client;
  const rows: FreshState['rows'] = [];
  for (const { name, written } of await selectRows<{ name: string; written: boolean }>(db, qualifiedTables)) {
    if (!written) continue;
    const [content] = await selectRows<{ json: string | null; columns: string }>(
      db,
      sql`select (select json_agg(t)::text from ${sql.raw(name)} t) as json,
                 (select string_agg(quote_ident(attname), ', ' order by attnum) from pg_attribute
                   where attrelid = ${name}::regclass and attnum > 0 and not attisdropped and attgenerated = '') as columns`,
    );
    if (content?.json) rows.push({ table: name, columns: content.columns, json: content.json });
  }
  return { client, db, fresh: { schema: await schemaFingerprint(db), rows, sequences: await readSequences(db) } };
}

/**
 * Back to the state the migrations left, or a throw when that cannot be done (then the caller
 * drops the database): session state first (DISCARD ALL refuses inside a transaction a test
 * left open), then the schema must be as migrated, then every table written since is emptied,
 * the migrations' own rows put back and the sequences set back.
 */
async function resetPglite({ client, db, fresh }: PooledPglite): Promise<void> {
  // Settings, temporary tables, session advisory locks, LISTEN, prepared statements.
  await client.exec('discard all');
  if ((await schemaFingerprint(db)) !== fresh.schema) throw new Error('a test changed the schema');
  const written = (await selectRows<{ name: string; written: boolean }>(db, qualifiedTables)).filter((t) => t.written).map((t) => t.name);
  const freshTables = fresh.rows.map((r) => r.table);
  const dirty = written.filter((name) => !freshTables.includes(name));
  const sequences = await readSequences(db);
  const moved = fresh.sequences.filter(
    (s, i) => sequences[i]?.name !== s.name || sequences[i]?.value !== s.value || sequences[i]?.called !== s.called,
  );
  if (dirty.length === 0 && moved.length === 0 && (await freshRowsKept(db, fresh))) return;
  await client.transaction(async (tx) => {
    // Without triggers: the row-count triggers would write to the tables being restored.
    await tx.exec('set local session_replication_role = replica');
    await tx.exec(`truncate ${[...dirty, ...freshTables].join(', ')} cascade`);
    for (const { table, columns, json } of fresh.rows) {
      await tx.query(
        `insert into ${table} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${table}, $1)`,
        [json],
      );
    }
    for (const s of fresh.sequences) await tx.query('select setval($1::regclass, $2::bigint, $3)', [s.name, s.value, s.called]);
  });
}

async function freshRowsKept(db: Database, fresh: FreshState): Promise<boolean> {
  for (const { table, json } of fresh.rows) {
    const [now] = await selectRows<{ json: string | null }>(db, sql`select json_agg(t)::text as json from ${sql.raw(table)} t`);
    if (now?.json !== json) return false;
  }
  return true;
}

/**
 * The client as a test sees it: every call fails once the test destroyed the database (as on a
 * closed one), and the notification listeners it added are removed then (they are kept in
 * PGlite's JavaScript, out of DISCARD ALL's reach).
 */
function leasePglite(client: PGlite): { client: PGlite; end(): Promise<void> } {
  let ended = false;
  const removers = new Set<() => Promise<void> | void>();
  /** A listener's remover, kept until the test calls it or the lease ends. */
  const tracked = <R extends (...a: never[]) => Promise<void> | void>(remove: R): R => {
    const once = ((...a: Parameters<R>) => {
      removers.delete(once);
      return remove(...a);
    }) as R;
    removers.add(once);
    return once;
  };
  const lease = new Proxy(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function' || key === 'constructor') return value;
      return (...args: unknown[]) => {
        if (ended) throw new Error('this test database was destroyed');
        if (key === 'listen') return target.listen(...(args as Parameters<PGlite['listen']>)).then(tracked);
        if (key === 'onNotification') return tracked(target.onNotification(...(args as Parameters<PGlite['onNotification']>)));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    client: lease,
    async end() {
      ended = true;
      for (const remove of removers) await remove();
    },
  };
}

async function pgliteTestDatabase(): Promise<TestDatabase> {
  const pooled = idlePglites.pop() ?? (await openPooledPglite());
  const lease = leasePglite(pooled.client);
  let destroyed = false;
  return {
    db: drizzle(lease.client, { schema }) as unknown as Database,
    kind: 'pglite',
    // The database gone, as a test closing it means: it is not reused.
    close: () => pooled.client.close(),
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      if (pooled.client.closed) return;
      try {
        await lease.end();
        if (idlePglites.length >= keptIdle) throw new Error('enough idle databases');
        await resetPglite(pooled);
        idlePglites.push(pooled);
      } catch {
        await pooled.client.close();
      }
    },
  };
}

let postgresTemplate: Promise<string> | undefined;
/**
 * A migrated database on the server, named by a hash of the migrations, that each test's
 * database is copied from (CREATE DATABASE ... TEMPLATE: far less work than migrating each).
 * Made once, by whichever worker (of any run) comes first: the others wait for its lock, then
 * find it. It accepts no connection, as a copy needs its template unused.
 */
function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `gold_test_template_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: testPostgresUrl });
    await admin.connect();
    try {
      await admin.query(`select pg_advisory_lock(hashtextextended('gold-back-office:test-template', 0))`);
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        // Renamed once complete: a run killed half-way leaves no template that looks ready.
        const building = `${name}_building`;
        await admin.query(`drop database if exists "${building}" with (force)`);
        await admin.query(`create database "${building}"`);
        const handle = await openDatabase({ kind: 'postgres', url: postgresUrl(building), poolSize: 1 });
        try {
          await migrateDatabase(handle);
        } finally {
          await handle.close();
        }
        await admin.query(`alter database "${building}" with allow_connections false`);
        await admin.query(`alter database "${building}" rename to "${name}"`);
      }
      return name;
    } finally {
      // Ending the session releases the lock.
      await admin.end();
    }
  })().catch((error: unknown) => {
    postgresTemplate = undefined;
    throw error;
  });
  return postgresTemplate;
}

function postgresUrl(database: string): string {
  const url = new URL(testPostgresUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The start of the names of this run's databases: the global setup drops any left at the end (global-setup.ts). */
const runDatabasePrefix = (runId: string) => `gold_test_r${runId}_`;

async function dropDatabase(name: string): Promise<void> {
  const dropper = new pg.Client({ connectionString: testPostgresUrl });
  await dropper.connect();
  try {
    // Only ever drop a database this helper created.
    await dropper.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await dropper.end();
  }
}

/** Drops what this run's test files left (destroy() not called, or its drop cut short by the worker's end). */
export async function dropRunDatabases(runId: string): Promise<void> {
  if (!(await postgresReachable())) return;
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  let names: string[];
  try {
    const prefix = runDatabasePrefix(runId).replace(/_/g, '\\_');
    names = (await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${prefix}%`])).rows.map(
      (row) => row.datname,
    );
  } finally {
    await admin.end();
  }
  await Promise.all(names.map((name) => dropDatabase(name).catch(() => {})));
}

async function postgresTestDatabase(): Promise<TestDatabase> {
  const template = await migratedPostgresTemplate();
  const name = `${runDatabasePrefix(inject('testRunId') ?? String(process.pid))}${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${template}"`);
  await admin.end();
  const url = postgresUrl(name);
  // destroy() drops the database with (force), ending any connection a test left open: expected here.
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 5, onIdleConnectionError: () => {} });
  // Up to date already: this only checks, and catches a template that does not match the migrations.
  await migrateDatabase(handle);
  return {
    ...handle,
    url,
    async destroy() {
      await handle.close();
      // Not waited for: a drop waits for a checkpoint of the whole server (seconds when it is
      // busy), and the next test file need not. What a failed or cut-off drop leaves, the
      // global setup's teardown drops (dropRunDatabases).
      void dropDatabase(name).catch(() => {});
    },
  };
}
