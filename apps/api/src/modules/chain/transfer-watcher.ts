import { formatUnits, type Hash, type Log } from 'viem';
import type { Database } from '../../db/client';
import { transferEvent, zeroAddress } from './chain-definition';
import type { ChainReader } from './chain-reader';
import { mapLimit } from './concurrency';
import { indexerStatusAnswer, writeIndexerStatus } from './indexer-status';
import { silentLogger, type ChainLogger } from './logger';
import { describeRpcError, isRangeTooLarge, isRateLimited, isTagRefused, isUnknownBlock } from './rpc-errors';
import {
  CursorMovedError,
  markFinal,
  pendingBlocks,
  readCursor,
  recentBlocks,
  rollBackAbove,
  storeTransfers,
  type CursorKey,
  type IndexedBlock,
  type TokenTransferRow,
  type WatcherCursor,
} from './transfers.repository';
import { wakeableSleep } from '../../lib/wakeable-sleep';

/**
 * When a block counts as final. `tag`: at or below the node's `finalized` block; a node that
 * does not answer that tag falls back to `confirmations` blocks below the head. Both off
 * (tag false, confirmations 0): every block is final at once (the demo chain, which never
 * reorganises by itself).
 */
export interface FinalityRule {
  tag: boolean;
  confirmations: number;
}

/** Polygon PoS: milestones finalise ~16 blocks behind the head; without the tag, 128 blocks (see docs/decisions.md). */
export const defaultFinality: FinalityRule = { tag: true, confirmations: 128 };

/** How far back a reorganisation is followed before the watcher stops (The Graph: 250, Envio: 200). */
const defaultMaxReorgDepth = 256;

export interface TransferWatcherOptions {
  db: Database;
  /** The token and the node it is read from (the watcher shares the reader's client and decimals). */
  reader: Pick<ChainReader, 'client' | 'chainId' | 'tokenAddress' | 'tokenInfo'>;
  /** The block of the token's deployment: nothing before it can hold its Transfer logs. */
  deploymentBlock: bigint | number;
  /** Blocks per eth_getLogs below the finalized block (default 2,000): halved when the node refuses, grown back after successes. */
  blockRange?: number;
  /** Wait between polls once caught up (default 4 s). */
  pollIntervalMs?: number;
  finality?: FinalityRule;
  /** A reorganisation deeper than this many blocks stops the watcher (default 256). */
  maxReorgDepth?: number;
  /**
   * Blocks read one by one per step (default 32): those above the finalized block, and the last
   * tipBatch blocks below the head whatever the finality (a lagging node cannot hide their logs).
   */
  tipBatch?: number;
  /** Block headers or per-block logs read at once (default 4). */
  concurrency?: number;
  /** A head that has not moved for this long is reported as stalled (default 60 s). */
  stallAfterMs?: number;
  /** Back-off while the node (or the database) fails: first wait and ceiling (default 1 s, 60 s), with jitter. */
  retryInitialMs?: number;
  retryMaxMs?: number;
  /** For tests: the jitter's randomness (0..1). */
  random?: () => number;
  /**
   * The status is written to the database for every API process to show (chain_indexer_status):
   * at once when its state, stall or error changes, else at most this often (default 1 s).
   */
  statusWriteMs?: number;
  log?: ChainLogger;
  /** Told of each reorganisation rolled back (the metrics count them). */
  onReorg?: (event: { depth: number; ancestor: number }) => void;
  /**
   * Called after each step with the blocks that became final and indexed (the reserves module
   * snapshots the supply at the finalized block after a final mint or burn). It must not throw.
   */
  onRangeStored?: (range: StoredTransferRange) => Promise<void>;
}

/** Blocks that are indexed and final: `supplyChanges` counts mints and burns that became final among them. */
export interface StoredTransferRange {
  fromBlock: number;
  toBlock: number;
  /** The finalized block: final data can reach it, not further. */
  head: number;
  supplyChanges: number;
  reader: TransferWatcherOptions['reader'];
}

/** What the console and /api/health/ready show of the watcher. */
interface IndexerStatus {
  /** halted: a reorganisation deeper than the bound; nothing is indexed until an operator acts. */
  state: 'starting' | 'running' | 'retrying' | 'halted' | 'stopped';
  headBlock: number | null;
  finalizedBlock: number | null;
  /** Every block up to this one is stored. */
  indexedBlock: number | null;
  lagBlocks: number | null;
  lagSeconds: number | null;
  /** The node's head has not moved for stallAfterMs. */
  stalled: boolean;
  /** The next block to read. */
  nextBlock?: number;
  lastError?: string;
  lastErrorAt?: string;
  lastReorg?: { depth: number; ancestor: number; at: string };
}

