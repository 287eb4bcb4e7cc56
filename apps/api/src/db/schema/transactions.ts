import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { transactionTypes } from '@gold/contract';
import { timestamptz } from './columns';

/**
 * Token transfers seen on chain, one row per Transfer log: a transaction can hold several,
 * so a row is identified by its transaction hash and the log's index in the block. The block
 * (number and hash) and the transaction's index in it say where the log came from: the
 * transfer watcher deletes the rows of blocks a reorganisation abandoned. `final`: the block is
 * at or below the node's finalized block (or enough confirmations deep); pending rows are shown
 * marked as such and count for nothing that moves gold or tokens. Rows seeded without a chain
 * have no block and are final.
 */
export const tokenTransactions = pgTable(
  'token_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    txhash: text('txhash').notNull(),
    logIndex: integer('log_index').notNull().default(0),
    fromAddress: text('from_address'),
    toAddress: text('to_address'),
    amount: numeric('amount', { precision: 36, scale: 18 }).notNull(),
    type: text('type', { enum: transactionTypes }).notNull(),
    occurredAt: timestamptz('occurred_at').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }),
    blockHash: text('block_hash'),
    txIndex: integer('tx_index'),
    final: boolean('final').notNull().default(true),
  },
  (t) => [
    unique('token_transactions_txhash_log_index_unique').on(t.txhash, t.logIndex),
    check('token_transactions_amount_nonnegative', sql`${t.amount} >= 0`),
    index('token_transactions_occurred_at_id_idx').on(t.occurredAt, t.id),
    // A reorganisation deletes from a block up; finality marks pending rows up to a block.
    index('token_transactions_block_number_idx').on(t.blockNumber),
    index('token_transactions_pending_block_number_idx')
      .on(t.blockNumber)
      .where(sql`not ${t.final}`),
    // List sorts, with and without the type filter (migration 0011).
    index('token_transactions_amount_id_idx').on(t.amount, t.id),
    index('token_transactions_type_occurred_at_id_idx').on(t.type, t.occurredAt, t.id),
    index('token_transactions_type_amount_id_idx').on(t.type, t.amount, t.id),
    // Search by the start of a hash or an address: LIKE 'prefix%' needs pattern-ops indexes.
    index('token_transactions_txhash_prefix_idx').on(t.txhash.op('text_pattern_ops')),
    index('token_transactions_from_address_prefix_idx').on(t.fromAddress.op('text_pattern_ops')),
    index('token_transactions_to_address_prefix_idx').on(t.toAddress.op('text_pattern_ops')),
  ],
);
