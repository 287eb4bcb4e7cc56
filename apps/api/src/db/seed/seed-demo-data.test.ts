import { asc, count, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { isValidPhoneNumber } from 'libphonenumber-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indonesianProvinces, isOpenRedemption, openRedemptionStatuses, redemptionStatuses } from '@gold/contract';
import { selectRows } from '../client';
import {
  auditLog,
  contactMessages,
  customers,
  goldDenominations,
  goldPrices,
  kycNotifications,
  purchases,
  redemptionLimits,
  redemptionPieces,
  redemptions,
  tokenTransactions,
} from '../schema';
import { createTestDatabase, engines, postgresReachable, type TestDatabase } from '../../test/test-databases';
import { provinceFacts } from './indonesia';
import { clearDemoData, demoLimitHistory, demoNik, seedDemoData, type SeedCounts } from './seed-demo-data';

const postgresUp = await postgresReachable();
const counts: SeedCounts = { users: 120, redemptions: 90, transactions: 70, orders: 50, messages: 9, prices: 30 };
const asOf = new Date('2026-11-22T00:00:00Z');

describe.each(engines)('demo data on %s', (engine) => {
  const skip = engine === 'postgres' && !postgresUp;
  let database: TestDatabase;
  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(engine);
    await seedDemoData(database.db, counts, { seed: 7, asOf });
  });
  afterAll(async () => {
    if (!skip) await database.destroy();
  });

  it.skipIf(skip)('inserts the counts asked for', async () => {
    const n = async (table: PgTable) => (await database.db.select({ n: count() }).from(table))[0]!.n;
    expect(await n(customers)).toBe(counts.users);
    expect(await n(redemptions)).toBe(counts.redemptions);
    // Beside the movements asked for: each redemption past REQUESTED escrowed, and burned or refunded unless still held.
    const [settled] = await selectRows<{ escrowed: number; released: number }>(
      database.db,
      sql`select count(*) filter (where status <> 'REQUESTED')::int as escrowed,
                 count(*) filter (where status not in ('REQUESTED', 'PREPARATION'))::int as released from redemptions`,
    );
    expect(await n(tokenTransactions)).toBe(counts.transactions + settled!.escrowed + settled!.released);
    expect(await n(purchases)).toBe(counts.orders);
    expect(await n(contactMessages)).toBe(counts.messages);
    expect(await n(goldPrices)).toBe(counts.prices);
    expect(await n(redemptionLimits)).toBe(demoLimitHistory.length);
  });

  it.skipIf(skip)('gives seeded redemptions their settlement: held, burned or refunded escrow, as the model says', async () => {
    const rows = await selectRows<{ status: string; release: string | null; held: boolean; moves: string | null; burnedOk: boolean }>(
      database.db,
      sql`select r.status, d.release, (d.id is not null and d.release is null) as held,
                 (select string_agg(ct.kind || ':' || ct.state, ',') from chain_transactions ct where ct.redemption_id = r.id) as moves,
                 coalesce((select bool_and(t.amount = r.total and t.final and t.type = 'BURN') from chain_transactions ct
                            join token_transactions t on t.txhash = ct.tx_hash where ct.redemption_id = r.id and ct.kind = 'burn'), true) as "burnedOk"
            from redemptions r left join escrow_deposits d on d.redemption_id = r.id`,
    );
    for (const row of rows) {
      const expected = {
        REQUESTED: { release: null, held: false, moves: null },
        PREPARATION: { release: null, held: true, moves: null },
        REDEEMED: { release: 'burn', held: false, moves: 'burn:final' },
        ON_WEB2: { release: 'burn', held: false, moves: 'burn:final' },
        REJECTED: { release: 'refund', held: false, moves: 'refund:final' },
      }[row.status];
      expect({ release: row.release, held: row.held, moves: row.moves }, row.status).toEqual(expected);
      expect(row.burnedOk).toBe(true);
    }
  });

  it.skipIf(skip)('makes Indonesian customers: 16-digit NIK of their province, valid +62 mobile numbers, known provinces', async () => {
    const rows = await database.db.select().from(customers);
    const codes = new Map(provinceFacts.map((p) => [p.name as string, p.code]));
    for (const c of rows) {
      expect(c.nik).toMatch(/^\d{16}$/);
      expect(c.nik!.slice(0, 2)).toBe(codes.get(c.province!));
      expect(indonesianProvinces).toContain(c.province);
      expect(c.phoneNumber).toMatch(/^\+628\d{9,10}$/);
      expect(isValidPhoneNumber(c.phoneNumber!), c.phoneNumber!).toBe(true);
      expect(c.createdAt.getTime()).toBeLessThanOrEqual(asOf.getTime());
      // Women's NIK birth day has 40 added.
      const day = Number(c.nik!.slice(6, 8));
      expect(c.gender === 'FEMALE' ? day > 40 : day <= 31).toBe(true);
    }
    expect(new Set(rows.map((c) => c.nik)).size).toBe(rows.length);
    expect(new Set(rows.map((c) => c.ekycStatus))).toEqual(new Set(['VERIFIED', 'PENDING', 'UNVERIFIED', 'REJECTED']));
  });

  it.skipIf(skip)('gives every verified customer a SUCCESS KYC notification (the KYC reference)', async () => {
    const missing = await selectRows<{ id: number }>(
      database.db,
      sql`
      select c.id from customers c where c.ekyc_status = 'VERIFIED'
      and not exists (select 1 from kyc_notifications n where n.customer_id = c.id and n.status = 'SUCCESS')`,
    );
    expect(missing).toEqual([]);
    const [notifications] = await database.db.select({ n: count() }).from(kycNotifications);
    expect(notifications!.n).toBeGreaterThan(0);
  });

  it.skipIf(skip)('makes redemptions in every status, each total equal to its pieces, by verified customers with wallets', async () => {
    const statuses = await selectRows<{ status: string }>(database.db, sql`select distinct status from redemptions`);
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(redemptionStatuses));
    const mismatched = await selectRows<{ id: number }>(
      database.db,
      sql`
      select r.id from redemptions r
      where r.total <> (select sum(p.amount * d.denom) from redemption_pieces p join gold_denominations d on d.id = p.denomination_id where p.redemption_id = r.id)`,
    );
    expect(mismatched).toEqual([]);
    const byUnverified = await selectRows<{ id: number }>(
      database.db,
      sql`
      select r.id from redemptions r join customers c on c.id = r.customer_id where c.ekyc_status <> 'VERIFIED' or c.wallet_address is null`,
    );
    expect(byUnverified).toEqual([]);
    const rows = await database.db.select().from(redemptions);
    for (const r of rows) {
      expect(r.timeSlot).toBeGreaterThanOrEqual(8);
      expect(r.timeSlot).toBeLessThanOrEqual(14);
      expect(r.rejectReason !== null).toBe(r.status === 'REJECTED');
      expect(r.createdAt.getTime()).toBeLessThanOrEqual(asOf.getTime());
      // Open requests are collected later; closed ones were collected (or refused) before as-of.
      if (isOpenRedemption(r.status)) expect(r.appointmentDate > '2026-11-22').toBe(true);
      else expect(r.appointmentDate <= '2026-11-22').toBe(true);
    }
  });

  it.skipIf(skip)('asks only for redeemable pieces within the current limit, and never leaves stock short', async () => {
    const limit = demoLimitHistory[demoLimitHistory.length - 1]!;
    const pieces = await selectRows<{ denom: number; redeemable: boolean }>(
      database.db,
      sql`
      select distinct d.denom, d.redeemable from redemption_pieces p join gold_denominations d on d.id = p.denomination_id`,
    );
    for (const p of pieces) {
      expect(p.redeemable).toBe(true);
      expect(p.denom).toBeLessThanOrEqual(limit);
    }
    const stock = await selectRows<{ denom: number; available: number; reserved: number }>(
      database.db,
      sql`
      select d.denom,
        d.amount - coalesce(sum(p.amount) filter (where r.status = 'REDEEMED'), 0) as available,
        coalesce(sum(p.amount) filter (where r.status in (${sql.join(
          openRedemptionStatuses.map((status) => sql`${status}`),
          sql`, `,
        )})), 0) as reserved
      from gold_denominations d
      left join redemption_pieces p on p.denomination_id = d.id
      left join redemptions r on r.id = p.redemption_id
      group by d.id`,
    );
    expect(stock.map((s) => s.denom).sort((a, b) => a - b)).toEqual([5, 10, 25, 50, 100, 250, 500, 1000]);
    for (const s of stock) {
      expect(Number(s.available)).toBeGreaterThanOrEqual(Number(s.reserved));
      expect(Number(s.available)).toBeGreaterThan(0);
    }
  });

  it.skipIf(skip)('prices its orders at the price of their day and keeps the newest price current', async () => {
    const late = await selectRows<{ id: number }>(
      database.db,
      sql`
      select o.id from purchases o
      where o.price_idr <> coalesce((select p.harga_jual from gold_prices p where p.created_at <= o.created_at order by p.created_at desc limit 1),
                                    (select p.harga_jual from gold_prices p order by p.created_at limit 1))`,
    );
    expect(late).toEqual([]);
    const [newest] = await database.db
      .select()
      .from(goldPrices)
      .orderBy(sql`${goldPrices.createdAt} desc`)
      .limit(1);
    expect(newest!.createdAt.getTime()).toBeLessThanOrEqual(asOf.getTime());
    expect(newest!.hargaBeli).toBeLessThan(newest!.hargaJual);
  });

  it.skipIf(skip)(
    'gives every piece in the vault a serial: pieces in the vault = available, each location covers its reservations',
    async () => {
      const perDenomination = await selectRows<{ denom: number; available: number; inVault: number; placeholders: number }>(
        database.db,
        sql`select d.denom, d.amount - coalesce((select pieces from denomination_piece_counts k where k.denomination_id = d.id and k.status = 'REDEEMED'), 0)::int as available,
                 (select count(*)::int from vault_pieces p where p.denomination_id = d.id and p.status = 'in_vault') as "inVault",
                 (select count(*)::int from vault_pieces p where p.denomination_id = d.id and p.placeholder) as placeholders
            from gold_denominations d order by d.denom`,
      );
      for (const row of perDenomination) expect([row.inVault, row.placeholders], `${row.denom} g`).toEqual([row.available, 0]);
      const short = await selectRows<{ denomination_id: number; location_id: number }>(
        database.db,
        sql`select res.denomination_id, res.location_id from (
            select rp.denomination_id, r.location_id, sum(rp.amount) as pieces from redemptions r join redemption_pieces rp on rp.redemption_id = r.id
             where r.status in ('REQUESTED', 'PREPARATION') group by 1, 2) res
           where res.pieces > (select count(*) from vault_pieces p where p.denomination_id = res.denomination_id and p.location_id = res.location_id and p.status = 'in_vault')`,
      );
      expect(short).toEqual([]);
      const places = await selectRows<{ code: string }>(
        database.db,
        sql`select distinct l.code from vault_pieces p join vault_locations l on l.id = p.location_id order by 1`,
      );
      expect(places.map((p) => p.code)).toEqual(['JKT-01', 'JKT-02', 'SBY-01']);
    },
  );

  it.skipIf(skip)('records the run in the audit log', async () => {
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'demo-data.seeded'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toMatchObject({ seed: 7, inserted: { customers: counts.users } });
  });

  it.skipIf(skip)('can be cleared and seeded again (the --reset path)', async () => {
    await clearDemoData(database.db);
    expect((await database.db.select({ n: count() }).from(customers))[0]!.n).toBe(0);
    expect((await database.db.select({ n: count() }).from(redemptionPieces))[0]!.n).toBe(0);
    await seedDemoData(database.db, counts, { seed: 7, asOf });
    const [first] = await database.db.select().from(customers).orderBy(asc(customers.id)).limit(1);
    expect(first!.id).toBe(1);
  });
});

