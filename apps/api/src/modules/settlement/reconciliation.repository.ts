import { sql, type SQL } from 'drizzle-orm';
import {
  reconciliationKinds,
  type ReconciliationItem,
  type ReconciliationKind,
  type ReconciliationListQuery,
  type ReconciliationSummary,
} from '@gold/contract';
import { selectRows, type Database, type Executor } from '../../db/client';
import { fetchPage, isoTimestamp, streamRows, type ListSource } from '../../db/paging';
import { chainTransactions, escrowDeposits, redemptions, tokenTransactions } from '../../db/schema';

/** Where the escrow's tokens are: the burns from these addresses must each be one the signer sent. */
export interface ReconciliationScope {
  /** The escrow address(es), lower case; none: the unrecorded-burn check is left out. */
  escrowAddresses: string[];
}

const open = sql.raw(`('queued', 'signed', 'sent')`);

/**
 * Every difference between what the settlement decided and what the chain shows, one row each
 * (columns in snake case; `since_at` a timestamptz), as a UNION ALL of the checks: handed-over
 * redemptions with their burn (at most one not failed) and its BURN transfer, hash-joined (one
 * pass over each, docs/benchmarks.md); unmatched deposits by a partial index; rejected
 * redemptions by status; burns from the escrow by address; failed transactions by (state, id).
 */
function differences(scope: ReconciliationScope): SQL {
  const r = redemptions;
  // Plain joins (a burn not failed is unique per redemption, and its transaction holds one BURN log), so
  // the planner can hash the three tables once instead of probing indexes per redemption.
  const handedOver = sql`
    select case when c.id is null then 'redemption-not-burned'
                when c.amount <> r.total then 'burn-amount-differs'
                when c.state in ${open} then 'redemption-not-burned'
                else 'burn-not-indexed' end as kind,
           r.id as redemption_id, null::int as deposit_id, c.id as transaction_id, coalesce(c.mined_hash, c.tx_hash) as tx_hash,
           trim_scale(r.total)::text as expected, trim_scale(c.amount)::text as actual,
           case when c.id is null or c.amount <> r.total then false
                when c.state in ${open} then true
                -- Final by the signer's receipt but not indexed yet: the indexer follows within seconds; a
                -- burn still unseen after 10 minutes is a difference (a halted or lagging indexer shows there).
                else coalesce(not t.final and t.amount = r.total, c.final_at > now() - interval '10 minutes') end as in_flight,
           case when c.id is null then r.updated_at
                when c.state = 'final' then coalesce(c.final_at, c.updated_at)
                else c.created_at end as since_at
      from ${r} r
      left join ${chainTransactions} c on c.redemption_id = r.id and c.kind = 'burn' and c.state <> 'failed'
      left join ${tokenTransactions} t on t.txhash = coalesce(c.mined_hash, c.tx_hash) and t.type = 'BURN'
     where r.status in ('REDEEMED', 'ON_WEB2')
       and not coalesce(c.state = 'final' and c.amount = r.total and t.final and t.amount = r.total, false)`;

  const d = escrowDeposits;
  // A refund not failed, at most one per deposit (a partial unique index): final settles the deposit.
  const refundOf = (deposit: SQL) => sql`
      left join ${chainTransactions} f on f.escrow_deposit_id = ${deposit} and f.kind = 'refund' and f.state <> 'failed'`;
  const unmatched = sql`
    select 'deposit-unmatched' as kind, null::int as redemption_id, d.id as deposit_id, f.id as transaction_id, t.txhash as tx_hash,
           trim_scale(d.amount)::text as expected, null::text as actual,
           coalesce(f.state in ${open}, not t.final) as in_flight, d.created_at as since_at
      from ${d} d
      join ${tokenTransactions} t on t.id = d.transfer_id
      ${refundOf(sql`d.id`)}
     where d.redemption_id is null and (f.id is null or f.state <> 'final')`;
  const rejected = sql`
    select 'rejected-not-refunded' as kind, r.id as redemption_id, d.id as deposit_id, f.id as transaction_id, t.txhash as tx_hash,
           trim_scale(d.amount)::text as expected, null::text as actual,
           coalesce(f.state in ${open}, not t.final) as in_flight, greatest(r.updated_at, d.created_at) as since_at
      from ${r} r
      join ${d} d on d.redemption_id = r.id and d.release is distinct from 'burn'
      join ${tokenTransactions} t on t.id = d.transfer_id
      ${refundOf(sql`d.id`)}
     where r.status = 'REJECTED' and (f.id is null or f.state <> 'final')`;

  const unrecorded =
    scope.escrowAddresses.length === 0
      ? undefined
      : sql`
    select 'burn-unrecorded' as kind, null::int as redemption_id, null::int as deposit_id, null::int as transaction_id, t.txhash as tx_hash,
           null::text as expected, trim_scale(t.amount)::text as actual, false as in_flight, t.occurred_at as since_at
      from ${tokenTransactions} t
     where t.type = 'BURN' and t.from_address in ${scope.escrowAddresses}
       and not exists (select 1 from ${chainTransactions} c where c.tx_hash = t.txhash)
       and not exists (select 1 from ${chainTransactions} c where c.mined_hash = t.txhash)`;

  const failed = sql`
    select 'transaction-failed' as kind, c.redemption_id, c.escrow_deposit_id as deposit_id, c.id as transaction_id, c.tx_hash,
           trim_scale(c.amount)::text as expected, null::text as actual, false as in_flight, c.updated_at as since_at
      from ${chainTransactions} c
     where c.state = 'failed' and not exists (select 1 from ${chainTransactions} n where n.retry_of = c.id)`;

  const branches = [handedOver, unmatched, rejected, unrecorded, failed].filter((branch): branch is SQL => branch !== undefined);
  return sql.join(branches, sql` union all `);
}

