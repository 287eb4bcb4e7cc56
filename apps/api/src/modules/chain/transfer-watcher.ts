import { BlockNotFoundError, formatUnits, type Log } from 'viem';
import type { Database } from '../../db/client';
import { transferEvent, zeroAddress } from './chain-definition';
import type { ChainReader } from './chain-reader';
import { silentLogger, type ChainLogger } from './logger';
import {
  CursorMovedError,
  readCursor,
  storeTransfers,
  type CursorKey,
  type TokenTransferRow,
  type WatcherCursor,
} from './transfers.repository';

export interface TransferWatcherOptions {
  db: Database;
  /** The token and the node it is read from (the watcher shares the reader's client and decimals). */
  reader: Pick<ChainReader, 'client' | 'chainId' | 'tokenAddress' | 'tokenInfo'>;
  /** The block of the token's deployment: nothing before it can hold its Transfer logs. */
  deploymentBlock: bigint | number;
  /** Blocks per eth_getLogs (default 2,000); halved when a node says a range is too large. */
  blockRange?: number;
  /** Wait between polls once caught up (default 4 s). */
  pollIntervalMs?: number;
  /** Blocks left unread below the head, in case they are reorganised away (default 0). */
  confirmations?: number;
  /** Back-off while the node (or the database) fails: first wait and ceiling (default 1 s, 60 s). */
  retryInitialMs?: number;
  retryMaxMs?: number;
  log?: ChainLogger;
  /**
   * Called after each stored range, before waitForBlock resolves for it, and on each poll that
   * finds no new block (the reserves module snapshots the supply once caught up after a mint or
   * burn). It must not throw.
   */
  onRangeStored?: (range: StoredTransferRange) => Promise<void>;
}

/** A range of blocks whose transfers are stored: `supplyChanges` counts its mints and burns. */
export interface StoredTransferRange {
  fromBlock: number;
  toBlock: number;
  /** The highest block the watcher reads now (the head less the confirmations). */
  head: number;
  supplyChanges: number;
  reader: TransferWatcherOptions['reader'];
}

interface TransferWatcherStatus {
  state: 'starting' | 'running' | 'retrying' | 'stopped';
  /** The next block to read (every block below it is stored). */
  nextBlock?: number;
  /** The last error while retrying. */
  lastError?: string;
}

export interface TransferWatcher {
  readonly status: TransferWatcherStatus;
  /** Resolves once every block up to `block` is stored; rejects if the watcher stops first. */
  waitForBlock(block: bigint | number): Promise<void>;
  /** Stops polling and waits for a read in flight to finish (call before closing the database). */
  stop(): Promise<void>;
}

type TransferLog = Log<bigint, number, false, typeof transferEvent, true>;

/**
 * Copies the token's Transfer logs into token_transactions: from the deployment block (or
 * where it stopped before, kept in chain_watcher_cursor) up to the head, `blockRange` blocks
 * per eth_getLogs, then polls for new blocks. One row per log, keyed by (txhash, log index):
 * MINT from the zero address, BURN to it, TRANSFER otherwise; amount in tokens as an exact
 * decimal; occurred_at is the block's time. A node that is down never stops the API: the
 * watcher logs once per outage, retries with back-off and catches up when the node answers.
 * A chain that was reset or reorganised under the cursor (its last block's hash changed) is
 * read again from the deployment block; stored rows make that harmless. Several API processes:
 * the leading one alone runs it (cluster-leadership.ts), and the stored cursor only moves from
 * where this watcher saw it, so a leader on its way out cannot move it back.
 */
