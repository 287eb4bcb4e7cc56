import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, selectRows, type Database, type DatabaseHandle } from '../../db/client';
import { createTestDatabase, engines, postgresReachable, type TestDatabase } from '../../test/test-databases';
import { chainGenesis, verifyAuditChain } from './audit-chain';
import { recordAudit } from './audit.repository';

const postgresUp = await postgresReachable();

const entry = (n: number) =>
  ({
    adminId: null,
    action: 'redemption.approve',
    entity: 'redemption',
    entityId: n,
    fromState: 'PREPARED',
    toState: 'REDEEMED',
    details: { n, note: 'Jl. Malioboro № 7 — "emas" \\ 🪙', nested: { z: 1, a: [1.5, null, true] } },
    ipAddress: n % 2 === 0 ? '203.0.113.7' : '2001:db8::1',
  }) as const;

const intactCount = async (db: Database) => {
  const verdict = await verifyAuditChain(db);
  expect(verdict).toMatchObject({ intact: true });
  return verdict.entries;
};

describe.each(engines)('audit hash chain on %s', (engine) => {
  describe.skipIf(engine === 'postgres' && !postgresUp)('', () => {
    let database: TestDatabase;
    let second: DatabaseHandle | undefined;
    beforeAll(async () => {
      database = await createTestDatabase(engine);
      // A second connection pool on the same database: two API processes writing at once.
      if (database.url) second = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
    });
    afterAll(async () => {
      await second?.close();
      await database?.destroy();
    });
    const db = () => database.db;
    const other = () => second?.db ?? database.db;

    it('links every committed entry in order, from the genesis, and not a rolled-back one', async () => {
      await recordAudit(db(), entry(1));
      await db().transaction(async (tx) => {
        await recordAudit(tx, entry(2));
        await recordAudit(tx, { ...entry(3), details: undefined, entityId: null, ipAddress: null });
      });
      await expect(
        db().transaction(async (tx) => {
          await recordAudit(tx, entry(4));
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      const links = await selectRows<{ position: number; entryId: number; prevHash: string; hash: string }>(
        db(),
        sql`select position, entry_id as "entryId", prev_hash as "prevHash", hash from audit_log_chain order by position`,
      );
      expect(links.map((l) => l.position)).toEqual([1, 2, 3]);
      expect(links[0]!.prevHash).toBe(chainGenesis);
      expect(links[1]!.prevHash).toBe(links[0]!.hash);
      expect(links[2]!.prevHash).toBe(links[1]!.hash);
      // The verifier's own hashing (in Node) agrees with the database's, unicode, nulls and jsonb included.
      expect(await verifyAuditChain(db())).toEqual({ intact: true, entries: 3, headPosition: 3, headHash: links[2]!.hash });
    });

    it('stays linear after many writes, concurrent ones from two connections included', async () => {
      const before = await intactCount(db());
      const writers = Array.from({ length: 40 }, (_, i) =>
        (i % 2 === 0 ? db() : other()).transaction(async (tx) => {
          await recordAudit(tx, entry(100 + i));
          await recordAudit(tx, entry(200 + i));
        }),
      );
      await Promise.all(writers);
      await Promise.all(Array.from({ length: 20 }, (_, i) => recordAudit(i % 2 === 0 ? db() : other(), entry(300 + i))));
      expect(await intactCount(db())).toBe(before + 100);
    });

    // Two connections at once: PostgreSQL only (PGlite has one).
    if (engine === 'postgres')
      it('takes the chain lock at commit: no deadlock with a lock taken after recording', async () => {
        // At the insert, the chain lock would deadlock here: A holds it and waits for B's lock, B waits for it.
        let aRecorded!: () => void;
        let bLocked!: () => void;
        const recorded = new Promise<void>((resolve) => (aRecorded = resolve));
        const locked = new Promise<void>((resolve) => (bLocked = resolve));
        const a = db().transaction(async (tx) => {
          await recordAudit(tx, entry(400));
          aRecorded();
          await locked;
          await tx.execute(sql`select pg_advisory_xact_lock(424242)`);
        });
        const b = other().transaction(async (tx) => {
          await recorded;
          await tx.execute(sql`select pg_advisory_xact_lock(424242)`);
          bLocked();
          await recordAudit(tx, entry(401));
        });
        await expect(Promise.all([a, b])).resolves.toBeDefined();
        await intactCount(db());
      });

    it('refuses TRUNCATE, UPDATE and DELETE of the log and of the chain', async () => {
      const refused = (statement: ReturnType<typeof sql>, message: string | RegExp) =>
        expect(db().execute(statement)).rejects.toMatchObject({
          cause: { message: typeof message === 'string' ? message : expect.stringMatching(message) },
        });
      // Refused by the chain's foreign key before the trigger; with CASCADE, by the trigger.
      await refused(sql`truncate audit_log`, /foreign key constraint/);
      await refused(sql`truncate audit_log cascade`, /^audit_log(_chain)? is append-only: TRUNCATE refused$/);
      await refused(sql`truncate audit_log_chain`, 'audit_log_chain is append-only: TRUNCATE refused');
      await refused(sql`update audit_log_chain set hash = hash`, 'audit_log_chain is append-only: UPDATE refused');
      await refused(sql`delete from audit_log_chain`, 'audit_log_chain is append-only: DELETE refused');
      await refused(sql`delete from audit_log`, 'audit_log is append-only');
      await intactCount(db());
    });

    it("fails, naming the entry, when the database's owner alters a row directly in SQL", async () => {
      const [victim] = await selectRows<{ id: number }>(db(), sql`select entry_id as id from audit_log_chain where position = 2`);
      // The owner can switch the append-only trigger off; the chain still tells.
      await db().execute(sql`alter table audit_log disable trigger audit_log_append_only`);
      try {
        await db().execute(sql`update audit_log set to_state = 'CANCELLED' where id = ${victim!.id}`);
      } finally {
        await db().execute(sql`alter table audit_log enable trigger audit_log_append_only`);
      }
      const verdict = await verifyAuditChain(db());
      expect(verdict).toEqual({
        intact: false,
        entries: 1,
        problem: `audit entry ${victim!.id} (link 2) was altered: its hash does not match its content`,
      });
    });
  });
});

describe.each(engines)('audit hash chain, entries written around it, on %s', (engine) => {
  describe.skipIf(engine === 'postgres' && !postgresUp)('', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(engine);
    });
    afterAll(async () => {
      await database?.destroy();
    });

    it('fails when an entry was written with the chain trigger off, or a link removed', async () => {
      const db = database.db;
      for (let n = 1; n <= 3; n += 1) await recordAudit(db, entry(n));
      expect(await verifyAuditChain(db)).toMatchObject({ intact: true, entries: 3 });
      await db.execute(sql`alter table audit_log disable trigger audit_log_chain_link`);
      try {
        await recordAudit(db, entry(4));
      } finally {
        await db.execute(sql`alter table audit_log enable trigger audit_log_chain_link`);
      }
      const [unlinked] = await selectRows<{ id: number }>(db, sql`select max(id)::int as id from audit_log`);
      expect(await verifyAuditChain(db)).toEqual({
        intact: false,
        entries: 3,
        problem: `audit entry ${unlinked!.id} is in no link of the chain (written with the chain's trigger off)`,
      });
      await db.execute(sql`alter table audit_log_chain disable trigger audit_log_chain_append_only`);
      try {
        await db.execute(sql`delete from audit_log_chain where position = 2`);
      } finally {
        await db.execute(sql`alter table audit_log_chain enable trigger audit_log_chain_append_only`);
      }
      expect(await verifyAuditChain(db)).toEqual({ intact: false, entries: 1, problem: 'link 2 is missing (the next link is 3)' });
    });
  });
});
