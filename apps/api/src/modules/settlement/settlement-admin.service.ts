import { sql } from 'drizzle-orm';
import type { ChainTransaction, EscrowDeposit, RedemptionStatus } from '@gold/contract';
import { selectRows, type Database } from '../../db/client';
import { chainTransactions, escrowDeposits, redemptions, tokenTransactions } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import { recordAudit } from '../audit/audit.repository';
import { publishEvent } from '../live-updates/live-updates.repository';
import { findChainTransaction, findDeposit } from './settlement-lists.repository';
import { refundDeposit as queueRefund } from './settlement.service';

/** Who acts: the signed-in admin and the request's address, for the audit log. */
export interface OperatorContext {
  db: Database;
  adminId: number;
  ipAddress: string | null;
}

interface LockedDeposit {
  id: number;
  amount: string;
  fromAddress: string;
  redemptionId: number | null;
  redemptionStatus: RedemptionStatus | null;
  release: 'burn' | 'refund' | null;
  final: boolean;
}

/**
 * An operator refunds a deposit to the wallet it came from: one transaction locks the deposit,
 * refuses (409, saying why) one that is pending, already released, or matched to a redemption
 * that is not rejected (its own lifecycle settles it: a rejection refunds it, a hand-over burns
 * it), then releases it as 'refund', queues the refund for the signer, audits and tells the
 * consoles. The unique index on refunds makes a second refund of one deposit impossible.
 */
export async function refundDeposit(ctx: OperatorContext, depositId: number): Promise<EscrowDeposit> {
  await ctx.db.transaction(async (tx) => {
    const [deposit] = await selectRows<LockedDeposit>(
      tx,
      sql`select d.id as "id", trim_scale(d.amount)::text as "amount", d.from_address as "fromAddress", d.redemption_id as "redemptionId",
                 r.status as "redemptionStatus", d.release as "release", t.final as "final"
            from ${escrowDeposits} d
            join ${tokenTransactions} t on t.id = d.transfer_id
            left join ${redemptions} r on r.id = d.redemption_id
           where d.id = ${depositId}
             for update of d`,
    );
    if (!deposit) throw notFound(`Escrow deposit ${depositId} not found`);
    if (deposit.release === 'refund') throw conflict(`Cannot refund deposit ${depositId}: its refund is already queued`);
    if (deposit.release === 'burn') {
      throw conflict(
        `Cannot refund deposit ${depositId}: it was released for burning when redemption ${deposit.redemptionId} was handed over`,
      );
    }
    if (!deposit.final) {
      throw conflict(`Cannot refund deposit ${depositId}: its transfer is not final yet (a reorganisation could still undo it)`);
    }
    if (deposit.redemptionId !== null && deposit.redemptionStatus !== 'REJECTED') {
      throw conflict(
        `Cannot refund deposit ${depositId}: it is the escrow of redemption ${deposit.redemptionId} (${deposit.redemptionStatus}); reject the redemption to refund it`,
      );
    }
    const refundId = await queueRefund(tx, deposit, ctx.adminId);
    await recordAudit(tx, {
      adminId: ctx.adminId,
      ipAddress: ctx.ipAddress,
      action: 'settlement.refund-queued',
      entity: 'escrow-deposit',
      entityId: deposit.id,
      fromState: 'held',
      toState: 'refund',
      details: { transactionId: refundId, to: deposit.fromAddress, amount: deposit.amount, redemptionId: deposit.redemptionId },
    });
    await publishEvent(tx, { type: 'settlement.changed', redemptionId: deposit.redemptionId });
  });
  return (await findDeposit(ctx.db, depositId))!;
}

interface LockedTransaction {
  id: number;
  kind: 'burn' | 'fee' | 'refund';
  state: string;
  redemptionId: number | null;
  escrowDepositId: number | null;
  toAddress: string;
  amount: string;
  retriedBy: number | null;
}

/**
 * An admin retries a failed transaction: a new queued row of the same movement (kind,
 * redemption, deposit, address, amount) pointing back at it; the failed one stays as it was.
 * Anything else is refused with 409: a transaction that may still land must never be sent twice,
 * and a failed one is retried once (its retry may itself fail, and be retried).
 */
export async function retryTransaction(ctx: OperatorContext, transactionId: number): Promise<ChainTransaction> {
  const retryId = await ctx.db.transaction(async (tx) => {
    const [row] = await selectRows<LockedTransaction>(
      tx,
      sql`select c.id as "id", c.kind as "kind", c.state as "state", c.redemption_id as "redemptionId",
                 c.escrow_deposit_id as "escrowDepositId", c.to_address as "toAddress", trim_scale(c.amount)::text as "amount",
                 (select min(n.id) from ${chainTransactions} n where n.retry_of = c.id) as "retriedBy"
            from ${chainTransactions} c where c.id = ${transactionId} for update of c`,
    );
    if (!row) throw notFound(`Chain transaction ${transactionId} not found`);
    if (row.state !== 'failed') {
      throw conflict(`Cannot retry transaction ${transactionId}: it is ${row.state}, and only a failed transaction may be retried`);
    }
    if (row.retriedBy !== null)
      throw conflict(`Cannot retry transaction ${transactionId}: it was already retried as transaction ${row.retriedBy}`);
    const [inserted] = await tx
      .insert(chainTransactions)
      .values({
        kind: row.kind,
        redemptionId: row.redemptionId,
        escrowDepositId: row.escrowDepositId,
        toAddress: row.toAddress,
        amount: row.amount,
        state: 'queued',
        retryOf: row.id,
        queuedByAdminId: ctx.adminId,
      })
      .returning({ id: chainTransactions.id });
    await recordAudit(tx, {
      adminId: ctx.adminId,
      ipAddress: ctx.ipAddress,
      action: 'settlement.transaction-retried',
      entity: 'chain-transaction',
      entityId: row.id,
      fromState: 'failed',
      toState: 'queued',
      details: {
        retryId: inserted!.id,
        kind: row.kind,
        redemptionId: row.redemptionId,
        depositId: row.escrowDepositId,
        amount: row.amount,
      },
    });
    await publishEvent(tx, { type: 'settlement.changed', redemptionId: row.redemptionId });
    return inserted!.id;
  });
  return (await findChainTransaction(ctx.db, retryId))!;
}
