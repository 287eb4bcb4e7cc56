import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customers, escrowDeposits, tokenTransactions } from '../../db/schema';
import { settlementAddresses, type SettlementAddresses } from '../settlement/settlement-addresses';
import { createChainReader, type ChainReader } from './chain-reader';
import { startDemoChain, type DemoChain } from './demo-chain';
import type { ChainLogger } from './logger';
import { defaultFinality, startTransferWatcher, type TransferWatcher, type TransferWatcherOptions } from './transfer-watcher';

export { chainDefinition, multicall3Address } from './chain-definition';
export { createChainReader, type ChainReader } from './chain-reader';
export { startDemoChain, type DemoChain } from './demo-chain';
export { ChainReadError } from './errors';
export type { ChainLogger } from './logger';
export { startTransferWatcher, type StoredTransferRange, type TransferWatcher } from './transfer-watcher';
export { indexerStatusOf } from './indexer-status';

export interface ChainServicesOptions {
  db: Database;
  log: ChainLogger;
  chainId?: number;
  /** A JSON-RPC node (e.g. Polygon's). Unset: the demo chain (anvil) is started and funded. */
  rpcUrl?: string;
  /** The token contract; required with rpcUrl. */
  tokenAddress?: string;
  /** The token's deployment block; required with rpcUrl (the watcher reads Transfer logs from it). */
  deploymentBlock?: number;
  /** Native balances from the explorer's balancemulti when an API key is given. */
  explorer?: { baseUrl: string; apiKey: string; callsPerSecond?: number };
  /**
   * When a transfer is final: the node's finalized block, else this many confirmations
   * (default 128, Polygon PoS). The demo chain's blocks are final at once.
   */
  confirmations?: number;
  /** A reorganisation deeper than this stops the watcher (default 256). */
  maxReorgDepth?: number;
  /** A head that has not moved for this long is reported as stalled (default 60 s). */
  stallAfterMs?: number;
  /** Demo only: how many customer wallets (lowest ids first) get POL, tokens and a history. */
  demoWalletLimit?: number;
  cacheTtlMs?: number;
  timeoutMs?: number;
  /** Copy Transfer logs into token_transactions (default true). */
  watchTransfers?: boolean;
  /** Told of each range of blocks the watcher stored (the reserves snapshots). */
  onRangeStored?: TransferWatcherOptions['onRangeStored'];
  /**
   * Several API processes on one database: the watcher runs in the leading one only
   * (cluster-leadership.ts), started when this process takes the lead and stopped when it
   * loses it. Without one, this process watches at once.
   */
  leadership?: LeaderOnly;
  /**
   * SETTLEMENT_ESCROW_ADDRESS and SETTLEMENT_TREASURY_ADDRESS. Unset on the demo chain: the
   * token owner and anvil's second account; unset on a real chain: no settlement.
   */
  settlement?: { escrowAddress?: string; treasuryAddress?: string };
}

/** The slice of a Leadership (cluster-leadership.ts) this module uses. */
interface LeaderOnly {
  whileLeading(name: string, start: () => Promise<{ stop(): Promise<void> }> | { stop(): Promise<void> }): void;
}

export interface ChainServices {
  reader: ChainReader;
  /** The transfer watcher of this process: null while another process leads (or with watchTransfers false). */
  readonly watcher: TransferWatcher | null;
  /** The demo chain when no RPC URL was configured. */
  demo: DemoChain | null;
  /** The effective escrow and treasury addresses (lower case); null on a real chain without both configured. */
  settlementAddresses: SettlementAddresses | null;
  /** Stops the watcher (before the database closes), then anvil. */
  stop(): Promise<void>;
}

/** The wallets of the first `limit` customers that have one, by id. */
export async function customerWallets(db: Database, limit: number): Promise<string[]> {
  const rows = await db
    .select({ wallet: customers.walletAddress })
    .from(customers)
    .where(isNotNull(customers.walletAddress))
    .orderBy(asc(customers.id))
    .limit(limit);
  return rows.map((r) => r.wallet!);
}

