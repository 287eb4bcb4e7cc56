import { and, desc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { chainIndexedBlocks, chainWatcherCursors, reserveSnapshots, tokenTransactions } from '../../db/schema';
import { publishEvent } from '../live-updates/live-updates.repository';

export type TokenTransferRow = typeof tokenTransactions.$inferInsert;

export interface WatcherCursor {
  nextBlock: number;
  lastBlockHash: string | null;
}

export interface CursorKey {
  chainId: number;
  contractAddress: string;
}

/** A block the watcher indexed: parentHash is null for the last block of a range read in one eth_getLogs. */
export interface IndexedBlock {
  number: number;
  hash: string;
  parentHash: string | null;
}

export async function readCursor(db: Database, key: CursorKey): Promise<WatcherCursor | undefined> {
  const [row] = await db
    .select({ nextBlock: chainWatcherCursors.nextBlock, lastBlockHash: chainWatcherCursors.lastBlockHash })
    .from(chainWatcherCursors)
    .where(and(eq(chainWatcherCursors.chainId, key.chainId), eq(chainWatcherCursors.contractAddress, key.contractAddress)));
  return row ? { nextBlock: Number(row.nextBlock), lastBlockHash: row.lastBlockHash } : undefined;
}

/** Rows per insert statement (11 parameters each, far below PostgreSQL's 65,535). */
const rowsPerInsert = 1000;

/** The stored cursor is not where this watcher last saw it: another process moved it. Nothing was stored. */
export class CursorMovedError extends Error {
  constructor() {
    super('the watcher cursor was moved by another process');
  }
}

const keyOf = (key: CursorKey) =>
  and(eq(chainIndexedBlocks.chainId, key.chainId), eq(chainIndexedBlocks.contractAddress, key.contractAddress));

/**
 * Moves the cursor from `seen` (what this watcher read or last wrote; undefined: no cursor yet)
 * to `cursor`; throws CursorMovedError (rolling the caller's transaction back) when another
 * process moved it meanwhile, so the cursor never goes back over blocks the other stored.
 */
async function moveCursor(tx: Executor, key: CursorKey, cursor: WatcherCursor, seen: WatcherCursor | undefined) {
  const moved = seen
    ? await tx
        .update(chainWatcherCursors)
        .set({ nextBlock: cursor.nextBlock, lastBlockHash: cursor.lastBlockHash, updatedAt: sql`now()` })
        .where(
          and(
            eq(chainWatcherCursors.chainId, key.chainId),
            eq(chainWatcherCursors.contractAddress, key.contractAddress),
            eq(chainWatcherCursors.nextBlock, seen.nextBlock),
            seen.lastBlockHash === null
              ? isNull(chainWatcherCursors.lastBlockHash)
              : eq(chainWatcherCursors.lastBlockHash, seen.lastBlockHash),
          ),
        )
        .returning({ nextBlock: chainWatcherCursors.nextBlock })
    : await tx
        .insert(chainWatcherCursors)
        .values({ ...key, nextBlock: cursor.nextBlock, lastBlockHash: cursor.lastBlockHash })
        .onConflictDoNothing({ target: [chainWatcherCursors.chainId, chainWatcherCursors.contractAddress] })
        .returning({ nextBlock: chainWatcherCursors.nextBlock });
  if (moved.length === 0) throw new CursorMovedError();
}

export interface StoredRange {
  rows: TokenTransferRow[];
  /** The blocks whose hashes are kept for finding a common ancestor later. */
  blocks: IndexedBlock[];
  cursor: WatcherCursor;
  /** Indexed blocks below this number are forgotten (older than the reorganisation bound). */
  forgetBelow: number;
  /**
   * Tell the open consoles when rows are new (blocks near the head). Ranges caught up from far
   * behind do not: one event per range would have every console refetch its list hundreds of times.
   */
  announce?: boolean;
}

/**
 * Stores a block range's transfers, the hashes of its blocks and moves the cursor past it in one
 * transaction, so a restart (even after SIGKILL) resumes exactly after the last stored range. A
 * transfer already stored (same txhash and log index) takes the block it was read from now:
 * reading a range twice adds nothing. Answers how many rows were new.
 */
export async function storeTransfers(db: Database, key: CursorKey, range: StoredRange, seen: WatcherCursor | undefined): Promise<number> {
  return db.transaction(async (tx) => {
    let inserted = 0;
    for (let i = 0; i < range.rows.length; i += rowsPerInsert) {
      const result = await tx
        .insert(tokenTransactions)
        .values(range.rows.slice(i, i + rowsPerInsert))
        .onConflictDoUpdate({
          target: [tokenTransactions.txhash, tokenTransactions.logIndex],
          set: {
            blockNumber: sql`excluded.block_number`,
            blockHash: sql`excluded.block_hash`,
            txIndex: sql`excluded.tx_index`,
            occurredAt: sql`excluded.occurred_at`,
            final: sql`excluded.final`,
          },
        })
        .returning({ inserted: sql<boolean>`xmax = 0` });
      inserted += result.filter((r) => r.inserted).length;
    }
    if (range.blocks.length > 0) {
      await tx
        .insert(chainIndexedBlocks)
        .values(range.blocks.map((b) => ({ ...key, blockNumber: b.number, blockHash: b.hash, parentHash: b.parentHash })))
        .onConflictDoUpdate({
          target: [chainIndexedBlocks.chainId, chainIndexedBlocks.contractAddress, chainIndexedBlocks.blockNumber],
          set: { blockHash: sql`excluded.block_hash`, parentHash: sql`excluded.parent_hash` },
        });
    }
    await tx.delete(chainIndexedBlocks).where(and(keyOf(key), lt(chainIndexedBlocks.blockNumber, range.forgetBelow)));
    await moveCursor(tx, key, range.cursor, seen);
    if (range.announce && inserted > 0) {
      const fromBlock = range.rows.reduce((low, r) => Math.min(low, r.blockNumber ?? low), range.cursor.nextBlock - 1);
      await publishEvent(tx, { type: 'transactions.changed', change: 'stored', fromBlock });
    }
    return inserted;
  });
}

/** Indexed blocks from `fromBlock` up, highest first: the candidates for a common ancestor. */
export async function recentBlocks(db: Database, key: CursorKey, fromBlock: number): Promise<IndexedBlock[]> {
  const rows = await db
    .select({ number: chainIndexedBlocks.blockNumber, hash: chainIndexedBlocks.blockHash, parentHash: chainIndexedBlocks.parentHash })
    .from(chainIndexedBlocks)
    .where(and(keyOf(key), gte(chainIndexedBlocks.blockNumber, fromBlock)))
    .orderBy(desc(chainIndexedBlocks.blockNumber));
  return rows.map((r) => ({ ...r, number: Number(r.number) }));
}

/** Reserves snapshots the transfer watcher causes (a supply read at a block); the others follow an admin's action. */
const chainSnapshotReasons = ['start', 'mint-burn'] as const;

export interface RollbackResult {
  transfers: number;
  snapshots: number;
}

/**
 * A reorganisation abandoned every block above `ancestor`: in ONE transaction, deletes the
 * transfers read from those blocks, the reserves snapshots whose supply was read at them, the
 * indexed blocks above it, and moves the cursor back to just after it (checked against `seen`).
 */
export async function rollBackAbove(
  db: Database,
  key: CursorKey,
  ancestor: WatcherCursor,
  seen: WatcherCursor | undefined,
): Promise<RollbackResult> {
  const above = ancestor.nextBlock - 1;
  return db.transaction(async (tx) => {
    const transfers = await tx
      .delete(tokenTransactions)
      .where(gt(tokenTransactions.blockNumber, above))
      .returning({ id: tokenTransactions.id });
    const snapshots = await tx
      .delete(reserveSnapshots)
      .where(and(gt(reserveSnapshots.blockNumber, above), inArray(reserveSnapshots.reason, [...chainSnapshotReasons])))
      .returning({ id: reserveSnapshots.id });
    await tx.delete(chainIndexedBlocks).where(and(keyOf(key), gt(chainIndexedBlocks.blockNumber, above)));
    await moveCursor(tx, key, ancestor, seen);
    // Open consoles drop the abandoned rows and snapshots at once; committed or not with the rollback.
    await publishEvent(tx, { type: 'transactions.changed', change: 'rolled-back', fromBlock: above + 1 });
    return { transfers: transfers.length, snapshots: snapshots.length };
  });
}

/**
 * Marks pending transfers at or below `finalizedBlock` final, telling the open consoles in the
 * same transaction when any changed; answers how many of them were mints or burns (a change of
 * the final supply).
 */
export async function markFinal(db: Database, finalizedBlock: number): Promise<{ rows: number; supplyChanges: number }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(tokenTransactions)
      .set({ final: true })
      .where(and(eq(tokenTransactions.final, false), sql`${tokenTransactions.blockNumber} <= ${finalizedBlock}`))
      .returning({ type: tokenTransactions.type, blockNumber: tokenTransactions.blockNumber });
    if (rows.length > 0) {
      const fromBlock = rows.reduce((low, r) => Math.min(low, r.blockNumber ?? low), finalizedBlock);
      await publishEvent(tx, { type: 'transactions.changed', change: 'final', fromBlock });
    }
    return { rows: rows.length, supplyChanges: rows.filter((r) => r.type !== 'TRANSFER').length };
  });
}

/** The lowest and highest blocks holding pending transfers; undefined when there are none. */
export async function pendingBlocks(db: Database): Promise<{ from: number; to: number } | undefined> {
  const [row] = await db
    .select({
      from: sql<string | null>`min(${tokenTransactions.blockNumber})`,
      to: sql<string | null>`max(${tokenTransactions.blockNumber})`,
    })
    .from(tokenTransactions)
    .where(eq(tokenTransactions.final, false));
  return row?.from == null || row.to == null ? undefined : { from: Number(row.from), to: Number(row.to) };
}
