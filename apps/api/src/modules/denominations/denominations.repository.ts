import { sql, type SQL } from 'drizzle-orm';
import type { AddPhysicalGoldResult, Denomination, DenominationListQuery } from '@gold/contract';
import { selectRows, type Database, type Executor } from '../../db/client';
import { fetchPage, isoTimestamp, streamRows, type ListSource } from '../../db/paging';
import { goldDenominations } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import { recordAudit } from '../audit/audit.repository';
import { publishEvent } from '../live-updates/live-updates.repository';
import { recordReserveSnapshot } from '../reserves/reserves.service';
import { stockAtLocationsJson } from '../vault/vault-ledger';
import { stockPerDenomination } from '../vault/vault.repository';

const d = goldDenominations;

/**
 * Denominations with the vault's figures for each (modules/vault): physicalGoldRedeems is the
 * spec's field aggregated, one entry per status, not one per redemption.
 */
function selectDenominations(where: SQL | undefined): SQL {
  return sql`select ${d.id} as "id", ${d.denom} as "denom", ${d.amount} as "amount", ${d.redeemable} as "redeemable",
                    ${isoTimestamp(d.createdAt)} as "createdAt", ${isoTimestamp(d.updatedAt)} as "updatedAt",
                    stock.redeemed as "redeemed", stock.reserved as "reserved", stock.available as "available",
                    stock.pieces_by_status as "physicalGoldRedeems", ${stockAtLocationsJson(sql`${d.id}`)} as "byLocation"
             from ${d} join (${stockPerDenomination()}) as stock on stock.denomination_id = ${d.id}
             ${where ? sql`where ${where}` : sql``}
             order by ${d.denom} desc`;
}

type DenominationSort = DenominationListQuery['sort'];

/** The Denoms List as a list source: the aggregated rows (a few per denomination, and denominations are few) paged. */
const denominationSource: ListSource<DenominationSort> = {
  select: sql`select * from (${selectDenominations(undefined)}) as denomination`,
  orderBy: { denom: [sql`"denom"`, sql`"id"`] },
  count: async (db) => (await selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${d}`))[0]?.n ?? 0,
};

export function findDenominationPage(db: Database, query: DenominationListQuery & { limit: number; page: number }) {
  return fetchPage<Denomination, DenominationSort>(db, denominationSource, query);
}

export function streamDenominations(db: Database, query: DenominationListQuery) {
  return streamRows<Denomination, DenominationSort>(db, denominationSource, query);
}

async function findDenomination(db: Executor, id: number): Promise<Denomination> {
  const [row] = await selectRows<Denomination>(db, selectDenominations(sql`${d.id} = ${id}`));
  if (!row) throw notFound(`Denomination ${id} not found`);
  return row;
}

const maxPieces = 2_147_483_647;

/**
 * Physical gold into the vault: a denom not seen before becomes a new denomination with this
 * stock ('Denom added'); an existing one gets the pieces added to its stock ('Amount added').
 * One statement, so two admins adding at once both count.
 */
export async function addPhysicalGold(
  db: Database,
  adminId: number,
  input: { denom: number; amount: number },
  ipAddress: string | null = null,
): Promise<{ result: AddPhysicalGoldResult; denomination: Denomination }> {
  return db.transaction(async (tx) => {
    const [row] = await selectRows<{ id: number; amount: number; created: boolean }>(
      tx,
      sql`insert into ${d} (denom, amount) values (${input.denom}, ${input.amount})
          on conflict (denom) do update set amount = ${d.amount} + excluded.amount, updated_at = now()
            where ${d.amount} <= ${maxPieces} - excluded.amount
          returning ${d.id} as "id", ${d.amount} as "amount", (xmax = 0) as "created"`,
    );
    if (!row) throw conflict(`Cannot add ${input.amount} pieces of ${input.denom} g: the stock would pass ${maxPieces} pieces`);
    await recordAudit(tx, {
      adminId,
      action: row.created ? 'denomination.create' : 'denomination.add-amount',
      entity: 'gold_denomination',
      entityId: row.id,
      fromState: row.created ? null : String(row.amount - input.amount),
      toState: String(row.amount),
      details: { denom: input.denom, added: input.amount },
      ipAddress,
    });
    const denomination = await findDenomination(tx, row.id);
    // More grams in the vault: a reserves snapshot (and a crossing back to 100%, audited) commits with the stock.
    await recordReserveSnapshot(tx, { reason: 'stock-added', adminId, ipAddress });
    await publishEvent(tx, { type: 'stock.changed', denominationId: row.id });
    return { result: row.created ? 'Denom added' : 'Amount added', denomination };
  });
}

/** Whether customers may ask for this denomination; pieces already requested are not affected. */
export async function setRedeemable(
  db: Database,
  adminId: number,
  id: number,
  redeemable: boolean,
  ipAddress: string | null = null,
): Promise<Denomination> {
  return db.transaction(async (tx) => {
    const [before] = await selectRows<{ redeemable: boolean }>(
      tx,
      sql`select ${d.redeemable} as "redeemable" from ${d} where ${d.id} = ${id} for update`,
    );
    if (!before) throw notFound(`Denomination ${id} not found`);
    if (before.redeemable !== redeemable) {
      await tx.execute(sql`update ${d} set redeemable = ${redeemable}, updated_at = now() where ${d.id} = ${id}`);
      await recordAudit(tx, {
        adminId,
        action: 'denomination.set-redeemable',
        entity: 'gold_denomination',
        entityId: id,
        fromState: String(before.redeemable),
        toState: String(redeemable),
        ipAddress,
      });
      await publishEvent(tx, { type: 'stock.changed', denominationId: id });
    }
    return findDenomination(tx, id);
  });
}
