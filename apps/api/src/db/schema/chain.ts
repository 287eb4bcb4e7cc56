import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz, updatedAtColumn } from './columns';

/**
 * Where the transfer watcher stopped, per chain and token contract: the next block to read
 * and the hash of the last block read (the next block's parent hash must equal it; otherwise
 * the chain was reorganised and the watcher rolls back to the common ancestor).
 */
export const chainWatcherCursors = pgTable(
  'chain_watcher_cursor',
  {
    chainId: integer('chain_id').notNull(),
    contractAddress: text('contract_address').notNull(),
    nextBlock: bigint('next_block', { mode: 'number' }).notNull(),
    lastBlockHash: text('last_block_hash'),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.contractAddress] })],
);

/**
 * Blocks the transfer watcher indexed recently (the last reorganisation bound's worth, per
 * chain and token): every block above the finalized one, and the last block of each range
 * below it. After a reorganisation the highest of them whose hash the node still has is the
 * common ancestor; everything above it is rolled back. parent_hash is null for a range's end.
 */
export const chainIndexedBlocks = pgTable(
  'chain_indexed_blocks',
  {
    chainId: integer('chain_id').notNull(),
    contractAddress: text('contract_address').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    parentHash: text('parent_hash'),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.contractAddress, t.blockNumber] })],
);

/**
 * The transfer watcher's status as its process last wrote it (per chain and token), so every API
 * process can show it: only the leading process runs the watcher. `updated_at` says how fresh it
 * is; a status not written for a while belongs to a watcher that no longer runs.
 */
export const chainIndexerStatus = pgTable(
  'chain_indexer_status',
  {
    chainId: integer('chain_id').notNull(),
    contractAddress: text('contract_address').notNull(),
    state: text('state', { enum: ['starting', 'running', 'retrying', 'halted', 'stopped'] }).notNull(),
    headBlock: bigint('head_block', { mode: 'number' }),
    finalizedBlock: bigint('finalized_block', { mode: 'number' }),
    indexedBlock: bigint('indexed_block', { mode: 'number' }),
    lagBlocks: bigint('lag_blocks', { mode: 'number' }),
    lagSeconds: bigint('lag_seconds', { mode: 'number' }),
    stalled: boolean('stalled').notNull().default(false),
    lastError: text('last_error'),
    lastErrorAt: timestamptz('last_error_at'),
    lastReorg: jsonb('last_reorg').$type<{ depth: number; ancestor: number; at: string }>(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.contractAddress] })],
);
