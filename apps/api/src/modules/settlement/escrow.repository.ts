import { sql } from 'drizzle-orm';
import type { EscrowRelease, EscrowUnmatchedReason } from '@gold/contract';
import { selectRows, type Executor } from '../../db/client';
import { chainTransactions, customers, escrowDeposits, redemptions, settlementCursor, tokenTransactions } from '../../db/schema';

const d = escrowDeposits;
const t = tokenTransactions;
const r = redemptions;
const ct = chainTransactions;

const zeroAddress = '0x0000000000000000000000000000000000000000';

/**
 * How far below the cursor each step looks again for transfers it has not recorded: the
 * watcher's writes are sequential, but a leader change can commit an older range after a newer
 * one. Looking back costs one index range; a transfer recorded twice is impossible (unique).
 */
const lookBackIds = 50_000;

/** A deposit a redemption holds (not yet burned or refunded), with its transfer. */
export interface HeldDeposit {
  id: number;
  amount: string;
  fromAddress: string;
  /** The escrow address it was sent to (where a burn takes it from). */
  toAddress: string;
  txhash: string;
  final: boolean;
}

/** The deposit the redemption holds, locked (the approval, the rejection and the step take it in this order: redemption, then deposit). */
export async function lockHeldDeposit(tx: Executor, redemptionId: number): Promise<HeldDeposit | undefined> {
  const [row] = await selectRows<HeldDeposit>(
    tx,
    sql`select ${d.id} as "id", trim_scale(${d.amount})::text as "amount", ${d.fromAddress} as "fromAddress",
               ${t.toAddress} as "toAddress", ${t.txhash} as "txhash", ${t.final} as "final"
          from ${d} join ${t} on ${t.id} = ${d.transferId}
         where ${d.redemptionId} = ${redemptionId} and ${d.release} is null
           for update of ${d}`,
  );
  return row;
}

export async function releaseDeposit(tx: Executor, depositId: number, release: EscrowRelease): Promise<void> {
  await tx.execute(sql`update ${d} set release = ${release}, released_at = now() where ${d.id} = ${depositId} and ${d.release} is null`);
}

export interface QueuedTransaction {
  kind: 'burn' | 'fee' | 'refund';
  redemptionId: number | null;
  escrowDepositId: number;
  toAddress: string;
  amount: string;
  queuedByAdminId: number | null;
}