/** The list's columns over the union (`d`): a stable id (kind and the id it concerns), the age in whole seconds. */
const itemColumns = sql`
  d.kind || ':' || coalesce(d.transaction_id::text, d.deposit_id::text, d.redemption_id::text, d.tx_hash) as "id",
  d.kind as "kind", d.in_flight as "inFlight", d.redemption_id as "redemptionId", d.deposit_id as "depositId",
  d.transaction_id as "transactionId", d.tx_hash as "txHash", d.expected as "expected", d.actual as "actual",
  ${isoTimestamp(sql`d.since_at`)} as "since", greatest(0, floor(extract(epoch from (now() - d.since_at))))::int as "ageSeconds"`;

function reconciliationSource(
  scope: ReconciliationScope,
  query: Pick<ReconciliationListQuery, 'view' | 'kind'>,
): ListSource<ReconciliationListQuery['sort']> {
  const conditions: SQL[] = [];
  if (query.view === 'differences') conditions.push(sql`not d.in_flight`);
  if (query.view === 'in-flight') conditions.push(sql`d.in_flight`);
  if (query.kind) conditions.push(sql`d.kind = ${query.kind}`);
  const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : undefined;
  const from = sql`from (${differences(scope)}) d`;
  return {
    select: sql`select ${itemColumns} ${from}`,
    where,
    // The key breaks ties between items of one moment; both are computed, so the union is sorted (it holds differences only).
    orderBy: {
      since: [
        sql`d.since_at`,
        sql`(d.kind || ':' || coalesce(d.transaction_id::text, d.deposit_id::text, d.redemption_id::text, d.tx_hash))`,
      ],
    },
    count: async (db) =>
      (await selectRows<{ n: number }>(db, sql`select count(*)::int as n ${from} ${where ? sql`where ${where}` : sql``}`))[0]?.n ?? 0,
  };
}

export function findReconciliationPage(
  db: Database,
  scope: ReconciliationScope,
  query: ReconciliationListQuery & { limit: number; page: number },
) {
  return fetchPage<ReconciliationItem, ReconciliationListQuery['sort']>(db, reconciliationSource(scope, query), query);
}

export function streamReconciliation(db: Database, scope: ReconciliationScope, query: ReconciliationListQuery) {
  return streamRows<ReconciliationItem, ReconciliationListQuery['sort']>(db, reconciliationSource(scope, query), query);
}

/** How many differences and items in flight there are of each kind (every kind listed, zeros included). */
export async function reconciliationSummary(db: Executor, scope: ReconciliationScope): Promise<ReconciliationSummary> {
  const rows = await selectRows<{ kind: ReconciliationKind; differences: number; inFlight: number }>(
    db,
    sql`select d.kind as "kind", count(*) filter (where not d.in_flight)::int as "differences",
               count(*) filter (where d.in_flight)::int as "inFlight"
          from (${differences(scope)}) d group by d.kind`,
  );
  const kinds = reconciliationKinds.map((kind) => rows.find((row) => row.kind === kind) ?? { kind, differences: 0, inFlight: 0 });
  return {
    differences: kinds.reduce((sum, k) => sum + k.differences, 0),
    inFlight: kinds.reduce((sum, k) => sum + k.inFlight, 0),
    kinds,
  };
}