export interface TransferWatcher {
  readonly status: IndexerStatus;
  /** Resolves once every block up to `block` is stored; rejects if the watcher stops first. */
  waitForBlock(block: bigint | number): Promise<void>;
  /** Stops polling and waits for a read in flight to finish (call before closing the database). */
  stop(): Promise<void>;
}

type TransferLog = Log<bigint, number, false, typeof transferEvent, true>;
/** A mined block's header (never pending: number and hash are set). */
interface Header {
  number: bigint;
  hash: Hash;
  parentHash: Hash;
  timestamp: bigint;
}

/** A range's end headers (null: the node lacks it yet) and its logs (null: refused, to be read smaller). */
interface RangeRead {
  first: Header | null;
  last: Header | null;
  logs: TransferLog[] | null;
}

/** The node does not have what we asked yet (a lagging node behind a load balancer): wait, do not rescan. */
class NodeBehind extends Error {}

/**
 * Copies the token's Transfer logs into token_transactions and follows the chain by parent hash.
 * Below the finalized block (and tipBatch blocks behind the head) it reads `blockRange` blocks
 * per eth_getLogs; above it, block by
 * block: each header's parent hash must be the hash stored for the block before, and its logs are
 * read by block hash (a node that lacks the block says so instead of answering nothing). A
 * mismatch is a reorganisation: the highest indexed block the node still has is the common
 * ancestor, and everything above it is rolled back in one transaction (transfers, the reserves
 * snapshots read at those blocks, the cursor) before the new branch is read. Deeper than
 * maxReorgDepth: the watcher stops with an error (state halted) and never rescans by itself.
 * A node whose head is below one already seen is waited for. Rows above the finalized block are
 * stored pending and marked final when it passes them. A node that is down never stops the
 * API: back-off with jitter, one warning per outage. Several API processes: the leading one
 * alone runs it (cluster-leadership.ts), and the cursor only moves from where this watcher saw it.
 */
