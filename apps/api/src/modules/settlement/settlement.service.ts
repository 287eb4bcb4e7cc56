import { sql } from 'drizzle-orm';
import { selectRows, type Database, type Executor } from '../../db/client';
import { redemptions } from '../../db/schema';
import { conflict } from '../../lib/http-errors';
import { recordAudit } from '../audit/audit.repository';
import { publishEvent } from '../live-updates/live-updates.repository';
import { clearOtp, setStatus } from '../redemptions/redemptions.repository';
import { enqueueWebhookEvent } from '../webhooks/webhooks.repository';
import {
  lockFinalDepositsToSettle,
  lockHeldDeposit,
  queueChainTransactions,
  recordNewDeposits,
  releaseDeposit,
  type QueuedTransaction,
} from './escrow.repository';
import type { SettlementAddresses } from './settlement-addresses';

/**
 * The hand-over's tokens (approve at the counter, or prepare: fulfilled off-platform): the
 * redemption must hold a final escrow deposit; it is released for burning, and the burn of the
 * total (from the escrow address it sits at) and the fee's move to the treasury are queued for
 * the signer, in the caller's transaction (which announces `settlement.changed` last, as live
 * updates require). Refuses (409) without a final deposit: no gold is
 * handed over for tokens that are not provably out of the customer's control.
 */
export async function queueHandOverSettlement(
  tx: Executor,
  redemptionId: number,
  settlement: SettlementAddresses | undefined,
  adminId: number | null,
): Promise<{ burnId: number; feeId: number | null; escrowTxhash: string }> {
  const deposit = await lockHeldDeposit(tx, redemptionId);
  if (!deposit) {
    throw conflict(`Cannot hand over redemption ${redemptionId}: no escrow deposit of the customer's tokens is held for it`);
  }
  if (!deposit.final) {
    throw conflict(`Cannot hand over redemption ${redemptionId}: the customer's escrow transfer is not final yet`);
  }
  const [due] = await selectRows<{ total: string; fee: string }>(
    tx,
    sql`select trim_scale(${redemptions.total})::text as "total", trim_scale(${redemptions.totalFee})::text as "fee"
          from ${redemptions} where ${redemptions.id} = ${redemptionId}`,
  );
  await releaseDeposit(tx, deposit.id, 'burn');
  const moves: QueuedTransaction[] = [
    { kind: 'burn', redemptionId, escrowDepositId: deposit.id, toAddress: deposit.toAddress, amount: due!.total, queuedByAdminId: adminId },
  ];
  // No treasury configured: the fee stays at the escrow address, which is the platform's own.
  if (settlement?.treasury && Number(due!.fee) > 0) {
    moves.push({
      kind: 'fee',
      redemptionId,
      escrowDepositId: deposit.id,
      toAddress: settlement.treasury,
      amount: due!.fee,
      queuedByAdminId: adminId,
    });
  }
  const [burnId, feeId] = await queueChainTransactions(tx, moves);
  return { burnId: burnId!, feeId: feeId ?? null, escrowTxhash: deposit.txhash };
}

/**
 * A rejected (or cancelled) redemption's tokens go back: a held final deposit is refunded to the
 * wallet it came from, in the caller's transaction. A pending one is refunded by the settlement
 * step once final (unless a reset made it the redemption's escrow again); none, nothing to do.
 */
export async function queueRefundOnRejection(tx: Executor, redemptionId: number, adminId: number | null): Promise<number | null> {
  const deposit = await lockHeldDeposit(tx, redemptionId);
  if (!deposit?.final) return null;
  return refundDeposit(tx, { id: deposit.id, redemptionId, amount: deposit.amount, fromAddress: deposit.fromAddress }, adminId);
}

/** Releases a locked deposit as 'refund' and queues its refund to the wallet it came from; answers the refund's id. */
export async function refundDeposit(
  tx: Executor,
  deposit: { id: number; redemptionId: number | null; amount: string; fromAddress: string },
  adminId: number | null,
): Promise<number> {
  await releaseDeposit(tx, deposit.id, 'refund');
  const [refundId] = await queueChainTransactions(tx, [
    {
      kind: 'refund',
      redemptionId: deposit.redemptionId,
      escrowDepositId: deposit.id,
      toAddress: deposit.fromAddress,
      amount: deposit.amount,
      queuedByAdminId: adminId,
    },
  ]);
  return refundId!;
}

export interface SettlementStepResult {
  /** Deposits recorded this step (matched or not). */
  recorded: number;
  /** Redemptions moved REQUESTED → PREPARATION by a final escrow. */
  confirmed: number;
  /** Refunds queued for final deposits of rejected redemptions. */
  refunded: number;
}

/**
 * One settlement step, one transaction: record new deposits into the escrow address (a matched
 * one is announced as seen), then act on final held deposits: the redemption waiting on it
 * moves REQUESTED → PREPARATION ("escrow confirmed", the backend's action, audited without an
 * admin), and one rejected meanwhile is refunded. A reorganisation that dropped a pending
 * transfer deleted its deposit with it, so nothing here ever acts on a block that can vanish.
 */
export async function runSettlementStep(db: Database, settlement: SettlementAddresses): Promise<SettlementStepResult> {
  return db.transaction(async (tx) => {
    const recorded = await recordNewDeposits(tx, settlement.escrow);
    // Live updates are announced last (their lock must be the transaction's last).
    const changed = new Set<number | null>(recorded.map((deposit) => deposit.redemptionId));
    const moved: number[] = [];
    for (const deposit of recorded) {
      const event = { depositId: deposit.id, redemptionId: deposit.redemptionId, txHash: deposit.txhash, amount: deposit.amount };
      await enqueueWebhookEvent(tx, 'settlement.escrow_seen', {
        ...event,
        matched: deposit.redemptionId !== null,
        unmatchedReason: deposit.unmatchedReason,
      });
    }
    let confirmed = 0;
    let refunded = 0;
    for (const deposit of await lockFinalDepositsToSettle(tx)) {
      if (deposit.status === 'REQUESTED') {
        await setStatus(tx, deposit.redemptionId, 'PREPARATION', null);
        // A code checked in REQUESTED belonged to that status (every status change ends it).
        await clearOtp(tx, deposit.redemptionId);
        await recordAudit(tx, {
          adminId: null,
          ipAddress: null,
          action: 'redemption.escrow-confirmed',
          entity: 'redemption',
          entityId: deposit.redemptionId,
          fromState: 'REQUESTED',
          toState: 'PREPARATION',
          details: { depositId: deposit.id, txHash: deposit.txhash, amount: deposit.amount },
        });
        moved.push(deposit.redemptionId);
        await enqueueWebhookEvent(tx, 'settlement.escrow_final', {
          depositId: deposit.id,
          redemptionId: deposit.redemptionId,
          txHash: deposit.txhash,
          amount: deposit.amount,
        });
        confirmed++;
      } else {
        await refundDeposit(tx, deposit, null);
        refunded++;
      }
      changed.add(deposit.redemptionId);
    }
    for (const redemptionId of moved) await publishEvent(tx, { type: 'redemption.changed', redemptionId, status: 'PREPARATION' });
    for (const redemptionId of changed) await publishEvent(tx, { type: 'settlement.changed', redemptionId });
    return { recorded: recorded.length, confirmed, refunded };
  });
}
