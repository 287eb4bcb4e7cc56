import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedPgliteFiles } from '../test-databases';

/**
 * Why the embedded database has no statement time-out (docs/decisions.md, "Availability"): PGlite
 * (PostgreSQL built to WASM, one thread) takes `statement_timeout` but never enforces it, since
 * the server's timer is a signal and WASM has none; and a statement holds the Node event loop
 * while it runs, so no timer of ours can cancel it either. Pinned here: the day a PGlite release
 * enforces it, this test fails, and the API should set it on PGlite as it does on PostgreSQL.
 */
describe('PGlite and statement_timeout', () => {
  let db: PGlite;
  // From the kept files of a migrated database: far quicker than PGlite's own initdb.
  beforeAll(async () => {
    db = new PGlite({ loadDataDir: await migratedPgliteFiles() });
  });
  afterAll(() => db?.close());

  it('accepts the setting, then lets a longer statement finish without cancelling it', async () => {
    await db.query('set statement_timeout = 50');
    expect((await db.query<{ statement_timeout: string }>('show statement_timeout')).rows).toEqual([{ statement_timeout: '50ms' }]);
    await expect(db.query('select pg_sleep(0.3)')).resolves.toBeDefined();
  });

  it('holds the event loop while a statement runs: a timer due meanwhile fires only after it', async () => {
    await db.query('set statement_timeout = 0');
    await db.query('select 1');
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    await db.query('select pg_sleep(0.3)');
    const during = ticks;
    clearInterval(ticker);
    expect(during).toBe(0);
  });
});
