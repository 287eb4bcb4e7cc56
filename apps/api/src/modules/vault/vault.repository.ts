import { sql, type SQL } from 'drizzle-orm';
import { openRedemptionStatuses } from '@gold/contract';
import { selectRows, type Executor } from '../../db/client';
import { denominationPieceCounts, goldDenominations, redemptionPieces, redemptionStatusTotals } from '../../db/schema';

const d = goldDenominations;
const k = denominationPieceCounts;
const p = redemptionPieces;

/** The contract's open statuses as an SQL list: their pieces are reserved. */
const openStatuses = sql.join(
  openRedemptionStatuses.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * Per denomination (a subquery): `denomination_id`, `denom`, the pieces `redeemed` (handed
 * over), `reserved` (asked for by open redemptions), `available` = stock − redeemed,
 * `unreserved` = available − reserved (what a new request may still ask for), and
 * `pieces_by_status` (the spec's physicalGoldRedeems, one entry per status). Read from the
 * trigger-kept piece counts (README.md): a few rows per denomination, however many redemptions.
 * The one place the vault's figures are computed.
 */
export function stockPerDenomination(): SQL {
  const redeemed = sql`coalesce(sum(${k.pieces}) filter (where ${k.status} = 'REDEEMED'), 0)`;
  const reserved = sql`coalesce(sum(${k.pieces}) filter (where ${k.status} in (${openStatuses})), 0)`;
  return sql`select ${d.id} as denomination_id, ${d.denom} as denom,
                    ${redeemed}::int as redeemed,
                    ${reserved}::int as reserved,
                    (${d.amount} - ${redeemed})::int as available,
                    (${d.amount} - ${redeemed} - ${reserved})::int as unreserved,
                    coalesce(json_agg(json_build_object('amount', ${k.pieces}, 'redeem', json_build_object('status', ${k.status})) order by ${k.status})
                      filter (where ${k.pieces} > 0), '[]') as pieces_by_status
             from ${d} left join ${k} on ${k.denominationId} = ${d.id}
             group by ${d.id}`;
}

/**
 * Grams in the vault (sum of grams × available pieces) and grams reserved (sum of grams × reserved
 * pieces), as exact decimal text. Inside a transaction it sees that transaction's own changes (an
 * approval, stock added).
 */
export async function gramsInVault(db: Executor): Promise<{ vault: string; reserved: string }> {
  const [row] = await selectRows<{ vault: string; reserved: string }>(
    db,
    sql`select coalesce(sum(stock.denom::numeric * stock.available), 0)::text as "vault",
               coalesce(sum(stock.denom::numeric * stock.reserved), 0)::text as "reserved"
          from (${stockPerDenomination()}) as stock`,
  );
  return { vault: row?.vault ?? '0', reserved: row?.reserved ?? '0' };
}

/**
 * Locks the rows of the denominations a redemption asks for, in id order until the transaction
 * ends: every hand-over locks in the same order, so two cannot deadlock, and adding stock waits.
 */
export async function lockDenominationsOf(tx: Executor, redemptionId: number): Promise<void> {
  await tx.execute(
    sql`select ${d.id} from ${d} where ${d.id} in (select ${p.denominationId} from ${p} where ${p.redemptionId} = ${redemptionId})
        order by ${d.id} for update`,
  );
}

export interface HandOverLine {
  denominationId: number;
  denom: number;
  requested: number;
  available: number;
}

/** For each denomination a redemption asks for: the pieces requested and the pieces available, in id order. */
export function handOverLines(tx: Executor, redemptionId: number): Promise<HandOverLine[]> {
  return selectRows<HandOverLine>(
    tx,
    sql`select stock.denomination_id as "denominationId", stock.denom as "denom", ${p.amount} as "requested", stock.available as "available"
        from ${p} join (${stockPerDenomination()}) as stock on stock.denomination_id = ${p.denominationId}
        where ${p.redemptionId} = ${redemptionId} order by stock.denomination_id`,
  );
}

/** Tokens handed over: the trigger-kept sum of REDEEMED totals, exact decimal text without trailing zeros. */
export async function redeemedTotal(db: Executor): Promise<string> {
  const t = redemptionStatusTotals;
  const [row] = await selectRows<{ total: string }>(
    db,
    sql`select trim_scale(sum(${t.total}))::text as total from ${t} where ${t.status} = 'REDEEMED' having count(*) > 0`,
  );
  return row?.total ?? '0';
}
