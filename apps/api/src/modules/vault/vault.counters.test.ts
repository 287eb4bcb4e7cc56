import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { openRedemptionStatuses } from '@gold/contract';
import { selectRows, type Database } from '../../db/client';
import { insertCustomer, insertDenomination, insertRedemption } from '../../test/redemption-fixtures';
import { describeEachEngine } from '../../test/test-app';
import { lockStockForHandOver } from './vault.service';
import { gramsInVault, redeemedTotal, stockPerDenomination } from './vault.repository';

/** What the trigger-kept counters hold, zero rows left out (a counter may keep a 0 after its pieces left). */
async function keptCounters(db: Database) {
  return {
    pieces: await selectRows(
      db,
      sql`select denomination_id, status, pieces::int from denomination_piece_counts where pieces <> 0 order by 1, 2`,
    ),
    totals: await selectRows(
      db,
      sql`select status, trim_scale(sum(total))::text as total from redemption_status_totals group by 1 having sum(total) <> 0 order by 1`,
    ),
    atLocations: await selectRows(
      db,
      sql`select denomination_id, location_id, in_vault, reserved from vault_location_counts
           where in_vault <> 0 or reserved <> 0 order by 1, 2`,
    ),
  };
}

/** The same counted from scratch from the redemptions and their pieces. */
async function recountedCounters(db: Database) {
  return {
    pieces: await selectRows(
      db,
      sql`select p.denomination_id, r.status, sum(p.amount)::int as pieces from redemption_pieces p join redemptions r on r.id = p.redemption_id
          group by 1, 2 having sum(p.amount) <> 0 order by 1, 2`,
    ),
    totals: await selectRows(
      db,
      sql`select status, trim_scale(sum(total))::text as total from redemptions group by 1 having sum(total) <> 0 order by 1`,
    ),
    atLocations: await selectRows(
      db,
      sql`select denomination_id, location_id, sum(in_vault)::int as in_vault, sum(reserved)::int as reserved from (
            select denomination_id, location_id, 1 as in_vault, 0 as reserved from vault_pieces where status = 'in_vault'
            union all
            select p.denomination_id, r.location_id, 0, p.amount from redemption_pieces p join redemptions r on r.id = p.redemption_id
             where r.status in ('REQUESTED', 'PREPARATION')
          ) counted group by 1, 2 having sum(in_vault) <> 0 or sum(reserved) <> 0 order by 1, 2`,
    ),
  };
}

/** The vault's figures as the module reads them, against a recount: available = stock − REDEEMED pieces, reserved = pieces of open redemptions. */
async function expectVaultExact(db: Database) {
  expect(await keptCounters(db)).toEqual(await recountedCounters(db));
  const open = sql.join(
    openRedemptionStatuses.map((status) => sql`${status}`),
    sql`, `,
  );
  const recounted = await selectRows<{
    denomination_id: number;
    redeemed: number;
    reserved: number;
    available: number;
    unreserved: number;
  }>(
    db,
    sql`select d.id as denomination_id,
               coalesce(sum(p.amount) filter (where r.status = 'REDEEMED'), 0)::int as redeemed,
               coalesce(sum(p.amount) filter (where r.status in (${open})), 0)::int as reserved,
               (d.amount - coalesce(sum(p.amount) filter (where r.status = 'REDEEMED'), 0))::int as available,
               (d.amount - coalesce(sum(p.amount) filter (where r.status = 'REDEEMED' or r.status in (${open})), 0))::int as unreserved
          from gold_denominations d left join redemption_pieces p on p.denomination_id = d.id left join redemptions r on r.id = p.redemption_id
          group by d.id order by d.id`,
  );
  const read = await selectRows(
    db,
    sql`select denomination_id, redeemed, reserved, available, unreserved from (${stockPerDenomination()}) as stock order by denomination_id`,
  );
  expect(read).toEqual(recounted);
  const [grams] = await selectRows<{ vault: string; reserved: string }>(
    db,
    sql`select coalesce(sum(d.denom::numeric * (d.amount - coalesce((select sum(p.amount) from redemption_pieces p join redemptions r on r.id = p.redemption_id
                                                                     where p.denomination_id = d.id and r.status = 'REDEEMED'), 0))), 0)::text as vault,
               coalesce((select sum(d2.denom::numeric * p.amount) from redemption_pieces p join redemptions r on r.id = p.redemption_id
                          join gold_denominations d2 on d2.id = p.denomination_id where r.status in (${open})), 0)::text as reserved
          from gold_denominations d`,
  );
  expect(await gramsInVault(db)).toEqual(grams);
  const [handedOver] = await selectRows<{ total: string }>(
    db,
    sql`select coalesce(trim_scale(sum(total)), 0)::text as total from redemptions where status = 'REDEEMED'`,
  );
  expect(await redeemedTotal(db)).toBe(handedOver!.total);
}