/** The effective settlement addresses, by the one rule of settlement-addresses.ts (the demo chain's defaults, or none). */
function effectiveSettlementAddresses(configured: ChainServicesOptions['settlement'], demo: boolean): SettlementAddresses | null {
  const addresses = settlementAddresses(
    { SETTLEMENT_ESCROW_ADDRESS: configured?.escrowAddress, SETTLEMENT_TREASURY_ADDRESS: configured?.treasuryAddress },
    demo,
  );
  return addresses ?? null;
}

/**
 * The tokens the seeded escrow deposits stand for: held (not released) deposits of seeded,
 * block-less transfers. The demo chain mints this much to the escrow address in its history,
 * so the first real burn of a seeded PREPARATION redemption has tokens to burn.
 */
export async function seededEscrowHeld(db: Database): Promise<bigint> {
  const [row] = await db
    .select({ wei: sql<string>`coalesce(sum(${escrowDeposits.amount} * 1e18), 0)::numeric(78, 0)::text` })
    .from(escrowDeposits)
    .innerJoin(tokenTransactions, eq(tokenTransactions.id, escrowDeposits.transferId))
    .where(and(isNull(escrowDeposits.release), isNull(tokenTransactions.blockNumber)));
  return BigInt(row?.wei ?? '0');
}

/**
 * Everything the API needs from the chain: with an RPC URL, a reader of that network;
 * without, the demo chain funded for the customers in the database. Then the transfer
 * watcher. Start it after the demo data is seeded (the demo funds the seeded wallets).
 */
export async function startChainServices(options: ChainServicesOptions): Promise<ChainServices> {
  const { db, log } = options;
  const chainId = options.chainId ?? 137;
  let demo: DemoChain | null = null;
  let rpcUrl = options.rpcUrl;
  let tokenAddress = options.tokenAddress;
  let deploymentBlock = options.deploymentBlock;
  if (!rpcUrl) {
    const wallets = await customerWallets(db, options.demoWalletLimit ?? 1000);
    const escrowAddress = options.settlement?.escrowAddress;
    demo = await startDemoChain({ chainId, wallets, log, escrow: { address: escrowAddress, held: await seededEscrowHeld(db) } });
    ({ rpcUrl, tokenAddress } = demo);
    deploymentBlock = Number(demo.deploymentBlock);
  } else if (!tokenAddress || deploymentBlock === undefined) {
    throw new Error('with an RPC URL, the token address and its deployment block must be configured too');
  }

  const reader = createChainReader({
    rpcUrl,
    tokenAddress: tokenAddress!,
    chainId,
    explorer: options.explorer,
    cacheTtlMs: options.cacheTtlMs,
    timeoutMs: options.timeoutMs,
  });
  // Warm the token's name, symbol and decimals; a node that is down now is asked again later.
  reader.tokenInfo().then(
    (info) => log.info({ token: info }, `token ${info.symbol} (${info.name}, ${info.decimals} decimals) at ${info.address}`),
    (error: Error) => log.warn({ err: error.message }, 'token details not read yet: the chain node did not answer'),
  );
  let watcher: TransferWatcher | null = null;
  let stopped = false;
  const startWatcher = () =>
    (watcher = startTransferWatcher({
      db,
      reader,
      deploymentBlock: deploymentBlock!,
      finality: demo
        ? { tag: false, confirmations: 0 }
        : { tag: true, confirmations: options.confirmations ?? defaultFinality.confirmations },
      maxReorgDepth: options.maxReorgDepth,
      // The demo chain mines only when something is sent: a still head is its normal state.
      stallAfterMs: demo ? Number.POSITIVE_INFINITY : options.stallAfterMs,
      log,
      onRangeStored: options.onRangeStored,
    }));
  if (options.watchTransfers !== false) {
    if (options.leadership) {
      options.leadership.whileLeading('the transfer watcher', () => (stopped ? { stop: async () => {} } : startWatcher()));
    } else {
      startWatcher();
    }
  }

  return {
    reader,
    get watcher() {
      return watcher;
    },
    demo,
    settlementAddresses: effectiveSettlementAddresses(options.settlement, demo !== null && demo !== undefined),
    async stop() {
      stopped = true;
      await watcher?.stop();
      await demo?.stop();
    },
  };
}
