import { sql, type SQL } from 'drizzle-orm';
import type { AddPhysicalGoldResult, Confirmation, Denomination, DenominationListQuery } from '@gold/contract';
import { selectRows, type Database, type Executor } from '../../db/client';
import { fetchPage, isoTimestamp, streamRows, type ListSource } from '../../db/paging';
import { defaultVaultLocationId, goldDenominations } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import { recordAudit } from '../audit/audit.repository';
import { publishEvent } from '../live-updates/live-updates.repository';
import { findLocation, stockAtLocationsJson } from '../vault/vault-ledger';
import { proposePlaceholderReceipt } from '../vault/vault-ledger.service';
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
 * The spec's Add Amount under four eyes: a denom not seen before becomes a new denomination with no
 * stock ('Denom added', at once: it holds nothing); the pieces are a receipt at the first location
 * with placeholder serials, waiting for a second admin ('Awaiting confirmation'). Stock enters only
 * when another admin confirms (modules/confirmations), so one admin can no longer make an
 * under-backed reserve look backed.
 */
export async function addPhysicalGold(
  db: Database,
  adminId: number,
  input: { denom: number; amount: number },
  ipAddress: string | null = null,
): Promise<{ result: AddPhysicalGoldResult; denomination: Denomination; confirmation: Confirmation }> {
  return db.transaction(async (tx) => {
    const [made] = await selectRows<{ id: number }>(
      tx,
      sql`insert into ${d} (denom, amount) values (${input.denom}, 0) on conflict (denom) do nothing returning ${d.id} as "id"`,
    );
    const [row] = made
      ? [{ id: made.id, amount: 0 }]
      : await selectRows<{ id: number; amount: number }>(
          tx,
          sql`select ${d.id} as "id", ${d.amount} as "amount" from ${d} where ${d.denom} = ${input.denom}`,
        );
    if (row!.amount > maxPieces - input.amount) {
      throw conflict(`Cannot add ${input.amount} pieces of ${input.denom} g: the stock would pass ${maxPieces} pieces`);
    }
    if (made) {
      await recordAudit(tx, {
        adminId,
        action: 'denomination.create',
        entity: 'gold_denomination',
        entityId: made.id,
        toState: '0',
        details: { denom: input.denom, proposed: input.amount },
        ipAddress,
      });
    }
    const location = await findLocation(tx, defaultVaultLocationId);
    const confirmation = await proposePlaceholderReceipt(
      tx,
      { adminId, ipAddress },
      { denominationId: row!.id, denom: input.denom, amount: input.amount, locationId: location.id, locationCode: location.code },
    );
    const denomination = await findDenomination(tx, row!.id);
    if (made) await publishEvent(tx, { type: 'stock.changed', denominationId: made.id });
    await publishEvent(tx, { type: 'confirmations.changed', confirmationId: confirmation.id });
    return { result: made ? 'Denom added' : 'Awaiting confirmation', denomination, confirmation };
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
