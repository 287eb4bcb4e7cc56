import { and, eq, sql } from 'drizzle-orm';
import type { IndexerStatus } from '@gold/contract';
import type { Database } from '../../db/client';
import { chainIndexerStatus } from '../../db/schema';
import type { ChainServices } from './index';
import type { CursorKey } from './transfers.repository';

const s = chainIndexerStatus;
const keyOf = (key: CursorKey) => and(eq(s.chainId, key.chainId), eq(s.contractAddress, key.contractAddress));

/**
 * Writes the watcher's status for every process to read; answers the time it was written. With
 * `ifWrittenAt`, only over the row this watcher wrote then (its last word when it stops must not
 * cover the status of a watcher that took over meanwhile in another process).
 */
export async function writeIndexerStatus(
  db: Database,
  key: CursorKey,
  status: Omit<IndexerStatus, 'updatedAt'>,
  ifWrittenAt?: Date,
): Promise<Date | undefined> {
  const values = {
    state: status.state,
    headBlock: status.headBlock,
    finalizedBlock: status.finalizedBlock,
    indexedBlock: status.indexedBlock,
    lagBlocks: status.lagBlocks,
    lagSeconds: status.lagSeconds,
    stalled: status.stalled,
    lastError: status.lastError,
    lastErrorAt: status.lastErrorAt ? new Date(status.lastErrorAt) : null,
    lastReorg: status.lastReorg,
    // Milliseconds, as a JS Date holds them: the stop's compare must find the time it was told.
    updatedAt: sql`date_trunc('milliseconds', clock_timestamp())`,
  };
  const rows = ifWrittenAt
    ? await db
        .update(s)
        .set(values)
        .where(and(keyOf(key), eq(s.updatedAt, ifWrittenAt)))
        .returning({ updatedAt: s.updatedAt })
    : await db
        .insert(s)
        .values({ ...key, ...values })
        .onConflictDoUpdate({ target: [s.chainId, s.contractAddress], set: values })
        .returning({ updatedAt: s.updatedAt });
  return rows[0]?.updatedAt;
}

/** The status the watcher last wrote for this chain and token, whichever process runs it; null before it first wrote one. */
export async function readIndexerStatus(db: Database, key: CursorKey): Promise<IndexerStatus | null> {
  const [row] = await db.select().from(s).where(keyOf(key));
  if (!row) return null;
  return {
    state: row.state,
    headBlock: row.headBlock,
    finalizedBlock: row.finalizedBlock,
    indexedBlock: row.indexedBlock,
    lagBlocks: row.lagBlocks,
    lagSeconds: row.lagSeconds,
    stalled: row.stalled,
    lastError: row.lastError,
    lastErrorAt: row.lastErrorAt?.toISOString() ?? null,
    lastReorg: row.lastReorg,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The watcher's in-memory status as the contract names it. */
export function indexerStatusAnswer(
  status: Omit<IndexerStatus, 'lastError' | 'lastErrorAt' | 'lastReorg' | 'updatedAt'> & {
    lastError?: string;
    lastErrorAt?: string;
    lastReorg?: IndexerStatus['lastReorg'];
  },
  updatedAt: Date | null,
): IndexerStatus {
  return {
    state: status.state,
    headBlock: status.headBlock,
    finalizedBlock: status.finalizedBlock,
    indexedBlock: status.indexedBlock,
    lagBlocks: status.lagBlocks,
    lagSeconds: status.lagSeconds,
    stalled: status.stalled,
    lastError: status.lastError ?? null,
    lastErrorAt: status.lastErrorAt ?? null,
    lastReorg: status.lastReorg ?? null,
    updatedAt: updatedAt?.toISOString() ?? null,
  };
}

/**
 * The transfer watcher's status as every API process shows it: this process's own watcher when it
 * leads (the freshest), else what the leading process last wrote to the database. Null without a
 * chain, or before any watcher wrote a status.
 */
export async function indexerStatusOf(
  db: Database,
  services: ChainServices | undefined,
  { fromDatabase = true }: { fromDatabase?: boolean } = {},
): Promise<IndexerStatus | null> {
  if (!services) return null;
  const own = services.watcher?.status;
  // A watcher stopped when this process lost the lead: the new leader's word is in the database.
  if (own && own.state !== 'stopped') return indexerStatusAnswer(own, new Date());
  if (!fromDatabase) return null;
  return readIndexerStatus(db, { chainId: services.reader.chainId, contractAddress: services.reader.tokenAddress });
}
