import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { updatedAtColumn } from './columns';

/**
 * Where the transfer watcher stopped, per chain and token contract: the next block to read
 * and the hash of the last block read (a different hash there means the chain was reset or
 * reorganised, and the watcher reads again from the deployment block).
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
