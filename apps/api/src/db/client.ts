import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import * as schema from './schema';

type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repository functions accept either the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PGlite: the data folder as a gzipped tar, taken between two statements (db/backup.ts). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

interface PostgresLimits {
  /** A statement running longer is cancelled by the server (statement_timeout). */
  statementTimeoutMs: number;
  /** A session idle inside a transaction this long is ended by the server (idle_in_transaction_session_timeout). */
  idleInTransactionTimeoutMs: number;
  /** Waiting longer for a pool connection (all busy, or the server away) fails the call (503). */
  acquireTimeoutMs: number;
}

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      onIdleConnectionError?: (error: Error) => void;
      /** Limits that keep one slow request or client from holding a connection (none when undefined: migrations). */
      limits?: PostgresLimits;
    }
  /**
   * dataDir undefined keeps the database in memory (tests); `from` starts it from a copy of
   * another instance's files (PGlite's dumpDataDir), which skips initdb (tests).
   */
  | { kind: 'pglite'; dataDir?: string; from?: Blob };

/** The migrations folder ships beside the API whether it runs from src (tsx) or dist (bundle). */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('drizzle migrations folder not found');
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // numeric and bigint come back as strings by default; keep numeric exact (string) and parse int8 counts.
    pg.types.setTypeParser(20, (v) => Number(v));
    const limits = target.limits;
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      keepAlive: true,
      ...(limits
        ? {
            statement_timeout: limits.statementTimeoutMs,
            idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
            connectionTimeoutMillis: limits.acquireTimeoutMs,
          }
        : {}),
    });
    // An idle connection the server ends (a restart, a failover) is an 'error' on the pool; one
    // checked out (a transaction between two statements) is an 'error' on that client alone.
    // Without a listener Node treats either as uncaught and the process dies. The pool replaces
    // an idle one; a checked-out one fails the call using it (503) and is dropped when released.
    pool.on('error', target.onIdleConnectionError ?? ((error) => console.warn(`database: an idle connection ended: ${error.message}`)));
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzle(pool, { schema }) as unknown as Database;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const release = target.dataDir ? lockDataDir(resolve(target.dataDir)) : () => {};
  const client = await PGlite.create({
    dataDir: target.dataDir ? resolve(target.dataDir) : undefined,
    ...(target.from ? { loadDataDir: target.from } : {}),
    extensions: { pg_trgm },
    parsers: { 20: (v: string) => Number(v) },
  });
  const db = drizzle(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    async dumpDataDir() {
      // A checkpoint first: the copy then needs little recovery when it is opened.
      await client.exec('checkpoint');
      return client.dumpDataDir('gzip');
    },
    async close() {
      await client.close();
      release();
    },
  };
}

/**
 * PGlite does not lock its data folder, and two processes writing one folder corrupt it.
 * A pid file refuses the second process; a file left by a dead process (or naming this
 * process, as after a container restart that reuses pids) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = join(dataDir, 'backoffice.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockFile, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && processAlive(holder)) {
        throw new Error(`DATA_DIR ${dataDir} is in use by process ${holder}; stop it first or choose another DATA_DIR`);
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`could not lock DATA_DIR ${dataDir}`);
}

/** Whether a process of that id runs (EPERM: it does, as another user's). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs the same migrations on PGlite and PostgreSQL. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const folder = migrationsFolder();
  if (handle.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(handle.db as never, { migrationsFolder: folder });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder: folder });
  }
}

/** Raw SQL with typed rows; both drivers answer with `{ rows }`. */
export async function selectRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const statementDialect = new PgDialect();
/** Statement texts already named, so the hot path hashes each text once per process. */
const statementNames = new Map<string, string>();

/**
 * Like selectRows, as a named prepared statement on PostgreSQL: each connection parses and plans
 * it once, where selectRows pays parse, analysis and planning on every call (about 0.2 ms for the
 * redemption request's bigger checks, on every request). For the hot paths only: a name is kept
 * per connection for as long as it lives. The name carries a digest of the text, so a text that
 * varies (a list of n values) is a statement per shape. PGlite ignores the name.
 */
export async function preparedRows<Row>(db: Executor, label: string, query: SQL): Promise<Row[]> {
  const built = statementDialect.sqlToQuery(query);
  let name = statementNames.get(built.sql);
  if (!name) {
    name = `${label}_${createHash('sha1').update(built.sql).digest('hex').slice(0, 16)}`;
    if (statementNames.size < 1000) statementNames.set(built.sql, name);
  }
  const prepared = db._.session.prepareQuery(built, undefined, name, false);
  const result = (await prepared.execute()) as unknown as { rows: Row[] };
  return result.rows;
}