export function startTransferWatcher(options: TransferWatcherOptions): TransferWatcher {
  const { db, reader } = options;
  const log = options.log ?? silentLogger;
  const client = reader.client;
  const key: CursorKey = { chainId: reader.chainId, contractAddress: reader.tokenAddress };
  const deploymentBlock = Number(options.deploymentBlock);
  const pollIntervalMs = options.pollIntervalMs ?? 4000;
  const confirmations = options.confirmations ?? 0;
  const retryInitialMs = options.retryInitialMs ?? 1000;
  const retryMaxMs = options.retryMaxMs ?? 60_000;
  let blockRange = Math.max(1, options.blockRange ?? 2000);

  const status: TransferWatcherStatus = { state: 'starting' };
  let cursor: WatcherCursor | undefined;
  /** The cursor as stored in the database when this watcher last read or wrote it (undefined: none stored). */
  let seen: WatcherCursor | undefined;
  /** The stored position was checked against the chain (its last block's hash) in this run. */
  let verified = false;
  let stopped = false;
  let wake: (() => void) | undefined;
  const waiters: Array<{ block: number; resolve: () => void; reject: (error: Error) => void }> = [];

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  const settleWaiters = () => {
    if (!cursor || !verified) return;
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (waiters[i]!.block < cursor.nextBlock) waiters.splice(i, 1)[0]!.resolve();
    }
  };

  /** Reads and stores one range; answers whether blocks remain up to the head. */
  async function step(): Promise<boolean> {
    if (!cursor) {
      const stored = await readCursor(db, key);
      seen = stored;
      // Never before the deployment block, whatever was stored (e.g. a new deployment).
      cursor = stored && stored.nextBlock >= deploymentBlock ? stored : { nextBlock: deploymentBlock, lastBlockHash: null };
      status.nextBlock = cursor.nextBlock;
    }
    const { decimals } = await reader.tokenInfo();
    const head = Number(await client.getBlockNumber()) - confirmations;

    if (cursor.lastBlockHash && cursor.nextBlock > deploymentBlock) {
      const last = cursor.nextBlock - 1;
      const block = last <= head + confirmations ? await blockOrNull(last) : null;
      if (!block || block.hash !== cursor.lastBlockHash) {
        log.warn(
          { chainId: key.chainId, token: key.contractAddress, block: last },
          'token transfers: the chain changed under the stored position (reset or reorganised); reading again from the deployment block',
        );
        cursor = { nextBlock: deploymentBlock, lastBlockHash: null };
        status.nextBlock = cursor.nextBlock;
      }
    }
    verified = true;
    settleWaiters();
    if (cursor.nextBlock > head) {
      // Nothing new: still told, so a first snapshot is taken even when a restart finds no new block.
      await options.onRangeStored?.({ fromBlock: cursor.nextBlock, toBlock: head, head, supplyChanges: 0, reader });
      return false;
    }

    const fromBlock = cursor.nextBlock;
    const toBlock = Math.min(head, fromBlock + blockRange - 1);
    let logs: TransferLog[];
    try {
      logs = (await client.getLogs({
        address: reader.tokenAddress,
        event: transferEvent,
        fromBlock: BigInt(fromBlock),
        toBlock: BigInt(toBlock),
        strict: true,
      })) as TransferLog[];
    } catch (error) {
      if (toBlock > fromBlock && rangeTooLarge(error)) {
        blockRange = Math.max(1, Math.floor((toBlock - fromBlock + 1) / 2));
        log.info({ blockRange }, 'token transfers: the node refused the block range; reading smaller ranges');
        return true;
      }
      throw error;
    }
    const [times, last] = await Promise.all([blockTimes(logs), client.getBlock({ blockNumber: BigInt(toBlock) })]);
    const rows: TokenTransferRow[] = logs
      .sort((a, b) => Number(a.blockNumber - b.blockNumber) || a.logIndex - b.logIndex)
      .map((entry) => {
        const from = entry.args.from.toLowerCase();
        const to = entry.args.to.toLowerCase();
        return {
          txhash: entry.transactionHash,
          logIndex: entry.logIndex,
          fromAddress: from,
          toAddress: to,
          amount: formatUnits(entry.args.value, decimals),
          type: from === zeroAddress ? 'MINT' : to === zeroAddress ? 'BURN' : 'TRANSFER',
          occurredAt: new Date(Number(times.get(entry.blockNumber)!) * 1000),
        };
      });
    const next: WatcherCursor = { nextBlock: toBlock + 1, lastBlockHash: last.hash };
    let inserted: number;
    try {
      inserted = await storeTransfers(db, key, rows, next, seen);
    } catch (error) {
      if (!(error instanceof CursorMovedError)) throw error;
      // Another process stored ranges meanwhile (it took the lead while this one was losing it):
      // read its cursor and go on from there, never back over what it stored.
      log.info({ fromBlock, toBlock }, 'token transfers: another process moved the stored position; reading it again');
      cursor = undefined;
      verified = false;
      return true;
    }
    cursor = next;
    seen = next;
    status.nextBlock = next.nextBlock;
    if (inserted > 0) log.info({ fromBlock, toBlock, inserted }, `token transfers: ${inserted} stored from blocks ${fromBlock}-${toBlock}`);
    await options.onRangeStored?.({ fromBlock, toBlock, head, supplyChanges: rows.filter((r) => r.type !== 'TRANSFER').length, reader });
    settleWaiters();
    return toBlock < head;
  }

  /** The block, or null when the node has no such block (a chain reset below it); other errors propagate. */
  async function blockOrNull(blockNumber: number) {
    try {
      return await client.getBlock({ blockNumber: BigInt(blockNumber) });
    } catch (error) {
      if (error instanceof BlockNotFoundError) return null;
      throw error;
    }
  }

  /** Block times of the logs' blocks: from the logs where the node includes them, else from the blocks. */
  async function blockTimes(logs: TransferLog[]): Promise<Map<bigint, bigint>> {
    const times = new Map<bigint, bigint>();
    for (const entry of logs) {
      const ts = (entry as { blockTimestamp?: bigint | null }).blockTimestamp;
      if (typeof ts === 'bigint') times.set(entry.blockNumber, ts);
    }
    const missing = [...new Set(logs.map((l) => l.blockNumber))].filter((n) => !times.has(n));
    const blocks = await Promise.all(missing.map((blockNumber) => client.getBlock({ blockNumber })));
    blocks.forEach((block, i) => times.set(missing[i]!, block.timestamp));
    return times;
  }

  const loop = (async () => {
    let delay = retryInitialMs;
    let failing = false;
    while (!stopped) {
      try {
        const more = await step();
        if (failing) {
          log.info({ nextBlock: cursor?.nextBlock }, 'token transfers: the chain node answers again; catching up');
          failing = false;
        }
        status.state = 'running';
        status.lastError = undefined;
        delay = retryInitialMs;
        if (!more && !stopped) await sleep(pollIntervalMs);
      } catch (error) {
        const message = describe(error);
        if (!failing) {
          log.warn({ err: message, retryInMs: delay }, `token transfers: cannot read the chain (${message}); retrying with back-off`);
          failing = true;
        }
        status.state = 'retrying';
        status.lastError = message;
        if (!stopped) await sleep(delay);
        delay = Math.min(delay * 2, retryMaxMs);
      }
    }
  })();

  return {
    status,
    waitForBlock(block) {
      const target = Number(block);
      if (cursor && verified && target < cursor.nextBlock) return Promise.resolve();
      if (stopped) return Promise.reject(new Error('the transfer watcher is stopped'));
      return new Promise((resolve, reject) => waiters.push({ block: target, resolve, reject }));
    },
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      status.state = 'stopped';
      for (const waiter of waiters.splice(0)) waiter.reject(new Error('the transfer watcher stopped'));
    },
  };
}

/** Nodes cap eth_getLogs by block range or result count, each with its own words. */
function rangeTooLarge(error: unknown): boolean {
  for (let e = error as { code?: number; details?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === -32005) return true;
    if (
      /block range|range (is )?too (large|wide|big)|too many (blocks|results|logs)|more than \d+ (results|logs|blocks)|limit exceeded/i.test(
        `${e.details ?? ''} ${e.message ?? ''}`,
      )
    ) {
      return true;
    }
  }
  return false;
}

/** One line for the log: viem's short message, never the node's URL (it may hold an API key). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const short = (error as { shortMessage?: string }).shortMessage ?? error.message;
  return (short.split('\n')[0] ?? '').replace(/https?:\/\/\S+/g, (url) => {
    try {
      return new URL(url).origin;
    } catch {
      return '<url>';
    }
  });
}