describe('the generator', () => {
  const dump = async (database: TestDatabase) => ({
    customers: await database.db.select().from(customers).orderBy(asc(customers.id)),
    redemptions: await database.db.select().from(redemptions).orderBy(asc(redemptions.id)),
    pieces: await database.db.select().from(redemptionPieces).orderBy(asc(redemptionPieces.id)),
    stock: await database.db
      .select({ denom: goldDenominations.denom, amount: goldDenominations.amount })
      .from(goldDenominations)
      .orderBy(asc(goldDenominations.denom)),
    transactions: await database.db.select().from(tokenTransactions).orderBy(asc(tokenTransactions.id)),
  });

  it('is deterministic: the same seed and as-of give the same data, another seed other data', async () => {
    const small: SeedCounts = { users: 40, redemptions: 20, transactions: 10, orders: 10, messages: 3, prices: 5 };
    const [a, b, c] = await Promise.all([createTestDatabase('pglite'), createTestDatabase('pglite'), createTestDatabase('pglite')]);
    try {
      await seedDemoData(a.db, small, { seed: 11, asOf });
      await seedDemoData(b.db, small, { seed: 11, asOf });
      await seedDemoData(c.db, small, { seed: 12, asOf });
      const [dumpA, dumpB, dumpC] = [await dump(a), await dump(b), await dump(c)];
      expect(dumpB).toEqual(dumpA);
      expect(dumpC.customers.map((x) => x.fullName)).not.toEqual(dumpA.customers.map((x) => x.fullName));
    } finally {
      await Promise.all([a.destroy(), b.destroy(), c.destroy()]);
    }
  });

  it('refuses redemptions without customers, and a failed run writes nothing', async () => {
    const database = await createTestDatabase('pglite');
    try {
      await expect(
        seedDemoData(database.db, { users: 0, redemptions: 5, transactions: 0, orders: 0, messages: 0, prices: 0 }, { asOf }),
      ).rejects.toThrow(/need customers/);
      // A failure half-way (the 5 g denomination already exists, after the customers went in) rolls the whole run back.
      await database.db.insert(goldDenominations).values({ denom: 5, amount: 3 });
      await expect(
        seedDemoData(database.db, { users: 30, redemptions: 5, transactions: 0, orders: 0, messages: 0, prices: 0 }, { asOf }),
      ).rejects.toThrow();
      expect((await database.db.select({ n: count() }).from(customers))[0]!.n).toBe(0);
      expect(
        await database.db.select({ denom: goldDenominations.denom, amount: goldDenominations.amount }).from(goldDenominations),
      ).toEqual([{ denom: 5, amount: 3 }]);
    } finally {
      await database.destroy();
    }
  });

  it('makes NIKs unique by index alone, far beyond a million customers', () => {
    const dob = new Date('1990-05-17T00:00:00Z');
    const seen = new Set<string>();
    for (const index of [0, 1, 9998, 9999, 10_000, 989_999, 999_999, 1_000_000, 5_000_000, 97_000_000]) {
      const nik = demoNik('31', dob, 'MALE', index);
      expect(nik).toMatch(/^31\d{4}170590\d{4}$/);
      seen.add(nik.slice(2, 6) + nik.slice(12));
    }
    expect(seen.size).toBe(10);
    expect(demoNik('31', dob, 'FEMALE', 0).slice(6, 8)).toBe('57');
  });
});