describeEachEngine('the vault counters (trigger-kept) against a recount from scratch', (t) => {
  let db: Database;
  let customerId: number;
  const denominations: Array<{ denominationId: number; denom: number }> = [];

  beforeAll(async () => {
    db = t().database.db;
    customerId = (await insertCustomer(db, 'Agus Salim')).id;
    for (const [denom, amount] of [
      [1, 40],
      [5, 30],
      [10, 20],
    ] as const) {
      denominations.push({ denominationId: await insertDenomination(db, denom, amount), denom });
    }
  });

  const piece = (index: number, amount: number) => ({ ...denominations[index]!, amount });

  it('names its triggers from the vault', async () => {
    const triggers = await selectRows<{ table: string; name: string; function: string }>(
      db,
      sql`select c.relname as "table", tg.tgname as "name", f.proname as "function"
          from pg_trigger tg join pg_class c on c.oid = tg.tgrelid join pg_proc f on f.oid = tg.tgfoid
          where not tg.tgisinternal and c.relname in ('redemptions', 'redemption_pieces') and tg.tgname like 'vault\\_%'
          order by 1, 2`,
    );
    expect(triggers).toEqual([
      { table: 'redemption_pieces', name: 'vault_counters_truncated', function: 'vault_counters_truncated' },
      { table: 'redemption_pieces', name: 'vault_location_counts_truncated', function: 'vault_location_counts_truncated' },
      { table: 'redemption_pieces', name: 'vault_location_reserved_deleted', function: 'vault_location_reserved_pieces_changed' },
      { table: 'redemption_pieces', name: 'vault_location_reserved_inserted', function: 'vault_location_reserved_pieces_changed' },
      { table: 'redemption_pieces', name: 'vault_location_reserved_updated', function: 'vault_location_reserved_pieces_changed' },
      { table: 'redemption_pieces', name: 'vault_pieces_deleted', function: 'vault_count_pieces_changed' },
      { table: 'redemption_pieces', name: 'vault_pieces_inserted', function: 'vault_count_pieces_changed' },
      { table: 'redemption_pieces', name: 'vault_pieces_updated', function: 'vault_count_pieces_changed' },
      { table: 'redemptions', name: 'vault_counters_truncated', function: 'vault_counters_truncated' },
      { table: 'redemptions', name: 'vault_location_counts_truncated', function: 'vault_location_counts_truncated' },
      { table: 'redemptions', name: 'vault_location_redemption_deleting', function: 'vault_location_redemption_deleting' },
      { table: 'redemptions', name: 'vault_location_redemptions_changed', function: 'vault_location_redemptions_changed' },
      { table: 'redemptions', name: 'vault_redemption_deleting', function: 'vault_uncount_deleted_redemption' },
      { table: 'redemptions', name: 'vault_status_changed', function: 'vault_count_status_changed' },
      { table: 'redemptions', name: 'vault_totals_deleted', function: 'vault_count_totals_changed' },
      { table: 'redemptions', name: 'vault_totals_inserted', function: 'vault_count_totals_changed' },
      { table: 'redemptions', name: 'vault_totals_updated', function: 'vault_count_totals_changed' },
    ]);
  });

  it('stays exact through inserts, status changes, piece changes, deletes and truncates', async () => {
    await expectVaultExact(db);

    // Inserts: one redemption at a time, and several redemptions and pieces in one statement each.
    const first = await insertRedemption(db, { customerId, status: 'REQUESTED', pieces: [piece(0, 3), piece(1, 2)] });
    const second = await insertRedemption(db, { customerId, status: 'PREPARATION', pieces: [piece(1, 1), piece(2, 4)] });
    const third = await insertRedemption(db, { customerId, status: 'REDEEMED', pieces: [piece(0, 5)] });
    await expectVaultExact(db);
    const many = await selectRows<{ id: number }>(
      db,
      sql`insert into redemptions (customer_id, status, total, total_fee, appointment_date, time_slot)
          select ${customerId}, s.status, s.total, 0.1, '2026-12-01', 10
            from (values ('REQUESTED', 15::numeric), ('ON_WEB2', 2.5), ('REJECTED', 20)) as s(status, total)
          returning id`,
    );
    await db.execute(
      sql`insert into redemption_pieces (redemption_id, denomination_id, amount)
          values (${many[0]!.id}, ${denominations[2]!.denominationId}, 1), (${many[0]!.id}, ${denominations[1]!.denominationId}, 1),
                 (${many[1]!.id}, ${denominations[0]!.denominationId}, 2), (${many[2]!.id}, ${denominations[2]!.denominationId}, 2)`,
    );
    await expectVaultExact(db);

    // Status changes: one, several in one statement (opposite directions), and an update that keeps the status.
    await db.execute(sql`update redemptions set status = 'REDEEMED' where id = ${first}`);
    await expectVaultExact(db);
    await db.execute(
      sql`update redemptions set status = case status when 'REJECTED' then 'REQUESTED' when 'REQUESTED' then 'REJECTED' else 'ON_WEB2' end
          where id in (${many[0]!.id}, ${many[2]!.id}, ${second})`,
    );
    await expectVaultExact(db);
    await db.execute(sql`update redemptions set total = total + 1, updated_at = now() where id = ${third}`);
    await expectVaultExact(db);

    // Locations: an open redemption collected at another location, a closed one moved (reserves
    // nothing either way), pieces transferred there, written off, and a piece deleted.
    const [sby] = await selectRows<{ id: number }>(
      db,
      sql`insert into vault_locations (code, name) values ('SBY-01', 'Surabaya') returning id`,
    );
    await db.execute(sql`update redemptions set location_id = ${sby!.id} where id in (${many[2]!.id}, ${third})`);
    await expectVaultExact(db);
    await db.execute(
      sql`update vault_pieces set location_id = ${sby!.id}
          where id in (select id from vault_pieces where denomination_id = ${denominations[1]!.denominationId} order by id limit 4)`,
    );
    await db.execute(
      sql`update vault_pieces set status = 'written_off'
          where id in (select id from vault_pieces where location_id = ${sby!.id} order by id limit 1)`,
    );
    await expectVaultExact(db);
    await db.execute(sql`update redemptions set location_id = 1, status = 'PREPARATION' where id = ${many[2]!.id}`);
    await expectVaultExact(db);

    // Pieces changed: an amount, and a piece moved to another denomination.
    await db.execute(sql`update redemption_pieces set amount = amount + 2 where redemption_id = ${third}`);
    await db.execute(
      sql`update redemption_pieces set denomination_id = ${denominations[1]!.denominationId}
          where redemption_id = ${many[2]!.id} and denomination_id = ${denominations[2]!.denominationId}`,
    );
    await expectVaultExact(db);

    // Deletes: a piece, a redemption with its pieces, several redemptions in one statement.
    await db.execute(
      sql`delete from redemption_pieces where redemption_id = ${first} and denomination_id = ${denominations[1]!.denominationId}`,
    );
    await expectVaultExact(db);
    await db.execute(sql`delete from redemptions where id = ${third}`);
    await expectVaultExact(db);
    await db.execute(sql`delete from redemptions where id in (${many[0]!.id}, ${many[1]!.id})`);
    await expectVaultExact(db);

    // Truncates: the pieces alone, then the redemptions with everything that refers to them.
    await db.execute(sql`truncate redemption_pieces`);
    await expectVaultExact(db);
    await insertRedemption(db, { customerId, status: 'REDEEMED', pieces: [piece(2, 1)] });
    await expectVaultExact(db);
    // The cascade empties the vault ledger too (its pieces name redemptions; append-only but for a
    // demo reset): the stock, now all available, goes back in as placeholder pieces.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local gold.demo_reset = 'on'`);
      await tx.execute(sql`truncate redemptions cascade`);
      await tx.execute(sql`select vault_open_placeholder_pieces(id, amount) from gold_denominations order by id`);
    });
    await expectVaultExact(db);
    const kept = await keptCounters(db);
    expect(kept).toMatchObject({ pieces: [], totals: [] });
    expect(kept.atLocations.every((row) => (row as { reserved: number }).reserved === 0)).toBe(true);
  });

  it('refuses a hand-over short of pieces, naming each short denomination, and answers the lines of one that has them', async () => {
    // The test before emptied the redemptions: every piece of stock is available.
    const redemption = await insertRedemption(db, { customerId, status: 'PREPARATION', pieces: [piece(0, 41), piece(1, 2), piece(2, 21)] });
    await expect(db.transaction((tx) => lockStockForHandOver(tx, redemption))).rejects.toMatchObject({
      statusCode: 409,
      message: 'Cannot approve: not enough pieces in the vault: 1 g (41 requested, 40 available), 10 g (21 requested, 20 available)',
    });
    const enough = await insertRedemption(db, { customerId, status: 'PREPARATION', pieces: [piece(1, 2), piece(0, 40)] });
    expect(await db.transaction((tx) => lockStockForHandOver(tx, enough))).toEqual([
      { denominationId: denominations[0]!.denominationId, denom: 1, requested: 40, available: 40 },
      { denominationId: denominations[1]!.denominationId, denom: 5, requested: 2, available: 30 },
    ]);
  });
});