/** Queues token movements for the signer (chain_transactions, state queued); answers their ids. */
export async function queueChainTransactions(tx: Executor, rows: QueuedTransaction[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(ct)
    .values(rows.map((row) => ({ ...row, state: 'queued' as const })))
    .returning({ id: ct.id });
  return inserted.map((row) => row.id);
}

/** A deposit the step recorded this time. */
export interface RecordedDeposit {
  id: number;
  redemptionId: number | null;
  unmatchedReason: EscrowUnmatchedReason | null;
  amount: string;
  txhash: string;
  final: boolean;
}

interface IncomingTransfer {
  id: number;
  fromAddress: string;
  amount: string;
  txhash: string;
  final: boolean;
}

/**
 * Records the transfers into the escrow address that no deposit holds yet, in the order they
 * were stored, each matched to the sender's oldest REQUESTED redemption that holds no deposit
 * and whose total + fee equals the amount exactly (locked, so an approval or a second deposit
 * cannot take it meanwhile), or set aside with the reason. Pending transfers are recorded too:
 * the match moves nothing until the transfer is final.
 */
export async function recordNewDeposits(tx: Executor, escrowAddress: string, limit = 1000): Promise<RecordedDeposit[]> {
  const [cursor] = await selectRows<{ lastTransferId: number }>(
    tx,
    sql`select ${settlementCursor.lastTransferId}::float8 as "lastTransferId" from ${settlementCursor} where ${settlementCursor.id} = 1 for update`,
  );
  const from = Math.max(0, (cursor?.lastTransferId ?? 0) - lookBackIds);
  const incoming = await selectRows<IncomingTransfer>(
    tx,
    sql`select ${t.id}::float8 as "id", ${t.fromAddress} as "fromAddress", trim_scale(${t.amount})::text as "amount",
               ${t.txhash} as "txhash", ${t.final} as "final"
          from ${t}
         where ${t.toAddress} = ${escrowAddress} and ${t.id} > ${from}
           and ${t.fromAddress} is not null and ${t.fromAddress} <> ${zeroAddress} and ${t.fromAddress} <> ${escrowAddress}
           and not exists (select 1 from ${d} where ${d.transferId} = ${t.id})
         order by ${t.id}
         limit ${limit}`,
  );
  const recorded: RecordedDeposit[] = [];
  for (const transfer of incoming) {
    const match = await matchDeposit(tx, transfer);
    const [row] = await selectRows<{ id: number }>(
      tx,
      sql`insert into ${d} (transfer_id, from_address, amount, redemption_id, unmatched_reason)
          values (${transfer.id}, ${transfer.fromAddress}, ${transfer.amount}, ${match.redemptionId}, ${match.reason})
          returning ${d.id} as "id"`,
    );
    recorded.push({
      id: row!.id,
      redemptionId: match.redemptionId,
      unmatchedReason: match.reason,
      amount: transfer.amount,
      txhash: transfer.txhash,
      final: transfer.final,
    });
  }
  const [highest] = await selectRows<{ id: number | null }>(tx, sql`select max(${t.id})::float8 as "id" from ${t}`);
  const next = incoming.length === limit ? incoming.at(-1)!.id : Math.max(cursor?.lastTransferId ?? 0, highest?.id ?? 0);
  await tx.execute(
    sql`update ${settlementCursor} set last_transfer_id = greatest(last_transfer_id, ${next}), updated_at = now() where id = 1`,
  );
  return recorded;
}

async function matchDeposit(
  tx: Executor,
  transfer: IncomingTransfer,
): Promise<{ redemptionId: number; reason: null } | { redemptionId: null; reason: EscrowUnmatchedReason }> {
  const [customer] = await selectRows<{ id: number }>(
    tx,
    sql`select ${customers.id} as "id" from ${customers} where lower(${customers.walletAddress}) = ${transfer.fromAddress} limit 1`,
  );
  if (!customer) return { redemptionId: null, reason: 'unknown-wallet' };
  const open = await selectRows<{ id: number; due: string }>(
    tx,
    sql`select ${r.id} as "id", trim_scale(${r.total} + ${r.totalFee})::text as "due"
          from ${r}
         where ${r.customerId} = ${customer.id} and ${r.status} = 'REQUESTED'
           and not exists (select 1 from ${d} where ${d.redemptionId} = ${r.id} and ${d.release} is null)
         order by ${r.createdAt}, ${r.id}
           for update of ${r}`,
  );
  // Both sides are trim_scale'd decimal text: equal text is an equal amount.
  const exact = open.find((candidate) => candidate.due === transfer.amount);
  if (exact) return { redemptionId: exact.id, reason: null };
  return { redemptionId: null, reason: open.length > 0 ? 'amount-differs' : 'no-open-request' };
}

/** A matched deposit now final whose redemption still waits on it (REQUESTED) or was rejected meanwhile (REJECTED). */
export interface FinalHeldDeposit {
  id: number;
  redemptionId: number;
  status: 'REQUESTED' | 'REJECTED';
  amount: string;
  fromAddress: string;
  txhash: string;
}

/** Final held deposits whose redemption must move (REQUESTED → PREPARATION) or be refunded (REJECTED); both rows locked. */
export async function lockFinalDepositsToSettle(tx: Executor, limit = 500): Promise<FinalHeldDeposit[]> {
  return selectRows<FinalHeldDeposit>(
    tx,
    sql`select ${d.id} as "id", ${d.redemptionId} as "redemptionId", ${r.status} as "status", trim_scale(${d.amount})::text as "amount",
               ${d.fromAddress} as "fromAddress", ${t.txhash} as "txhash"
          from ${d} join ${t} on ${t.id} = ${d.transferId} join ${r} on ${r.id} = ${d.redemptionId}
         where ${d.release} is null and ${t.final} and ${r.status} in ('REQUESTED', 'REJECTED')
         order by ${r.id}
         limit ${limit}
           for update of ${r}, ${d}`,
  );
}
