import { asc, eq } from 'drizzle-orm';
import { createPublicClient, encodeFunctionData, http, multicall3Abi, parseUnits, type Address, type Hash } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chainWatcherCursors, tokenTransactions } from '../../db/schema';
import { createTestDatabase, engines, postgresReachable, type TestDatabase } from '../../test/test-databases';
import { goldTokenAbi, multicall3Address, normalizeAddress, transferEvent, zeroAddress } from './chain-definition';
import { createChainReader } from './chain-reader';
import { startDemoChain, type DemoChain } from './demo-chain';
import type { ChainLogger } from './logger';
import { startRpcProxy, type RpcProxy } from '../../../harness/rpc-proxy';
import { startTransferWatcher, type TransferWatcherOptions } from './transfer-watcher';

const postgresUp = await postgresReachable();
const wallets = Array.from({ length: 40 }, (_, i) =>
  normalizeAddress(`0x${(i + 1).toString(16).padStart(6, '0')}${'7a11e7'.repeat(5)}0000`),
);

let chain: DemoChain;
let proxy: RpcProxy;
let direct: ReturnType<typeof createPublicClient>;

beforeAll(async () => {
  chain = await startDemoChain({ wallets });
  proxy = await startRpcProxy(chain.rpcUrl);
  direct = createPublicClient({ transport: http(chain.rpcUrl), cacheTime: 0 });
});
afterAll(async () => {
  await proxy?.close();
  await chain?.stop();
});

/** The token's Transfer logs read straight from anvil: what the table must hold. */
async function chainTransfers() {
  const logs = await direct.getLogs({ address: chain.tokenAddress, event: transferEvent, fromBlock: chain.deploymentBlock, strict: true });
  return logs.map((l) => ({
    txhash: l.transactionHash,
    logIndex: l.logIndex,
    from: l.args.from.toLowerCase(),
    to: l.args.to.toLowerCase(),
    value: l.args.value,
    occurredAt: new Date(Number(l.blockTimestamp) * 1000).toISOString(),
  }));
}

function recordingLogger() {
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies ChainLogger;
  return log;
}

async function impersonatedMultiTransfer(recipients: Address[], amount: bigint) {
  // Multicall3 holds tokens and, in one transaction, sends some to each recipient: one
  // transaction, several Transfer logs.
  await chain.mint(multicall3Address, amount * BigInt(recipients.length));
  const calls = recipients.map((to) => ({
    target: chain.tokenAddress,
    allowFailure: false,
    callData: encodeFunctionData({ abi: goldTokenAbi, functionName: 'transfer', args: [to, amount] }),
  }));
  const hash: Hash = await direct.request({
    method: 'eth_sendTransaction',
    params: [
      {
        from: chain.ownerAddress,
        to: multicall3Address,
        data: encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] }),
      },
    ],
  });
  await direct.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return hash;
}

