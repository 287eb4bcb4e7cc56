import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { ChainTransactionKind, ChainTransactionState } from '@gold/contract';
import type { Database, Executor } from '../db/client';
import { chainTransactions } from '../db/schema';
import { publishEvent } from '../modules/live-updates/live-updates.repository';
import { enqueueWebhookEvent } from '../modules/webhooks/webhooks.repository';

/**
 * The signer's view of its outbox (chain_transactions), as plain data: it crosses the IPC
 * bridge (signer-ipc.ts) when the signer is a child of the API on PGlite.
 */
export interface OutboxRow {
  id: number;
  kind: ChainTransactionKind;
  redemptionId: number | null;
  escrowDepositId: number | null;
  toAddress: string;
  /** Tokens, exact decimal text (1 token = 1 gram). */
  amount: string;
  state: ChainTransactionState;
  nonce: number | null;
  signedTx: string | null;
  txHash: string | null;
  sentHashes: string[];
  maxFeePerGas: string | null;
  maxPriorityFeePerGas: string | null;
  broadcasts: number;
  lastBroadcastAt: Date | null;
  minedBlock: number | null;
  minedHash: string | null;
}

/** What signing decided, stored before anything is broadcast. */
interface SignedTransaction {
  chainId: number;
  fromAddress: string;
  nonce: number;
  signedTx: string;
  txHash: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
}

/** A replacement under the same nonce: new fees, new bytes, one more hash. */
type Replacement = Pick<SignedTransaction, 'signedTx' | 'txHash' | 'maxFeePerGas' | 'maxPriorityFeePerGas'>;

/**
 * Every change the signer makes, each one database transaction (with its webhook and live
 * update). One implementation (databaseSignerStore), used directly on PostgreSQL and by the
 * API on behalf of its signer child on PGlite. Each change is guarded by the state it expects,
 * and answers whether it applied: a signer that lost the lead changes nothing.
 */
export interface SignerStore {
  /** Up to `limit` queued rows (any chain: none is signed yet), oldest first, and all of this signer's signed and sent rows. */
  openTransactions(chainId: number, fromAddress: string, limit: number): Promise<OutboxRow[]>;
  /** The highest nonce stored for this chain and address, or null. */
  highestNonce(chainId: number, fromAddress: string): Promise<number | null>;
  /** queued → signed, with the nonce, bytes and hash. */
  storeSigned(id: number, signed: SignedTransaction): Promise<boolean>;
  /** queued → failed: refused before anything was signed (the signing policy, a call that would revert). */
  refuse(id: number, reason: string): Promise<boolean>;
  /** signed → sent (webhook *_sent), or one more broadcast of a sent row. */
  markSent(id: number, txHash: string): Promise<boolean>;
  /** A stuck sent row's new fees and bytes; its hash joins sent_hashes. */
  storeReplacement(id: number, replacement: Replacement): Promise<boolean>;
  /** A receipt for one of its hashes was found in this block (null: none any more, a reorganisation). */
  markMined(id: number, mined: { hash: string; block: number } | null): Promise<boolean>;
  /** Mined at final depth and succeeded (webhook *_final). */
  markFinal(id: number, mined: { hash: string; block: number }): Promise<boolean>;
  /** Reverted at final depth, or its nonce was taken for good by another transaction. */
  markFailed(id: number, reason: string): Promise<boolean>;
  /** A passing trouble (node down, broadcast refused), shown on the row; the state stays. */
  noteError(id: number, message: string): Promise<void>;
}

const t = chainTransactions;

const rowColumns = {
  id: t.id,
  kind: t.kind,
  redemptionId: t.redemptionId,
  escrowDepositId: t.escrowDepositId,
  toAddress: t.toAddress,
  amount: t.amount,
  state: t.state,
  nonce: t.nonce,
  signedTx: t.signedTx,
  txHash: t.txHash,
  sentHashes: t.sentHashes,
  maxFeePerGas: t.maxFeePerGas,
  maxPriorityFeePerGas: t.maxPriorityFeePerGas,
  broadcasts: t.broadcasts,
  lastBroadcastAt: t.lastBroadcastAt,
  minedBlock: t.minedBlock,
  minedHash: t.minedHash,
};

/** The webhook a change of a burn or refund sends (a fee's move sends none). */
function settlementWebhook(kind: ChainTransactionKind, step: 'sent' | 'final') {
  if (kind === 'burn') return step === 'sent' ? 'settlement.burn_sent' : 'settlement.burn_final';
  if (kind === 'refund') return step === 'sent' ? 'settlement.refund_sent' : 'settlement.refund_final';
  return null;
}

type Changed = {
  id: number;
  kind: ChainTransactionKind;
  redemptionId: number | null;
  escrowDepositId: number | null;
  amount: string;
  txHash: string | null;
};
const changedColumns = {
  id: t.id,
  kind: t.kind,
  redemptionId: t.redemptionId,
  escrowDepositId: t.escrowDepositId,
  amount: t.amount,
  txHash: t.txHash,
};

/** The events of a change, written in its transaction; the live update last (publishEvent's rule). */
async function announce(tx: Executor, row: Changed, webhook: 'sent' | 'final' | null, txHash?: string) {
  const type = webhook && settlementWebhook(row.kind, webhook);
  if (type) {
    await enqueueWebhookEvent(tx, type, {
      redemptionId: row.redemptionId,
      transactionId: row.id,
      ...(row.kind === 'refund' ? { escrowDepositId: row.escrowDepositId } : {}),
      txHash: txHash ?? row.txHash,
      amount: row.amount,
    });
  }
  await publishEvent(tx, { type: 'settlement.changed', redemptionId: row.redemptionId });
}