export function startTransferWatcher(options: TransferWatcherOptions): TransferWatcher {
  const { db, reader } = options;
  const log = options.log ?? silentLogger;
  const client = reader.client;
  const key: CursorKey = { chainId: reader.chainId, contractAddress: reader.tokenAddress };
  const deploymentBlock = Number(options.deploymentBlock);
  const pollIntervalMs = options.pollIntervalMs ?? 4000;
  const finality = options.finality ?? defaultFinality;
  const maxReorgDepth = options.maxReorgDepth ?? defaultMaxReorgDepth;
  const tipBatch = Math.max(1, options.tipBatch ?? 32);
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const stallAfterMs = options.stallAfterMs ?? 60_000;
  const retryInitialMs = options.retryInitialMs ?? 1000;
  const retryMaxMs = options.retryMaxMs ?? 60_000;
  const random = options.random ?? Math.random;
  const statusWriteMs = options.statusWriteMs ?? 1000;
  const maxBlockRange = Math.max(1, options.blockRange ?? 2000);
  let blockRange = maxBlockRange;
  /** Successful ranges since the last shrink: after a few, the range doubles again. */
  let rangeSuccesses = 0;

  const status: IndexerStatus = {
    state: 'starting',
    headBlock: null,
    finalizedBlock: null,
    indexedBlock: null,
    lagBlocks: null,
    lagSeconds: null,
    stalled: false,
  };
  let cursor: WatcherCursor | undefined;
  /** The cursor as stored in the database when this watcher last read or wrote it (undefined: none stored). */
  let seen: WatcherCursor | undefined;
  /** The stored position was checked against the chain in this run. */
  let verified = false;
  let stopped = false;
  let halted = false;
  const waiters: Array<{ block: number; resolve: () => void; reject: (error: Error) => void }> = [];

  let lastHeadSeen: number | undefined;
  let headTime = 0;
  let headChangedAt = Date.now();
  let indexedTime: number | undefined;
  let finalizedSeen = deploymentBlock - 1;
  let tagAnswered: boolean | undefined;
  /** The last final block the hook was told of, and final mints/burns since. */
  let finalTold = deploymentBlock - 1;
  let finalSupplyChanges = 0;
  /**
   * The blocks that may hold pending rows (read from the table when the cursor is, then followed
   * as rows are stored): marking rows final is skipped while there are none, so catching up on
   * final blocks writes nothing but the ranges themselves.
   */
  let pending: { from: number; to: number } | undefined;
  /** The next range, read while the one before is written. */
  let ahead: { fromBlock: number; toBlock: number; read: Promise<RangeRead> } | undefined;

  /** What was last written of the status, when (the database's time) and its shape then. */
  let statusWrittenAt: Date | undefined;
  let statusWrittenMs = 0;
  let statusWrittenShape = '';

  /**
   * Writes the status for the other processes: at once when what an operator must see changed
   * (state, stall, error, a reorganisation), else at most every statusWriteMs. A database that is
   * away is the loop's own problem: a status that cannot be written is written next time.
   */
  async function saveStatus(options: { ifOurs?: boolean } = {}): Promise<void> {
    const shape = JSON.stringify([status.state, status.stalled, status.lastError ?? null, status.lastReorg?.at ?? null]);
    if (!options.ifOurs && shape === statusWrittenShape && Date.now() - statusWrittenMs < statusWriteMs) return;
    if (options.ifOurs && !statusWrittenAt) return;
    try {
      const written = await writeIndexerStatus(db, key, indexerStatusAnswer(status, null), options.ifOurs ? statusWrittenAt : undefined);
      if (written) statusWrittenAt = written;
      statusWrittenMs = Date.now();
      statusWrittenShape = shape;
    } catch {
      // Written at the next step, once the database answers again.
    }
  }

  const { sleep, wake } = wakeableSleep({ unref: true });

  const settleWaiters = () => {
    if (!cursor || !verified) return;
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (waiters[i]!.block < cursor.nextBlock) waiters.splice(i, 1)[0]!.resolve();
    }
  };

  const updateLag = () => {
    if (!cursor) return;
    const indexed = cursor.nextBlock - 1;
    status.nextBlock = cursor.nextBlock;
    status.indexedBlock = indexed >= deploymentBlock ? indexed : null;
    if (status.headBlock === null) return;
    status.lagBlocks = Math.max(0, status.headBlock - indexed);
    status.lagSeconds = status.lagBlocks === 0 ? 0 : indexedTime !== undefined && headTime > 0 ? Math.max(0, headTime - indexedTime) : null;
  };

  async function headerOrNull(blockNumber: number): Promise<Header | null> {
    try {
      return (await client.getBlock({ blockNumber: BigInt(blockNumber) })) as unknown as Header;
    } catch (error) {
      if (isUnknownBlock(error)) return null;
      throw error;
    }
  }

  /** The finalized block as this rule reads it; it never moves back within a run. */
  async function readFinalized(head: number): Promise<number> {
    let finalized: number;
    if (!finality.tag && finality.confirmations === 0) {
      finalized = head;
    } else {
      let tagged: number | undefined;
      if (finality.tag && tagAnswered !== false) {
        try {
          tagged = Number((await client.getBlock({ blockTag: 'finalized' })).number);
          tagAnswered = true;
        } catch (error) {
          // Only a node that refuses the tag falls back; a node that is down is retried as usual.
          if (tagAnswered === true || !isTagRefused(error)) throw error;
          tagAnswered = false;
          log.info(
            { confirmations: finality.confirmations },
            `token transfers: the node does not answer the finalized block; a block is final ${finality.confirmations} blocks below the head`,
          );
        }
      }
      finalized = tagged ?? head - finality.confirmations;
    }
    finalizedSeen = Math.min(head, Math.max(finalizedSeen, finalized));
    return finalizedSeen;
  }

  /** Reads one range below the finalized block with one eth_getLogs; null when it must be read again smaller. */
  async function rangeLogs(fromBlock: number, toBlock: number, toHash: Hash): Promise<TransferLog[] | null> {
    try {
      const logs = (await client.getLogs({
        address: reader.tokenAddress,
        event: transferEvent,
        fromBlock: BigInt(fromBlock),
        toBlock: BigInt(toBlock),
        strict: true,
      })) as TransferLog[];
      if (++rangeSuccesses >= 4 && blockRange < maxBlockRange) {
        blockRange = Math.min(maxBlockRange, blockRange * 2);
        rangeSuccesses = 0;
      }
      return logs;
    } catch (error) {
      if (!isRangeTooLarge(error)) throw error;
      rangeSuccesses = 0;
      if (toBlock > fromBlock) {
        blockRange = Math.max(1, Math.floor((toBlock - fromBlock + 1) / 2));
        log.info({ blockRange }, 'token transfers: the node refused the block range; reading smaller ranges');
        return null;
      }
      // One block over the node's cap: asked by its hash, which some providers do not cap.
      try {
        return await blockLogs(toHash);
      } catch (byHash) {
        if (isRangeTooLarge(byHash)) {
          throw new Error(`block ${fromBlock} holds more Transfer logs than the node answers at once: use a node without that cap`, {
            cause: byHash,
          });
        }
        throw byHash;
      }
    }
  }

  async function blockLogs(blockHash: Hash): Promise<TransferLog[]> {
    return (await client.getLogs({ address: reader.tokenAddress, event: transferEvent, blockHash, strict: true })) as TransferLog[];
  }

  /** Block times of the logs' blocks: from the logs where the node includes them, else from the headers (bounded concurrency). */
  async function blockTimes(logs: TransferLog[], known: Map<number, bigint>): Promise<Map<number, bigint>> {
    const times = new Map(known);
    for (const entry of logs) {
      const ts = (entry as { blockTimestamp?: bigint | null }).blockTimestamp;
      if (typeof ts === 'bigint') times.set(Number(entry.blockNumber), ts);
    }
    const missing = [...new Set(logs.map((l) => Number(l.blockNumber)))].filter((n) => !times.has(n));
    const headers = await mapLimit(missing, concurrency, async (n) => {
      const header = await headerOrNull(n);
      if (!header) throw new NodeBehind(`block ${n}`);
      return header;
    });
    headers.forEach((h, i) => times.set(missing[i]!, h.timestamp));
    return times;
  }

  function toRows(logs: TransferLog[], times: Map<number, bigint>, decimals: number, finalized: number): TokenTransferRow[] {
    return logs
      .sort((a, b) => Number(a.blockNumber - b.blockNumber) || a.logIndex - b.logIndex)
      .map((entry) => {
        const from = entry.args.from.toLowerCase();
        const to = entry.args.to.toLowerCase();
        const blockNumber = Number(entry.blockNumber);
        return {
          txhash: entry.transactionHash,
          logIndex: entry.logIndex,
          fromAddress: from,
          toAddress: to,
          amount: formatUnits(entry.args.value, decimals),
          type: from === zeroAddress ? 'MINT' : to === zeroAddress ? 'BURN' : 'TRANSFER',
          occurredAt: new Date(Number(times.get(blockNumber)!) * 1000),
          blockNumber,
          blockHash: entry.blockHash,
          txIndex: entry.transactionIndex,
          final: blockNumber <= finalized,
        } satisfies TokenTransferRow;
      });
  }

  /**
   * The chain no longer holds the block the cursor follows: the highest indexed block whose hash
   * the node still has is the common ancestor; everything above it goes in one transaction.
   */
  async function rollBack(detectedAt: number): Promise<void> {
    const last = cursor!.nextBlock - 1;
    const floor = Math.max(deploymentBlock - 1, last - maxReorgDepth);
    let ancestor: WatcherCursor | undefined;
    for (const block of await recentBlocks(db, key, floor)) {
      if (block.number > last) continue;
      const onChain = await headerOrNull(block.number);
      if (!onChain) throw new NodeBehind(`block ${block.number}`);
      if (onChain.hash === block.hash) {
        ancestor = { nextBlock: block.number + 1, lastBlockHash: block.hash };
        break;
      }
    }
    // The deployment block itself is within the bound: everything read so far was abandoned.
    if (!ancestor && floor === deploymentBlock - 1) ancestor = { nextBlock: deploymentBlock, lastBlockHash: null };
    if (!ancestor) {
      halted = true;
      const message = `reorganisation deeper than ${maxReorgDepth} blocks at block ${detectedAt}: no indexed block from ${floor} to ${last} is on the node's chain; the transfer watcher stopped (no rescan). Check the node, then restore or clear the token's rows and restart`;
      log.error({ chainId: key.chainId, token: key.contractAddress, block: detectedAt, maxReorgDepth }, `token transfers: ${message}`);
      status.state = 'halted';
      status.lastError = message;
      status.lastErrorAt = new Date().toISOString();
      return;
    }
    const depth = last - (ancestor.nextBlock - 1);
    const removed = await rollBackAbove(db, key, ancestor, seen);
    log.warn(
      { chainId: key.chainId, token: key.contractAddress, depth, ancestor: ancestor.nextBlock - 1, ...removed },
      `token transfers: reorganisation of ${depth} blocks at block ${detectedAt}; rolled back to block ${ancestor.nextBlock - 1} (${removed.transfers} transfers, ${removed.snapshots} reserves snapshots)`,
    );
    cursor = ancestor;
    seen = ancestor;
    indexedTime = undefined;
    finalTold = Math.min(finalTold, ancestor.nextBlock - 1);
    // The supply is read again once the new branch is final (a snapshot may have gone).
    finalSupplyChanges++;
    status.lastReorg = { depth, ancestor: ancestor.nextBlock - 1, at: new Date().toISOString() };
    options.onReorg?.({ depth, ancestor: ancestor.nextBlock - 1 });
    updateLag();
  }

  async function store(
    rows: TokenTransferRow[],
    blocks: IndexedBlock[],
    next: WatcherCursor,
    time: bigint,
    announce = false,
  ): Promise<boolean> {
    try {
      await storeTransfers(db, key, { rows, blocks, cursor: next, forgetBelow: next.nextBlock - 1 - maxReorgDepth, announce }, seen);
    } catch (error) {
      if (!(error instanceof CursorMovedError)) throw error;
      // Another process stored ranges meanwhile (it took the lead while this one was losing it):
      // read its cursor and go on from there, never back over what it stored.
      log.info({ nextBlock: next.nextBlock }, 'token transfers: another process moved the stored position; reading it again');
      cursor = undefined;
      verified = false;
      return false;
    }
    cursor = next;
    seen = next;
    indexedTime = Number(time);
    finalSupplyChanges += rows.filter((r) => r.final && r.type !== 'TRANSFER').length;
    for (const row of rows) {
      if (row.final || row.blockNumber === null || row.blockNumber === undefined) continue;
      pending = { from: Math.min(pending?.from ?? row.blockNumber, row.blockNumber), to: Math.max(pending?.to ?? 0, row.blockNumber) };
    }
    if (rows.length > 0)
      log.info(
        { nextBlock: next.nextBlock, stored: rows.length },
        `token transfers: ${rows.length} read up to block ${next.nextBlock - 1}`,
      );
    return true;
  }

  /** A range's end headers and its logs (null: the node refused the range, read it again smaller). */
  async function fetchRange(fromBlock: number, toBlock: number): Promise<RangeRead> {
    const [first, last] = await Promise.all([headerOrNull(fromBlock), headerOrNull(toBlock)]);
    if (!first || !last) return { first, last, logs: null };
    return { first, last, logs: await rangeLogs(fromBlock, toBlock, last.hash) };
  }

  /** Below the finalized block: one eth_getLogs for the range; its first block must follow the stored one. */
  async function readRange(limit: number, finalized: number, decimals: number): Promise<void> {
    const fromBlock = cursor!.nextBlock;
    // Read while the range before was written (catching up): used only if it is still the next one.
    const prefetched = ahead && ahead.fromBlock === fromBlock && ahead.toBlock <= limit ? ahead : undefined;
    ahead = undefined;
    const toBlock = prefetched?.toBlock ?? Math.min(limit, fromBlock + blockRange - 1);
    const { first, last, logs } = await (prefetched?.read ?? fetchRange(fromBlock, toBlock));
    if (!first || !last) throw new NodeBehind(`block ${first ? toBlock : fromBlock}`);
    if (cursor!.lastBlockHash && first.parentHash !== cursor!.lastBlockHash) return rollBack(fromBlock);
    if (!logs) return;
    // A log of the range's ends from another branch than their headers: the chain moved while we read.
    if (
      logs.some(
        (l) =>
          (Number(l.blockNumber) === toBlock && l.blockHash !== last.hash) ||
          (Number(l.blockNumber) === fromBlock && l.blockHash !== first.hash),
      )
    ) {
      throw new NodeBehind('a block that changed during the read');
    }
    if (toBlock < limit && !stopped) {
      // The next range is read while this one is written: the node and the database work at once.
      const next = toBlock + 1;
      const nextTo = Math.min(limit, next + blockRange - 1);
      const read = fetchRange(next, nextTo);
      read.catch(() => {}); // a failure counts when (and if) the range is used
      ahead = { fromBlock: next, toBlock: nextTo, read };
    }
    const times = await blockTimes(
      logs,
      new Map([
        [fromBlock, first.timestamp],
        [toBlock, last.timestamp],
      ]),
    );
    await store(
      toRows(logs, times, decimals, finalized),
      [{ number: toBlock, hash: last.hash, parentHash: fromBlock === toBlock ? last.parentHash : null }],
      { nextBlock: toBlock + 1, lastBlockHash: last.hash },
      last.timestamp,
    );
  }

  /** Above the finalized block: block by block, each linked to the one before by its parent hash, logs by block hash. */
  async function readTip(head: number, finalized: number, decimals: number): Promise<void> {
    const fromBlock = cursor!.nextBlock;
    const numbers = Array.from({ length: Math.min(head, fromBlock + tipBatch - 1) - fromBlock + 1 }, (_, i) => fromBlock + i);
    const headers = await mapLimit(numbers, concurrency, headerOrNull);
    const chain: Header[] = [];
    for (const header of headers) {
      if (!header) break; // the node (or the one behind the load balancer that answered) is behind
      const parent = chain.length > 0 ? chain.at(-1)!.hash : cursor!.lastBlockHash;
      if (parent && header.parentHash !== parent) {
        if (chain.length === 0) return rollBack(fromBlock);
        break; // the chain moved while the headers were read: the rest next step
      }
      chain.push(header);
    }
    if (chain.length === 0) throw new NodeBehind(`block ${fromBlock}`);
    const perBlock = await mapLimit(chain, concurrency, (header) =>
      blockLogs(header.hash).catch((error: unknown) => {
        if (isUnknownBlock(error)) return null;
        throw error;
      }),
    );
    const known = perBlock.findIndex((logs) => logs === null);
    const read = known === -1 ? chain : chain.slice(0, known);
    if (read.length === 0) throw new NodeBehind(`block ${fromBlock}`);
    const logs = perBlock.slice(0, read.length).flat() as TransferLog[];
    const times = new Map(read.map((h) => [Number(h.number), h.timestamp] as const));
    const last = read.at(-1)!;
    await store(
      toRows(logs, times, decimals, finalized),
      read.map((h) => ({ number: Number(h.number), hash: h.hash, parentHash: h.parentHash })),
      { nextBlock: Number(last.number) + 1, lastBlockHash: last.hash },
      last.timestamp,
      // Near the head: the open consoles show the new rows at once.
      true,
    );
  }

  /** Marks rows final up to the finalized block and tells the hook which final blocks are indexed. */
  async function advanceFinality(finalized: number): Promise<void> {
    const finalIndexed = Math.min(finalized, cursor!.nextBlock - 1);
    if (finalIndexed > finalTold && pending && pending.from <= finalIndexed) {
      const { supplyChanges } = await markFinal(db, finalIndexed);
      finalSupplyChanges += supplyChanges;
      pending = pending.to > finalIndexed ? { from: finalIndexed + 1, to: pending.to } : undefined;
    }
    const range: StoredTransferRange = {
      fromBlock: finalTold + 1,
      toBlock: finalIndexed,
      head: finalized,
      supplyChanges: finalSupplyChanges,
      reader,
    };
    finalTold = Math.max(finalTold, finalIndexed);
    finalSupplyChanges = 0;
    await options.onRangeStored?.(range);
  }

  function watchStall(head: number) {
    const now = Date.now();
    if (head !== status.headBlock) {
      if (status.stalled) log.info({ head }, 'token transfers: the node head moves again');
      status.stalled = false;
      headChangedAt = now;
    } else if (!status.stalled && now - headChangedAt >= stallAfterMs) {
      status.stalled = true;
      log.warn(
        { head, sinceMs: now - headChangedAt },
        `token transfers: the node's head has not moved from block ${head} for ${Math.round((now - headChangedAt) / 1000)} s (stalled)`,
      );
    }
  }

  /** Reads and stores one step; answers whether blocks remain up to the head. */
  async function step(): Promise<boolean> {
    if (!cursor) {
      const stored = await readCursor(db, key);
      pending = await pendingBlocks(db);
      seen = stored;
      // Never before the deployment block, whatever was stored (e.g. a new deployment).
      cursor = stored && stored.nextBlock >= deploymentBlock ? stored : { nextBlock: deploymentBlock, lastBlockHash: null };
      updateLag();
    }
    const { decimals } = await reader.tokenInfo();
    const latest = await client.getBlock({ blockTag: 'latest' });
    const head = Number(latest.number);
    // A node behind one already seen (a lagging one behind a load balancer, or a reorganisation
    // to a shorter branch that will grow again): waited for, never taken for a reorganisation.
    if ((lastHeadSeen !== undefined && head < lastHeadSeen) || head < cursor.nextBlock - 1) return false;
    watchStall(head);
    lastHeadSeen = head;
    status.headBlock = head;
    headTime = Number(latest.timestamp);
    if (cursor.nextBlock - 1 === head && cursor.lastBlockHash && latest.hash !== cursor.lastBlockHash) {
      // Same height, another block: a reorganisation that did not lengthen the chain.
      await rollBack(head);
      return !halted;
    }
    const finalized = await readFinalized(head);
    status.finalizedBlock = finalized;
    verified = true;
    if (cursor.nextBlock <= head) {
      const before = cursor.nextBlock;
      // Ranges only below the finalized block and well behind the head: a node behind the load
      // balancer answers a range past its own head with fewer logs, never an error.
      const rangeLimit = Math.min(finalized, head - tipBatch);
      if (cursor.nextBlock <= rangeLimit) await readRange(rangeLimit, finalized, decimals);
      else await readTip(head, finalized, decimals);
      if (halted || !cursor) return !halted;
      if (cursor.nextBlock < before) return true; // rolled back: read the new branch
    }
    if (cursor.nextBlock - 1 === head) indexedTime = headTime;
    updateLag();
    await advanceFinality(finalized);
    settleWaiters();
    return cursor.nextBlock <= head;
  }

  const loop = (async () => {
    let delay = retryInitialMs;
    let failing = false;
    while (!stopped && !halted) {
      try {
        const more = await step();
        if (failing) {
          log.info({ nextBlock: cursor?.nextBlock }, 'token transfers: the chain node answers again; catching up');
          failing = false;
        }
        if (halted) break;
        status.state = 'running';
        status.lastError = undefined;
        delay = retryInitialMs;
        await saveStatus();
        if (!more && !stopped) await sleep(pollIntervalMs);
      } catch (error) {
        if (error instanceof NodeBehind) {
          // Not a failure: the node has not got there yet.
          await saveStatus();
          if (!stopped) await sleep(pollIntervalMs);
          continue;
        }
        const message = describeRpcError(error);
        const rateLimited = isRateLimited(error);
        if (!failing) {
          log.warn(
            { err: message, retryInMs: delay },
            rateLimited
              ? `token transfers: the node limits our request rate (${message}); backing off`
              : `token transfers: cannot read the chain (${message}); retrying with back-off`,
          );
          failing = true;
        }
        status.state = 'retrying';
        status.lastError = message;
        status.lastErrorAt = new Date().toISOString();
        await saveStatus();
        // Jitter: several processes (or a restart storm) do not come back at the same moment.
        if (!stopped) await sleep(delay / 2 + (random() * delay) / 2);
        delay = Math.min(delay * 2, retryMaxMs);
      }
    }
    if (halted) {
      // Loud in every process: the halt is written before anything waits on it.
      await saveStatus();
      for (const waiter of waiters.splice(0)) waiter.reject(new Error(status.lastError));
    }
  })();

  return {
    status,
    waitForBlock(block) {
      const target = Number(block);
      if (cursor && verified && target < cursor.nextBlock) return Promise.resolve();
      if (stopped || halted) return Promise.reject(new Error(`the transfer watcher is ${halted ? 'halted' : 'stopped'}`));
      return new Promise((resolve, reject) => waiters.push({ block: target, resolve, reject }));
    },
    async stop() {
      stopped = true;
      wake();
      await loop;
      if (!halted) {
        status.state = 'stopped';
        // Unless a watcher of another process has written since (it took the lead meanwhile).
        await saveStatus({ ifOurs: true });
      }
      for (const waiter of waiters.splice(0)) waiter.reject(new Error('the transfer watcher stopped'));
    },
  };
}
