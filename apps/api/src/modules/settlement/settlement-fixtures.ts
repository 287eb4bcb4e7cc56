import { sql } from 'drizzle-orm';
import type { ChainTransactionKind, ChainTransactionState } from '@gold/contract';
import { selectRows, type Database } from '../../db/client';
import { chainTransactions, escrowDeposits, tokenTransactions } from '../../db/schema';

/**
 * Settlement rows as the token backend writes them (the transfer watcher, the settlement step,
 * the signer), for tests that read or act on them: no chain needed.
 */

let serial = 0;
/** A fresh 32-byte hash (unique within the process). */
const txHash = () => `0x${(++serial).toString(16).padStart(8, '0')}${process.pid.toString(16).padStart(8, '0')}${'ab'.repeat(24)}`;

export const escrowAddress = '0x00000000000000000000000000000000000e5c20';
export const customerWallet = '0x00000000000000000000000000000000000c0ffe';
const zero = '0x0000000000000000000000000000000000000000';

/** A transfer of the customer's tokens into the escrow, recorded as a deposit (matched to a redemption or not). */
export async function insertDeposit(
  db: Database,
  input: {
    amount: string;
    redemptionId?: number | null;
    final?: boolean;
    release?: 'burn' | 'refund' | null;
    from?: string;
    createdAt?: Date;
  },
): Promise<{ id: number; txhash: string }> {
  const txhash = txHash();
  const [transfer] = await db
    .insert(tokenTransactions)
    .values({
      txhash,
      fromAddress: input.from ?? customerWallet,
      toAddress: escrowAddress,
      amount: input.amount,
      type: 'TRANSFER',
      occurredAt: input.createdAt ?? new Date(),
      blockNumber: 100 + serial,
      final: input.final ?? true,
    })
    .returning({ id: tokenTransactions.id });
  const [deposit] = await db
    .insert(escrowDeposits)
    .values({
      transferId: transfer!.id,
      fromAddress: input.from ?? customerWallet,
      amount: input.amount,
      redemptionId: input.redemptionId ?? null,
      unmatchedReason: input.redemptionId ? null : 'no-open-request',
      release: input.release ?? null,
      releasedAt: input.release ? new Date() : null,
      createdAt: input.createdAt,
    })
    .returning({ id: escrowDeposits.id });
  return { id: deposit!.id, txhash };
}

let nonce = 0;

/** A row of the signer's outbox in a given state; sent and final ones carry a nonce, signed bytes and their hash. */
export async function insertChainTransaction(
  db: Database,
  input: {
    kind: ChainTransactionKind;
    state: ChainTransactionState;
    amount: string;
    redemptionId?: number | null;
    depositId?: number | null;
    to?: string;
    hash?: string;
    minedBlock?: number;
    lastError?: string;
    createdAt?: Date;
  },
): Promise<{ id: number; hash: string | null }> {
  const signed = input.state !== 'queued';
  const hash = signed ? (input.hash ?? txHash()) : null;
  const [row] = await db
    .insert(chainTransactions)
    .values({
      kind: input.kind,
      state: input.state,
      amount: input.amount,
      redemptionId: input.redemptionId ?? null,
      escrowDepositId: input.depositId ?? null,
      toAddress: input.to ?? (input.kind === 'burn' ? escrowAddress : customerWallet),
      chainId: signed ? 31337 : null,
      fromAddress: signed ? escrowAddress : null,
      nonce: signed ? nonce++ : null,
      signedTx: signed ? '0x02f8' : null,
      txHash: hash,
      sentHashes: hash ? [hash] : [],
      broadcasts: signed ? 1 : 0,
      minedBlock: input.minedBlock ?? null,
      minedHash: input.minedBlock !== undefined ? hash : null,
      finalAt: input.state === 'final' ? new Date() : null,
      lastError: input.lastError ?? null,
      createdAt: input.createdAt,
    })
    .returning({ id: chainTransactions.id });
  return { id: row!.id, hash };
}

/** The BURN transfer the watcher indexes when a burn from the escrow lands. */
export async function insertBurnTransfer(
  db: Database,
  input: { hash: string; amount: string; final?: boolean; blockNumber?: number; from?: string },
): Promise<void> {
  await db.insert(tokenTransactions).values({
    txhash: input.hash,
    fromAddress: input.from ?? escrowAddress,
    toAddress: zero,
    amount: input.amount,
    type: 'BURN',
    occurredAt: new Date(),
    blockNumber: input.blockNumber ?? 1000 + serial,
    final: input.final ?? true,
  });
}

/** Audit entries of settlement actions, oldest first. */
export function settlementAudit(db: Database) {
  return selectRows<{ action: string; entity: string; entityId: string; details: Record<string, unknown> }>(
    db,
    sql`select action, entity, entity_id as "entityId", details from audit_log where action like 'settlement.%' order by id`,
  );
}