export function databaseSignerStore(db: Database): SignerStore {
  /** One guarded update with its events, in one transaction; false when the guard did not match. */
  const change = (update: (tx: Executor) => Promise<Changed[]>, webhook: 'sent' | 'final' | null, txHash?: string) =>
    db.transaction(async (tx) => {
      const [row] = await update(tx);
      if (!row) return false;
      await announce(tx, row, webhook, txHash);
      return true;
    });

  return {
    async openTransactions(chainId, fromAddress, limit) {
      // Queued rows are bounded per step; every signed and sent one is followed, however many
      // wait for finality (a busy hour's burns must not hold new ones back).
      const [queued, inFlight] = await Promise.all([
        db.select(rowColumns).from(t).where(eq(t.state, 'queued')).orderBy(asc(t.id)).limit(limit),
        db
          .select(rowColumns)
          .from(t)
          .where(and(inArray(t.state, ['signed', 'sent']), eq(t.chainId, chainId), eq(t.fromAddress, fromAddress)))
          .orderBy(asc(t.nonce)),
      ]);
      return [...queued, ...inFlight].map((row) => ({ ...row, sentHashes: [...row.sentHashes] }));
    },

    async highestNonce(chainId, fromAddress) {
      const [row] = await db
        .select({ nonce: max(t.nonce) })
        .from(t)
        .where(and(eq(t.chainId, chainId), eq(t.fromAddress, fromAddress)));
      return row?.nonce ?? null;
    },

    storeSigned: (id, signed) =>
      // Stored, not announced: nothing left this process yet.
      db.transaction(async (tx) => {
        const rows = await tx
          .update(t)
          .set({
            state: 'signed',
            chainId: signed.chainId,
            fromAddress: signed.fromAddress,
            nonce: signed.nonce,
            signedTx: signed.signedTx,
            txHash: signed.txHash,
            sentHashes: [signed.txHash],
            maxFeePerGas: signed.maxFeePerGas,
            maxPriorityFeePerGas: signed.maxPriorityFeePerGas,
            lastError: null,
            updatedAt: new Date(),
          })
          .where(and(eq(t.id, id), eq(t.state, 'queued')))
          .returning(changedColumns);
        if (rows[0]) await publishEvent(tx, { type: 'settlement.changed', redemptionId: rows[0].redemptionId });
        return rows.length > 0;
      }),

    refuse: (id, reason) =>
      change(
        (tx) =>
          tx
            .update(t)
            .set({ state: 'failed', lastError: reason, updatedAt: new Date() })
            .where(and(eq(t.id, id), eq(t.state, 'queued')))
            .returning(changedColumns),
        null,
      ),

    markSent: (id, txHash) =>
      db.transaction(async (tx) => {
        const now = new Date();
        const first = await tx
          .update(t)
          .set({ state: 'sent', broadcasts: sql`${t.broadcasts} + 1`, lastBroadcastAt: now, lastError: null, updatedAt: now })
          .where(and(eq(t.id, id), eq(t.state, 'signed')))
          .returning(changedColumns);
        if (first[0]) {
          await announce(tx, first[0], 'sent', txHash);
          return true;
        }
        // A rebroadcast (restart, reorganisation, replacement): counted, not announced again.
        const again = await tx
          .update(t)
          .set({ broadcasts: sql`${t.broadcasts} + 1`, lastBroadcastAt: now, lastError: null, updatedAt: now })
          .where(and(eq(t.id, id), eq(t.state, 'sent')))
          .returning({ id: t.id });
        return again.length > 0;
      }),

    storeReplacement: (id, replacement) =>
      change(
        (tx) =>
          tx
            .update(t)
            .set({
              signedTx: replacement.signedTx,
              txHash: replacement.txHash,
              sentHashes: sql`array_append(${t.sentHashes}, ${replacement.txHash})`,
              maxFeePerGas: replacement.maxFeePerGas,
              maxPriorityFeePerGas: replacement.maxPriorityFeePerGas,
              updatedAt: new Date(),
            })
            .where(and(eq(t.id, id), eq(t.state, 'sent'), isNull(t.minedBlock)))
            .returning(changedColumns),
        null,
      ),

    markMined: (id, mined) =>
      change(
        (tx) =>
          tx
            .update(t)
            .set({ minedBlock: mined?.block ?? null, minedHash: mined?.hash ?? null, updatedAt: new Date() })
            .where(and(eq(t.id, id), eq(t.state, 'sent')))
            .returning(changedColumns),
        null,
      ),

    markFinal: (id, mined) =>
      change(
        (tx) =>
          tx
            .update(t)
            .set({
              state: 'final',
              minedBlock: mined.block,
              minedHash: mined.hash,
              txHash: mined.hash,
              finalAt: new Date(),
              lastError: null,
              updatedAt: new Date(),
            })
            .where(and(eq(t.id, id), eq(t.state, 'sent')))
            .returning(changedColumns),
        'final',
        mined.hash,
      ),

    markFailed: (id, reason) =>
      change(
        (tx) =>
          tx
            .update(t)
            .set({ state: 'failed', lastError: reason, updatedAt: new Date() })
            .where(and(eq(t.id, id), inArray(t.state, ['signed', 'sent'])))
            .returning(changedColumns),
        null,
      ),

    async noteError(id, message) {
      await db
        .update(t)
        .set({ lastError: message.slice(0, 500), updatedAt: new Date() })
        .where(eq(t.id, id));
    },
  };
}

/** The store's method names: what the IPC bridge may call. */
export const signerStoreMethods = [
  'openTransactions',
  'highestNonce',
  'storeSigned',
  'refuse',
  'markSent',
  'storeReplacement',
  'markMined',
  'markFinal',
  'markFailed',
  'noteError',
] as const satisfies ReadonlyArray<keyof SignerStore>;
