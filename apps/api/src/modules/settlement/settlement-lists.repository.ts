import { sql, type SQL } from 'drizzle-orm';
import type {
  ChainTransaction,
  ChainTransactionListQuery,
  EscrowDeposit,
  EscrowDepositListQuery,
  RedemptionSettlement,
} from '@gold/contract';
import { selectRows, type Database, type Executor } from '../../db/client';
import { fetchPage, isoTimestamp, streamRows, type ListSource } from '../../db/paging';
import { chainTransactions, escrowDeposits, tokenTransactions } from '../../db/schema';

const d = escrowDeposits;
const c = chainTransactions;

/** A deposit with its transfer and its latest refund (a failed one is followed by its retry). */
const depositColumns = sql`select ${d.id} as "id", t.txhash as "txhash", ${d.fromAddress} as "from", trim_scale(${d.amount})::text as "amount",
       t.final as "final", ${d.redemptionId} as "redemptionId", ${d.unmatchedReason} as "unmatchedReason", ${d.release} as "release",
       ${isoTimestamp(d.releasedAt)} as "releasedAt",
       case when f.id is null then null else json_build_object('id', f.id, 'state', f.state, 'txHash', f.tx_hash) end as "refund",
       ${isoTimestamp(d.createdAt)} as "createdAt"
  from ${d}
  join ${tokenTransactions} t on t.id = ${d.transferId}
  left join lateral (select r.id, r.state, r.tx_hash from ${c} r
                      where r.escrow_deposit_id = ${d.id} and r.kind = 'refund' order by r.id desc limit 1) f on true`;

/** unmatched and held each read through their partial index; ids follow the order deposits were recorded in. */
function depositSource(query: Pick<EscrowDepositListQuery, 'view'>): ListSource<EscrowDepositListQuery['sort']> {
  const where =
    query.view === 'unmatched'
      ? sql`${d.redemptionId} is null and ${d.release} is null`
      : query.view === 'held'
        ? sql`${d.release} is null`
        : undefined;
  return {
    select: depositColumns,
    where,
    orderBy: { createdAt: [sql`${d.id}`] },
    count: async (db) =>
      (await selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${d} ${where ? sql`where ${where}` : sql``}`))[0]?.n ?? 0,
  };
}

export function findDepositPage(db: Database, query: EscrowDepositListQuery & { limit: number; page: number }) {
  return fetchPage<EscrowDeposit, EscrowDepositListQuery['sort']>(db, depositSource(query), query);
}

export function streamDeposits(db: Database, query: EscrowDepositListQuery) {
  return streamRows<EscrowDeposit, EscrowDepositListQuery['sort']>(db, depositSource(query), query);
}

export async function findDeposit(db: Executor, id: number): Promise<EscrowDeposit | null> {
  const [row] = await selectRows<EscrowDeposit>(db, sql`${depositColumns} where ${d.id} = ${id}`);
  return row ?? null;
}

const transactionColumns = sql`select ${c.id} as "id", ${c.kind} as "kind", ${c.state} as "state", ${c.redemptionId} as "redemptionId",
       ${c.escrowDepositId} as "depositId", ${c.toAddress} as "to", trim_scale(${c.amount})::text as "amount", ${c.nonce}::int as "nonce",
       coalesce(${c.minedHash}, ${c.txHash}) as "txHash", ${c.broadcasts} as "broadcasts", ${c.lastError} as "lastError",
       ${c.retryOf} as "retryOf", (select min(n.id) from ${c} n where n.retry_of = ${c.id}) as "retriedBy",
       ${isoTimestamp(c.createdAt)} as "createdAt", ${isoTimestamp(c.updatedAt)} as "updatedAt", ${isoTimestamp(c.finalAt)} as "finalAt"
  from ${c}`;

/** Filtered by state or kind through their (filter, id) indexes; ids follow the order rows were queued in. */
function transactionSource(query: Pick<ChainTransactionListQuery, 'state' | 'kind'>): ListSource<ChainTransactionListQuery['sort']> {
  const conditions: SQL[] = [];
  if (query.state) conditions.push(sql`${c.state} = ${query.state}`);
  if (query.kind) conditions.push(sql`${c.kind} = ${query.kind}`);
  const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : undefined;
  return {
    select: transactionColumns,
    where,
    orderBy: { createdAt: [sql`${c.id}`] },
    count: async (db) =>
      (await selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${c} ${where ? sql`where ${where}` : sql``}`))[0]?.n ?? 0,
  };
}

export function findTransactionPage(db: Database, query: ChainTransactionListQuery & { limit: number; page: number }) {
  return fetchPage<ChainTransaction, ChainTransactionListQuery['sort']>(db, transactionSource(query), query);
}

export function streamChainTransactions(db: Database, query: ChainTransactionListQuery) {
  return streamRows<ChainTransaction, ChainTransactionListQuery['sort']>(db, transactionSource(query), query);
}

export async function findChainTransaction(db: Executor, id: number): Promise<ChainTransaction | null> {
  const [row] = await selectRows<ChainTransaction>(db, sql`${transactionColumns} where ${c.id} = ${id}`);
  return row ?? null;
}

/**
 * A redemption's settlement: its latest deposit (the held one, else the last released) and every
 * transaction signed for it or its deposits, oldest first.
 */
export async function findRedemptionSettlement(db: Executor, redemptionId: number): Promise<RedemptionSettlement> {
  const [escrow] = await selectRows<NonNullable<RedemptionSettlement['escrow']>>(
    db,
    sql`select ${d.id} as "depositId", t.txhash as "txhash", trim_scale(${d.amount})::text as "amount", t.final as "final", ${d.release} as "release"
          from ${d} join ${tokenTransactions} t on t.id = ${d.transferId}
         where ${d.redemptionId} = ${redemptionId}
         order by (${d.release} is null) desc, ${d.id} desc limit 1`,
  );
  const transactions = await selectRows<RedemptionSettlement['transactions'][number]>(
    db,
    sql`select ${c.id} as "id", ${c.kind} as "kind", ${c.state} as "state", trim_scale(${c.amount})::text as "amount",
               coalesce(${c.minedHash}, ${c.txHash}) as "txHash", ${c.lastError} as "lastError"
          from ${c}
         where ${c.redemptionId} = ${redemptionId}
            or ${c.escrowDepositId} in (select e.id from ${d} e where e.redemption_id = ${redemptionId})
         order by ${c.id}`,
  );
  return { escrow: escrow ?? null, transactions };
}
