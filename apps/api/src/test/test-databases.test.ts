import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, selectRows, type Database } from '../db/client';
import { adminEvents, auditLog } from '../db/schema';
import { seedDemoData } from '../db/seed/seed-demo-data';
import { schemaFingerprint, wholeDatabaseFingerprint } from './security/db-fingerprint';
import { insertTestAdmin } from './test-app';
import { createTestDatabase, migratedPgliteFiles } from './test-databases';

/** The PGlite test databases are reused within a worker: one handed out again must be as fresh as a new one. */

const clientOf = (db: Database) => (db as unknown as { $client: PGlite }).$client;
const nextTransactionId = async (db: Database) =>
  Number((await selectRows<{ xid: string }>(db, sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xid`))[0]!.xid);

/**
 * What a session carries besides the data: settings, temporary tables, advisory locks, LISTEN.
 * The values of settings off their default: a used backend also lists those of the libraries it
 * loaded (plpgsql, pg_trgm) at their defaults, and after a SET TRANSACTION the transaction_*
 * ones come from the session, not the start-up (same values; each transaction starts afresh).
 */
const sessionState = async (db: Database) => ({
  settings: await selectRows(db, sql`select name, setting from pg_settings where source <> 'default' order by name`),
  temporaryTables: await selectRows(db, sql`select relname from pg_class where relpersistence = 't'`),
  advisoryLocks: await selectRows(db, sql`select objid from pg_locks where locktype = 'advisory'`),
  channels: await selectRows(db, sql`select pg_listening_channels() as channel`),
});

const writtenTables = async (db: Database) =>
  (
    await selectRows<{ name: string }>(
      db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where c.relkind = 'r' and n.nspname = 'public' and pg_relation_size(c.oid) > 0 order by 1`,
    )
  ).map((r) => r.name);

describe('a PGlite test database handed out again', () => {
  it('is the same database reset to the freshly migrated state: schema, every row, sequences and session', async () => {
    const used = await createTestDatabase('pglite');
    await seedDemoData(
      used.db,
      { users: 30, redemptions: 20, transactions: 10, orders: 10, messages: 3, prices: 5 },
      { seed: 3, asOf: new Date('2026-11-22T00:00:00Z') },
    );
    await insertTestAdmin(used);
    await used.db.insert(auditLog).values({ action: 'admin.sign_out', entity: 'admin', entityId: '1' });
    await used.db.insert(adminEvents).values({ type: 'stock.changed', data: { denominationId: 1 } });
    await used.db.execute(sql`select nextval('customers_id_seq')`);
    // What a test may leave in the session.
    await used.db.transaction(async (tx) => tx.execute(sql`select 1`), { isolationLevel: 'repeatable read', accessMode: 'read only' });
    await used.db.execute(sql`set timezone = 'Asia/Jakarta'`);
    await used.db.execute(sql`set pg_trgm.similarity_threshold = 0.9`);
    await used.db.execute(sql`create temporary table scratch (n int)`);
    await used.db.execute(sql`select pg_advisory_lock(42)`);
    const heard: string[] = [];
    await clientOf(used.db).listen('left_open', (payload) => heard.push(payload));
    clientOf(used.db).onNotification((channel, payload) => heard.push(`${channel}: ${payload}`));
    expect((await writtenTables(used.db)).length).toBeGreaterThan(15);
    const usedUpTo = await nextTransactionId(used.db);
    await used.destroy();
    await expect(used.db.execute(sql`select 1`)).rejects.toMatchObject({ cause: { message: 'this test database was destroyed' } });

    const reused = await createTestDatabase('pglite');
    const fresh = await openDatabase({ kind: 'pglite', from: await migratedPgliteFiles() });
    try {
      // The same database (its transaction ids went on), not a new copy of the migrated files.
      expect(await nextTransactionId(reused.db)).toBeGreaterThan(usedUpTo);
      expect(await nextTransactionId(fresh.db)).toBeLessThan(usedUpTo);

      expect(await schemaFingerprint(reused.db)).toBe(await schemaFingerprint(fresh.db));
      expect(await wholeDatabaseFingerprint(reused.db)).toEqual(await wholeDatabaseFingerprint(fresh.db));
      expect(await sessionState(reused.db)).toEqual(await sessionState(fresh.db));
      expect(await writtenTables(reused.db)).toEqual(await writtenTables(fresh.db));

      // The listener left behind hears nothing; a new one hears its channel.
      const heardNow: string[] = [];
      await clientOf(reused.db).listen('left_open', (payload) => heardNow.push(payload));
      await reused.db.execute(sql`select pg_notify('left_open', 'after the reset')`);
      await expect.poll(() => heardNow).toEqual(['after the reset']);
      expect(heard).toEqual([]);
    } finally {
      await fresh.close();
      await reused.destroy();
    }
  });

  it('is never one a test closed, or whose schema a test changed', async () => {
    const closed = await createTestDatabase('pglite');
    await closed.close();
    await closed.destroy();

    const changed = await createTestDatabase('pglite');
    await changed.db.execute(sql`alter table customers add column nickname text`);
    await changed.db.execute(sql`create index on gold_prices (created_at)`);
    await changed.destroy();

    const next = await createTestDatabase('pglite');
    const fresh = await openDatabase({ kind: 'pglite', from: await migratedPgliteFiles() });
    try {
      expect(await schemaFingerprint(next.db)).toBe(await schemaFingerprint(fresh.db));
      expect(await selectRows(next.db, sql`select 1 from customers`)).toEqual([]);
    } finally {
      await fresh.close();
      await next.destroy();
    }
  });
});
