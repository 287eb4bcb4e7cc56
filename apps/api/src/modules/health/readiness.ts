import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import type { Database } from '../../db/client';

/** Whether the database answers, for a load balancer: quickly, and never behind the requests' pool. */
export interface Readiness {
  /** Resolves once the database answers `select 1`; rejects after `timeoutMs` or on any error. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** A load balancer polls every few seconds: an answer slower than this counts as down. */
const readinessTimeoutMs = 2000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * On PostgreSQL (a URL given) the check has a connection of its own: a pool of one, so a pool
 * busy with slow requests (or a burst of sign-ins) never makes a live process look dead. On
 * PGlite there is one connection for everything: the check goes through it, with the time-out.
 */
export function databaseReadiness(db: Database, databaseUrl: string | undefined, timeoutMs = readinessTimeoutMs): Readiness {
  if (!databaseUrl) {
    return { check: () => withTimeout(db.execute(sql`select 1`), timeoutMs).then(() => undefined), close: async () => {} };
  }
  let pool: Promise<Pool> | undefined;
  const ownPool = () =>
    (pool ??= import('pg').then(({ default: pg }) => {
      const created = new pg.Pool({
        connectionString: databaseUrl,
        max: 1,
        connectionTimeoutMillis: timeoutMs,
        query_timeout: timeoutMs,
        // Kept open between checks: connecting costs more than the check itself.
        idleTimeoutMillis: 0,
        allowExitOnIdle: true,
      });
      // A connection the server ends while idle is replaced at the next check, not an uncaught error.
      created.on('error', () => {});
      // One cut while checked out (the server stopping mid-check) fails that check, not the process.
      created.on('connect', (client) => client.on('error', () => {}));
      return created;
    }));
  return {
    check: async () => {
      await withTimeout(
        ownPool().then((p) => p.query('select 1')),
        timeoutMs,
      );
    },
    async close() {
      if (pool) await (await pool).end();
    },
  };
}
