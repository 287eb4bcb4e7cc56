import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/config';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { isDatabaseUnavailable } from '../../lib/database-unavailable';
import { insertTestAdmin, signInCookie } from '../test-app';
import { createTestDatabase, postgresReachable, type TestDatabase } from '../test-databases';

/**
 * The PostgreSQL limits answer 503 with Retry-After, never a hang or a 500: a pool whose one
 * connection is taken gives up after the acquire time-out, and a statement past
 * statement_timeout is cancelled by the server.
 */
const postgresUp = await postgresReachable();

describe.skipIf(!postgresUp)('PostgreSQL limits', () => {
  let database: TestDatabase;
  let limited: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await insertTestAdmin(database);
    limited = await openDatabase({
      kind: 'postgres',
      url: database.url!,
      poolSize: 1,
      limits: { statementTimeoutMs: 1000, idleInTransactionTimeoutMs: 2000, acquireTimeoutMs: 2000 },
    });
  });
  afterAll(async () => {
    await limited?.close();
    await database?.destroy();
  });

  it('a call that gets no pool connection within the acquire time-out answers 503 with Retry-After; a statement past statement_timeout is cancelled and counts the same', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO_DATA: 'false',
      DEMO_CHAIN: 'false',
      DEMO_MAIL_CATCHER: 'false',
    });
    const app = await buildApp({ db: limited.db, config, webDistDir: null });
    try {
      const cookie = await signInCookie(app);
      const pool = (limited.db as unknown as { $client: Pool }).$client;
      const held = await pool.connect();
      try {
        const waited = await app.inject({ method: 'GET', url: '/api/admin/count/users', headers: { cookie } });
        expect(waited.statusCode).toBe(503);
        expect(waited.headers['retry-after']).toBe('5');
        expect(waited.json().message).toMatch(/database is unavailable/);
      } finally {
        held.release();
      }
      // Cancelled by the server (57014), and taken for the database being unavailable: 503 like the above.
      const cancelled = await limited.db.execute(sql`select pg_sleep(5)`).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect((cancelled as { cause?: { code?: string } }).cause?.code).toBe('57014');
      expect(isDatabaseUnavailable(cancelled)).toBe(true);
      expect((await app.inject({ method: 'GET', url: '/api/admin/count/users', headers: { cookie } })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