describe.each(engines)('transfer watcher on %s', (engine) => {
  describe.skipIf(engine === 'postgres' && !postgresUp)('', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(engine);
    });
    afterAll(async () => {
      await database?.destroy();
    });
    beforeEach(() => {
      proxy.mode = 'up';
      proxy.maxLogRange = undefined;
      proxy.rateLimitNext = undefined;
      proxy.reset();
    });

    const watch = (options: Partial<TransferWatcherOptions> = {}) =>
      startTransferWatcher({
        db: database.db,
        reader: createChainReader({ rpcUrl: proxy.url, tokenAddress: chain.tokenAddress, timeoutMs: 2000 }),
        deploymentBlock: chain.deploymentBlock,
        blockRange: 25,
        pollIntervalMs: 20,
        retryInitialMs: 10,
        retryMaxMs: 80,
        // Every block final at once: these tests are about ranges; finality has its own tests.
        finality: { tag: false, confirmations: 0 },
        tipBatch: 1,
        ...options,
      });
    /** Runs a watcher until it has stored every block up to the current head, then stops it. */
    const catchUp = async (options: Partial<TransferWatcherOptions> = {}) => {
      const watcher = watch(options);
      await watcher.waitForBlock(await direct.getBlockNumber());
      await watcher.stop();
      return watcher;
    };
    const storedRows = async () => {
      const rows = await database.db.select().from(tokenTransactions).orderBy(asc(tokenTransactions.id));
      return rows.map((r) => ({
        txhash: r.txhash,
        logIndex: r.logIndex,
        from: r.fromAddress,
        to: r.toAddress,
        value: parseUnits(r.amount, 18),
        type: r.type,
        occurredAt: r.occurredAt.toISOString(),
      }));
    };
    const expectTableToMatchChain = async () => {
      const onChain = await chainTransfers();
      const stored = await storedRows();
      expect(stored.map(({ type: _type, ...row }) => row)).toEqual(onChain);
      for (const row of stored) expect(row.type).toBe(row.from === zeroAddress ? 'MINT' : row.to === zeroAddress ? 'BURN' : 'TRANSFER');
      return stored;
    };

    it('imports every Transfer log from the deployment block in bounded ranges: typed, exact, timed by the block', async () => {
      const head = Number(await direct.getBlockNumber());
      await catchUp();
      const stored = await expectTableToMatchChain();
      expect(stored.length).toBeGreaterThanOrEqual(chain.history.mints + chain.history.transfers + chain.history.burns);
      expect(new Set(stored.map((r) => r.type))).toEqual(new Set(['MINT', 'TRANSFER', 'BURN']));

      // Contiguous ranges of at most 25 blocks, from the deployment block to the block before
      // the head; the head block (within tipBatch of it) is read by its hash.
      const filters = proxy
        .calls('eth_getLogs')
        .map((c) => (c.params as Array<{ fromBlock?: string; toBlock?: string; blockHash?: string }>)[0]!);
      const ranges = filters.filter((f) => f.fromBlock).map((f) => [Number(f.fromBlock), Number(f.toBlock)] as const);
      expect(ranges[0]![0]).toBe(Number(chain.deploymentBlock));
      expect(ranges.at(-1)![1]).toBe(head - 1);
      expect(filters.filter((f) => f.blockHash).map((f) => f.blockHash)).toEqual([
        (await direct.getBlock({ blockNumber: BigInt(head) })).hash,
      ]);
      ranges.forEach(([from, to], i) => {
        expect(to - from + 1).toBeLessThanOrEqual(25);
        if (i > 0) expect(from).toBe(ranges[i - 1]![1] + 1);
      });
      const [cursor] = await database.db.select().from(chainWatcherCursors);
      expect(cursor).toMatchObject({ chainId: 137, contractAddress: chain.tokenAddress, nextBlock: head + 1 });
    });

    it('resumes where it stopped after a restart, without duplicates, one row per log of a multi-transfer transaction', async () => {
      const before = await storedRows();
      const [cursor] = await database.db.select().from(chainWatcherCursors);

      await chain.transfer(wallets[0]!, wallets[1]!, parseUnits('0.5', 18));
      await chain.burn(wallets[2]!, 1n); // one base unit: 0.000000000000000001
      const multi = await impersonatedMultiTransfer([wallets[3]!, wallets[4]!, wallets[5]!], parseUnits('1.25', 18));

      proxy.reset();
      await catchUp();
      const first = proxy.calls('eth_getLogs')[0]!.params[0] as { fromBlock: string };
      expect(Number(first.fromBlock)).toBe(cursor!.nextBlock);

      const after = await expectTableToMatchChain();
      expect(after.slice(0, before.length)).toEqual(before);
      const added = after.slice(before.length);
      // The mint to Multicall3, the transfer, the burn, then three logs of one transaction.
      expect(added.map((r) => r.type)).toEqual(['TRANSFER', 'BURN', 'MINT', 'TRANSFER', 'TRANSFER', 'TRANSFER']);
      expect(added.find((r) => r.type === 'BURN')!.value).toBe(1n);
      const multiRows = added.filter((r) => r.txhash === multi);
      expect(multiRows.map((r) => r.to)).toEqual([wallets[3], wallets[4], wallets[5]]);
      expect(new Set(multiRows.map((r) => r.logIndex)).size).toBe(3);
      const [stored] = await database.db
        .select({ amount: tokenTransactions.amount })
        .from(tokenTransactions)
        .where(eq(tokenTransactions.txhash, multi))
        .limit(1);
      expect(Number(stored!.amount)).toBe(1.25);
    });

    it('reading the same blocks again changes nothing', async () => {
      const before = await storedRows();
      await database.db.update(chainWatcherCursors).set({ nextBlock: Number(chain.deploymentBlock), lastBlockHash: null });
      await catchUp({ blockRange: 2000 });
      expect(await storedRows()).toEqual(before);
    });

    it('survives a node that is down: no crash, one warning for the outage, catches up when it is back', async () => {
      const log = recordingLogger();
      const watcher = watch({ log });
      await watcher.waitForBlock(await direct.getBlockNumber());

      proxy.mode = 'down';
      await chain.transfer(wallets[6]!, wallets[7]!, parseUnits('3', 18));
      await chain.mint(wallets[8]!, parseUnits('7.77', 18));
      await vi.waitFor(() => expect(proxy.dropped).toBeGreaterThanOrEqual(5), { timeout: 10_000 });
      expect(watcher.status.state).toBe('retrying');
      expect(watcher.status.lastError).toBeTruthy();
      expect(watcher.status.lastError).not.toContain('secret-key-in-path');
      expect(log.warn).toHaveBeenCalledTimes(1);
      expect(log.warn.mock.calls[0]![1]).toMatch(/cannot read the chain .*retrying/);

      proxy.mode = 'up';
      await watcher.waitForBlock(await direct.getBlockNumber());
      await watcher.stop();
      expect(log.warn).toHaveBeenCalledTimes(1);
      expect(log.info.mock.calls.filter(([, msg]) => /answers again/.test(String(msg)))).toHaveLength(1);
      expect(watcher.status.state).toBe('stopped');
      await expectTableToMatchChain();
    });

    it('halves its block range when the node refuses a wide eth_getLogs', async () => {
      proxy.maxLogRange = 10;
      await database.db.update(chainWatcherCursors).set({ nextBlock: Number(chain.deploymentBlock), lastBlockHash: null });
      const log = recordingLogger();
      const before = await storedRows();
      await catchUp({ blockRange: 2000, log });
      expect(log.warn).not.toHaveBeenCalled();
      expect(log.info.mock.calls.some(([, msg]) => /smaller ranges/.test(String(msg)))).toBe(true);
      expect(await storedRows()).toEqual(before);
    });

    const logRanges = () =>
      proxy
        .calls('eth_getLogs')
        .map((c) => (c.params as Array<{ fromBlock?: string; toBlock?: string }>)[0]!)
        .filter((f) => f.fromBlock)
        .map((f) => [Number(f.fromBlock), Number(f.toBlock)] as const);

    it('backs off a rate limit (429) with jitter and asks the same range again, not a smaller one', async () => {
      await database.db.update(chainWatcherCursors).set({ nextBlock: Number(chain.deploymentBlock), lastBlockHash: null });
      const before = await storedRows();
      proxy.rateLimitNext = 3;
      const log = recordingLogger();
      const jitter = vi.fn(() => 0.5);
      await catchUp({ blockRange: 40, log, random: jitter });
      expect(proxy.rateLimited).toBe(3);
      const ranges = logRanges();
      // The refused range asked four times (three 429s, then the answer), the same size each time.
      expect(ranges.slice(0, 4)).toEqual(Array(4).fill(ranges[0]));
      expect(ranges[0]![1] - ranges[0]![0] + 1).toBe(40);
      expect(ranges.every(([from, to]) => to - from + 1 === 40 || to === ranges.at(-1)![1])).toBe(true);
      expect(jitter).toHaveBeenCalledTimes(3);
      expect(log.warn).toHaveBeenCalledTimes(1);
      expect(log.warn.mock.calls[0]![1]).toMatch(/limits our request rate/);
      expect(log.info.mock.calls.some(([, msg]) => /smaller ranges/.test(String(msg)))).toBe(false);
      expect(await storedRows()).toEqual(before);
    });

    it('shrinks the range when the node answers "too many results" and grows it back after successes', async () => {
      await database.db.update(chainWatcherCursors).set({ nextBlock: Number(chain.deploymentBlock), lastBlockHash: null });
      const before = await storedRows();
      const perBlock = new Map<bigint, number>();
      for (const l of await direct.getLogs({ address: chain.tokenAddress, event: transferEvent, fromBlock: chain.deploymentBlock })) {
        perBlock.set(l.blockNumber!, (perBlock.get(l.blockNumber!) ?? 0) + 1);
      }
      // Every single block fits; wide ranges do not.
      proxy.maxLogResults = Math.max(...perBlock.values()) + 2;
      const log = recordingLogger();
      try {
        await catchUp({ blockRange: 64, log });
      } finally {
        proxy.maxLogResults = undefined;
      }
      expect(
        log.info.mock.calls.some(([, msg]) => /smaller ranges/.test(String(msg))),
        JSON.stringify(logRanges()),
      ).toBe(true);
      // The last range ends at the block before the head whatever its size: left out.
      const sizes = logRanges()
        .map(([from, to]) => to - from + 1)
        .slice(0, -1);
      const smallest = Math.min(...sizes);
      expect(smallest).toBeLessThan(64);
      // After the smallest, a wider range again.
      expect(
        sizes.slice(sizes.indexOf(smallest)).some((size) => size > smallest),
        sizes.join(','),
      ).toBe(true);
      expect(await storedRows()).toEqual(before);
    });

    it('reports a node whose head stops moving as stalled, and when it moves again', async () => {
      const log = recordingLogger();
      const watcher = watch({ log, stallAfterMs: 150 });
      await watcher.waitForBlock(await direct.getBlockNumber());
      await vi.waitFor(() => expect(watcher.status.stalled).toBe(true), { timeout: 5000 });
      expect(log.warn.mock.calls.some(([, msg]) => /has not moved .*stalled/.test(String(msg)))).toBe(true);
      const moved = await chain.mint(wallets[13]!, 1n);
      await watcher.waitForBlock(moved.blockNumber);
      expect(watcher.status.stalled).toBe(false);
      expect(watcher.status).toMatchObject({
        headBlock: Number(moved.blockNumber),
        indexedBlock: Number(moved.blockNumber),
        lagBlocks: 0,
        lagSeconds: 0,
      });
      await watcher.stop();
    });

    it('rolls back a block replaced at the same height: the orphaned transfer leaves, the replacement is stored once', async () => {
      const snapshot = await direct.request({ method: 'evm_snapshot' as never });
      const orphan = await chain.transfer(wallets[9]!, wallets[10]!, parseUnits('9', 18));
      await catchUp();
      expect((await storedRows()).some((r) => r.txhash === orphan.hash)).toBe(true);
      await direct.request({ method: 'evm_revert' as never, params: [snapshot] as never });
      // Same height, another block: the stored hash no longer matches.
      const replacement = await chain.transfer(wallets[11]!, wallets[12]!, parseUnits('4', 18));
      expect(replacement.blockNumber).toBe(orphan.blockNumber);

      const log = recordingLogger();
      proxy.reset();
      await catchUp({ log });
      expect(log.warn.mock.calls.some(([, msg]) => /reorganisation of 1 blocks/.test(String(msg)))).toBe(true);
      // No rescan: nothing below the replaced block is read again.
      for (const call of proxy.calls('eth_getLogs')) {
        const [filter] = call.params as Array<{ fromBlock?: string }>;
        if (filter?.fromBlock) expect(BigInt(filter.fromBlock)).toBeGreaterThanOrEqual(replacement.blockNumber);
      }
      const rows = await expectTableToMatchChain();
      expect(rows.filter((r) => r.txhash === replacement.hash)).toHaveLength(1);
      expect(rows.some((r) => r.txhash === orphan.hash)).toBe(false);
    });
  });
});
