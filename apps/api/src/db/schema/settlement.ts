import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, numeric, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { chainTransactionKinds, chainTransactionStates, escrowReleases } from '@gold/contract';
import { createdAtColumn, timestamptz, updatedAtColumn } from './columns';
import { redemptions } from './redemptions';
import { tokenTransactions } from './transactions';

/** Token amounts are exact: numeric with the token's 18 decimals, never floats. */
const tokenAmount = (name: string) => numeric(name, { precision: 36, scale: 18 });

/**
 * A customer's transfer into the platform's escrow (redemption) address, one per Transfer log
 * the indexer stored. Deleted with its transfer when a reorganisation abandons the block: only
 * a final transfer moves a redemption or queues a refund, so nothing else depends on a pending
 * one (the refund's foreign key below refuses the rollback loudly if that ever broke).
 *
 * Matched to the customer's oldest REQUESTED redemption whose total + fee equals the amount, or
 * left unmatched (redemption_id null, with the reason) for an operator to refund. Held until
 * released: burned (the redemption was handed over) or refunded (rejected, or never matched).
 */
export const escrowDeposits = pgTable(
  'escrow_deposits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => tokenTransactions.id, { onDelete: 'cascade' }),
    fromAddress: text('from_address').notNull(),
    amount: tokenAmount('amount').notNull(),
    redemptionId: integer('redemption_id').references(() => redemptions.id),
    /** Why no redemption took it, when redemption_id is null. */
    unmatchedReason: text('unmatched_reason'),
    /** null while held; 'burn' once handed over (burn + fee queued); 'refund' once its refund is queued. */
    release: text('release', { enum: escrowReleases }),
    releasedAt: timestamptz('released_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('escrow_deposits_amount_positive', sql`${t.amount} > 0`),
    check('escrow_deposits_matched_or_reason', sql`(${t.redemptionId} is null) = (${t.unmatchedReason} is not null)`),
    // A redemption holds at most one deposit at a time: one escrow, so one hand-over's tokens.
    uniqueIndex('escrow_deposits_one_held_per_redemption')
      .on(t.redemptionId)
      .where(sql`${t.redemptionId} is not null and ${t.release} is null`),
    index('escrow_deposits_redemption_id_idx').on(t.redemptionId),
    index('escrow_deposits_held_idx')
      .on(t.id)
      .where(sql`${t.release} is null`),
    // The operators' list and the reconciliation: deposits no redemption took (few, however many deposits).
    index('escrow_deposits_unmatched_idx')
      .on(t.id)
      .where(sql`${t.redemptionId} is null`),
  ],
);

/**
 * The signer's durable outbox: every token movement the platform signs (burn of a handed-over
 * redemption, its fee to the treasury, a refund). Queued in the transaction that decides it;
 * the signer assigns the nonce and stores the signed bytes here before broadcasting, so after
 * a crash the same bytes go out again, never a second transaction. A stuck one is replaced
 * under the same nonce (every hash it was sent as is kept); it is final at the chain's
 * finality depth. Only a final revert (or a refusal before anything was broadcast) is
 * 'failed', and only a failed one may be retried (a new row, retry_of pointing back).
 */
export const chainTransactions = pgTable(
  'chain_transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: chainTransactionKinds }).notNull(),
    redemptionId: integer('redemption_id').references(() => redemptions.id),
    escrowDepositId: integer('escrow_deposit_id').references(() => escrowDeposits.id),
    /** burn: the address burned from (the escrow); fee: the treasury; refund: the customer's wallet. */
    toAddress: text('to_address').notNull(),
    amount: tokenAmount('amount').notNull(),
    state: text('state', { enum: chainTransactionStates }).notNull().default('queued'),
    /** Set when signed here; null only for history recorded from elsewhere (the demo's seeded past). */
    chainId: integer('chain_id'),
    fromAddress: text('from_address'),
    nonce: bigint('nonce', { mode: 'number' }),
    signedTx: text('signed_tx'),
    txHash: text('tx_hash'),
    /** Every hash this nonce was broadcast as (replacements included): any of them may be the one mined. */
    sentHashes: text('sent_hashes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    maxFeePerGas: numeric('max_fee_per_gas', { precision: 78, scale: 0 }),
    maxPriorityFeePerGas: numeric('max_priority_fee_per_gas', { precision: 78, scale: 0 }),
    broadcasts: integer('broadcasts').notNull().default(0),
    lastBroadcastAt: timestamptz('last_broadcast_at'),
    minedBlock: bigint('mined_block', { mode: 'number' }),
    minedHash: text('mined_hash'),
    finalAt: timestamptz('final_at'),
    lastError: text('last_error'),
    retryOf: integer('retry_of').references((): AnyPgColumn => chainTransactions.id),
    /** The admin whose action queued it (approve, reject, refund, retry); null for the backend. */
    queuedByAdminId: integer('queued_by_admin_id'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check('chain_transactions_amount_positive', sql`${t.amount} > 0`),
    // Signed here: a nonce and the bytes. History recorded from elsewhere (the demo's seeded past) has no chain id and neither.
    check(
      'chain_transactions_signed_has_nonce',
      sql`${t.state} = 'queued' or ${t.state} = 'failed' or ${t.chainId} is null or (${t.nonce} is not null and ${t.signedTx} is not null)`,
    ),
    // One nonce, one row: a replacement reuses its row, never its nonce on another.
    uniqueIndex('chain_transactions_from_nonce_key').on(t.chainId, t.fromAddress, t.nonce),
    // No redemption's tokens are burned (or its fee moved) twice, nor a deposit refunded twice.
    uniqueIndex('chain_transactions_one_burn_per_redemption')
      .on(t.redemptionId, t.kind)
      .where(sql`${t.kind} in ('burn', 'fee') and ${t.state} <> 'failed'`),
    uniqueIndex('chain_transactions_one_refund_per_deposit')
      .on(t.escrowDepositId)
      .where(sql`${t.kind} = 'refund' and ${t.state} <> 'failed'`),
    index('chain_transactions_open_idx')
      .on(t.id)
      .where(sql`${t.state} in ('queued', 'signed', 'sent')`),
    index('chain_transactions_redemption_id_idx').on(t.redemptionId),
    index('chain_transactions_tx_hash_idx').on(t.txHash),
    // The console's outbox list, filtered by state or kind, newest first; a retry's original.
    index('chain_transactions_state_id_idx').on(t.state, t.id),
    index('chain_transactions_kind_id_idx').on(t.kind, t.id),
    index('chain_transactions_retry_of_idx').on(t.retryOf),
    index('chain_transactions_escrow_deposit_id_idx').on(t.escrowDepositId),
    // The reconciliation finds the row behind a burn by the hash it was mined as.
    index('chain_transactions_mined_hash_idx').on(t.minedHash),
    // Reserves: burns final above the block a supply was read at are still in flight for that reading.
    index('chain_transactions_final_burn_block_idx')
      .on(t.minedBlock)
      .where(sql`${t.kind} = 'burn' and ${t.state} = 'final'`),
  ],
);

/** Where the settlement step stopped reading transfers into the escrow address (one row). */
export const settlementCursor = pgTable('settlement_cursor', {
  id: integer('id').primaryKey().default(1),
  lastTransferId: bigint('last_transfer_id', { mode: 'number' }).notNull().default(0),
  updatedAt: updatedAtColumn(),
});
