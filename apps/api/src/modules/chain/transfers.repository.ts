import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { chainWatcherCursors, tokenTransactions } from '../../db/schema';

export type TokenTransferRow = typeof tokenTransactions.$inferInsert;

export interface WatcherCursor {
  nextBlock: number;
  lastBlockHash: string | null;
}

export interface CursorKey {
  chainId: number;
  contractAddress: string;
}

export async function readCursor(db: Database, key: CursorKey): Promise<WatcherCursor | undefined> {
  const [row] = await db
    .select({ nextBlock: chainWatcherCursors.nextBlock, lastBlockHash: chainWatcherCursors.lastBlockHash })
    .from(chainWatcherCursors)
    .where(and(eq(chainWatcherCursors.chainId, key.chainId), eq(chainWatcherCursors.contractAddress, key.contractAddress)));
  return row ? { nextBlock: Number(row.nextBlock), lastBlockHash: row.lastBlockHash } : undefined;
}

/** Rows per insert statement (7 parameters each, far below PostgreSQL's 65,535). */
const rowsPerInsert = 1000;

/** The stored cursor is not where this watcher last saw it: another process moved it. Nothing was stored. */
export class CursorMovedError extends Error {
  constructor() {
    super('the watcher cursor was moved by another process');
  }
}

/**
 * Stores a block range's transfers and moves the cursor past it in one transaction, so a
 * restart resumes exactly after the last stored range. A transfer already stored (same
 * txhash and log index) is left alone: reading a range twice changes nothing. The cursor
 * moves only from `seen` (what this watcher read or last wrote; undefined: no cursor yet):
 * if another process moved it meanwhile (a leader that lost its lead while a new one took
 * over), CursorMovedError rolls everything back, so the cursor never goes back over blocks
 * the other stored. Answers how many rows were new.
 */
export async function storeTransfers(
  db: Database,
  key: CursorKey,
  rows: TokenTransferRow[],
  cursor: WatcherCursor,
  seen: WatcherCursor | undefined,
): Promise<number> {
  return db.transaction(async (tx) => {
    let inserted = 0;
    for (let i = 0; i < rows.length; i += rowsPerInsert) {
      const result = await tx
        .insert(tokenTransactions)
        .values(rows.slice(i, i + rowsPerInsert))
        .onConflictDoNothing({ target: [tokenTransactions.txhash, tokenTransactions.logIndex] })
        .returning({ id: tokenTransactions.id });
      inserted += result.length;
    }
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
    return inserted;
  });
}
