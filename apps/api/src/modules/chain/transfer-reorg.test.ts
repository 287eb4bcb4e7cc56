import { asc, sql } from 'drizzle-orm';
import { createPublicClient, http, numberToHex, parseUnits } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectRows } from '../../db/client';
import { chainWatcherCursors, tokenTransactions } from '../../db/schema';
import { createTestDatabase, engines, postgresReachable, type TestDatabase } from '../../test/test-databases';
import { startRpcProxy, type RpcProxy } from '../../../harness/rpc-proxy';
import { reserveSnapshotsOnTransfers } from '../reserves/reserves.service';
import { readSupply } from '../reserves/supply-reader';
import { normalizeAddress, transferEvent } from './chain-definition';
import { createChainReader } from './chain-reader';
import { startDemoChain, type DemoChain } from './demo-chain';
import type { ChainLogger } from './logger';
import { startTransferWatcher, type FinalityRule, type TransferWatcherOptions } from './transfer-watcher';

const postgresUp = await postgresReachable();
const wallets = Array.from({ length: 8 }, (_, i) =>
  normalizeAddress(`0x${(i + 1).toString(16).padStart(6, '0')}${'5e0a61'.repeat(5)}0000`),
);

let chain: DemoChain;
let proxy: RpcProxy;
let direct: ReturnType<typeof createPublicClient>;
const rpc = (method: string, params: unknown[] = []) => direct.request({ method: method as never, params: params as never });

beforeAll(async () => {
  chain = await startDemoChain({ wallets });
  proxy = await startRpcProxy(chain.rpcUrl);
  direct = createPublicClient({ transport: http(chain.rpcUrl), cacheTime: 0 });
});
afterAll(async () => {
  await proxy?.close();
  await chain?.stop();
});

/** Empty blocks up to `target` (anvil mines on demand). */
async function mineTo(target: bigint) {
  const head = await direct.getBlockNumber();
  if (target > head) await rpc('anvil_mine', [numberToHex(target - head)]);
}

/** The token's Transfer logs on the node's canonical chain, as the table must hold them. */
async function canonicalTransfers() {
  const logs = await direct.getLogs({ address: chain.tokenAddress, event: transferEvent, fromBlock: chain.deploymentBlock, strict: true });
  return logs.map((l) => ({
    txhash: l.transactionHash,
    logIndex: l.logIndex,
    blockNumber: Number(l.blockNumber),
    blockHash: l.blockHash,
    txIndex: l.transactionIndex,
    amount: l.args.value,
  }));
}

function recordingLogger() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies ChainLogger;
}

/** The node's own finalized block (anvil: 64 blocks below the head), and every block final at once. */
const tagFinality: FinalityRule = { tag: true, confirmations: 128 };
const instantFinality: FinalityRule = { tag: false, confirmations: 0 };

describe.each(engines)('reorganisations on %s', (engine) => {
  describe.skipIf(engine === 'postgres' && !postgresUp)('', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(engine);
    });
    afterAll(async () => {
      await database?.destroy();
    });
    beforeEach(async () => {
      proxy.lagBlocks = undefined;
      proxy.reset();
      await database.db.execute(sql`truncate token_transactions, chain_watcher_cursor, chain_indexed_blocks, reserve_snapshots cascade`);
    });

    const reader = () => createChainReader({ rpcUrl: proxy.url, tokenAddress: chain.tokenAddress, timeoutMs: 2000 });
    const watch = (options: Partial<TransferWatcherOptions> = {}) => {
      const r = reader();
      return startTransferWatcher({
        db: database.db,
        reader: r,
        deploymentBlock: chain.deploymentBlock,
        blockRange: 40,
        pollIntervalMs: 20,
        retryInitialMs: 10,
        retryMaxMs: 80,
        onRangeStored: reserveSnapshotsOnTransfers(database.db, recordingLogger()),
        ...options,
      });
    };
    const storedRows = async () => {
      const rows = await database.db
        .select()
        .from(tokenTransactions)
        .orderBy(asc(tokenTransactions.blockNumber), asc(tokenTransactions.logIndex));
      return rows.map((r) => ({
        txhash: r.txhash,
        logIndex: r.logIndex,
        blockNumber: r.blockNumber,
        blockHash: r.blockHash,
        txIndex: r.txIndex,
        amount: parseUnits(r.amount, 18),
        final: r.final,
      }));
    };
    /** Reserves snapshots the watcher wrote (a supply read at a block). */
    const chainSnapshots = () =>
      selectRows<{ block: number; supply: string }>(
        database.db,
        sql`select block_number::int as block, supply::text as supply from reserve_snapshots where reason in ('start', 'mint-burn') order by id`,
      );

    describe.each([
      ['instant', instantFinality],
      ['tag', tagFinality],
    ] as const)('with %s finality', (_name, finality) => {
      it.each([1, 5, 64])(
        'a reorganisation of %i blocks, transfers on both branches: the table equals the canonical chain',
        async (depth) => {
          const log = recordingLogger();
          const watcher = watch({ finality, log });
          const base = await direct.getBlockNumber();
          await watcher.waitForBlock(base);

          const snapshot = await rpc('evm_snapshot');
          const abandoned = [await chain.mint(wallets[0]!, parseUnits('5', 18))];
          if (depth >= 2) abandoned.push(await chain.transfer(wallets[0]!, wallets[1]!, parseUnits('1.5', 18)));
          if (depth >= 3) abandoned.push(await chain.burn(wallets[1]!, parseUnits('0.25', 18)));
          await mineTo(base + BigInt(depth));
          await watcher.waitForBlock(base + BigInt(depth));
          const stored = await storedRows();
          expect(abandoned.every((tx) => stored.some((r) => r.txhash === tx.hash))).toBe(true);
          if (finality === instantFinality) {
            // The abandoned mint was final at once and the reserves read the supply after it.
            await vi.waitFor(async () => expect((await chainSnapshots()).some((s) => s.block > Number(base))).toBe(true));
          }

          await rpc('evm_revert', [snapshot]);
          const replacing = [await chain.mint(wallets[2]!, parseUnits('7', 18))];
          if (depth >= 2) replacing.push(await chain.transfer(wallets[2]!, wallets[3]!, parseUnits('2', 18)));
          await mineTo(base + BigInt(depth) + 1n);
          await watcher.waitForBlock(base + BigInt(depth) + 1n);
          await watcher.stop();

          expect(watcher.status.lastReorg).toMatchObject({ depth, ancestor: Number(base) });
          expect(log.warn.mock.calls.some(([, msg]) => new RegExp(`reorganisation of ${depth} blocks`).test(String(msg)))).toBe(true);
          const rows = await storedRows();
          expect(rows.map(({ final: _final, ...row }) => row)).toEqual(await canonicalTransfers());
          expect(rows.some((r) => abandoned.some((tx) => tx.hash === r.txhash))).toBe(false);
          expect(replacing.every((tx) => rows.some((r) => r.txhash === tx.hash))).toBe(true);
          // Pending exactly above the finalized block the watcher last read.
          const finalized = watcher.status.finalizedBlock!;
          for (const row of rows) expect(row.final).toBe(row.blockNumber! <= finalized);
          if (finality === tagFinality) expect(rows.some((r) => !r.final)).toBe(true);
          // Every snapshot of the supply matches the canonical chain at its block: none is from an abandoned block.
          const snapshots = await chainSnapshots();
          expect(snapshots.length).toBeGreaterThan(0);
          for (const s of snapshots) {
            const onChain = await readSupply(reader(), BigInt(s.block));
            expect(parseUnits(s.supply, 18)).toBe(onChain.supply);
            expect(s.block).toBeLessThanOrEqual(finalized);
          }
        },
      );
    });

    it('a reorganisation deeper than the bound stops the watcher loudly and rescans nothing', async () => {
      const log = recordingLogger();
      const watcher = watch({ finality: instantFinality, maxReorgDepth: 8, log });
      const base = await direct.getBlockNumber();
      const snapshot = await rpc('evm_snapshot');
      await chain.mint(wallets[4]!, parseUnits('3', 18));
      await mineTo(base + 12n);
      await watcher.waitForBlock(base + 12n);
      const before = await storedRows();
      const [cursorBefore] = await database.db.select().from(chainWatcherCursors);

      await rpc('evm_revert', [snapshot]);
      await chain.mint(wallets[5]!, parseUnits('4', 18));
      await mineTo(base + 13n);
      await vi.waitFor(() => expect(watcher.status.state).toBe('halted'), { timeout: 10_000 });
      await expect(watcher.waitForBlock(base + 13n)).rejects.toThrow(/halted/);
      expect(watcher.status.lastError).toMatch(/reorganisation deeper than 8 blocks/);
      expect(watcher.status.lastErrorAt).toBeTruthy();
      expect(log.error).toHaveBeenCalledTimes(1);
      expect(String(log.error.mock.calls[0]![1])).toMatch(/deeper than 8 blocks.*no rescan/);
      proxy.reset();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(proxy.calls('eth_getLogs')).toHaveLength(0);
      // Nothing rolled back, nothing read again: an operator decides.
      expect(await storedRows()).toEqual(before);
      expect((await database.db.select().from(chainWatcherCursors))[0]).toEqual(cursorBefore);
      await watcher.stop();
      expect(watcher.status.state).toBe('halted');
    });

    it.each([
      ['instant', instantFinality],
      ['tag', tagFinality],
    ] as const)('two nodes behind one URL, one lagging, cause no rollback and no rescan (%s finality)', async (_name, finality) => {
      const log = recordingLogger();
      const watcher = watch({ finality, log });
      await watcher.waitForBlock(await direct.getBlockNumber());
      proxy.reset();
      proxy.lagBlocks = 2;
      const moves = [];
      for (let i = 0; i < 6; i++) {
        moves.push(await chain.mint(wallets[6]!, parseUnits(`${i + 1}`, 18)));
        moves.push(await chain.transfer(wallets[6]!, wallets[7]!, parseUnits('0.5', 18)));
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      await vi.waitFor(() => expect(proxy.lagged).toBeGreaterThan(10));
      await watcher.waitForBlock(moves.at(-1)!.blockNumber);
      await watcher.stop();
      expect(watcher.status.lastReorg).toBeUndefined();
      expect(log.warn.mock.calls.filter(([, msg]) => /reorganisation/.test(String(msg)))).toEqual([]);
      // No rescan: no log read starts below the block the watcher had reached.
      const first = Number(moves[0]!.blockNumber);
      for (const call of proxy.calls('eth_getLogs')) {
        const [filter] = call.params as Array<{ fromBlock?: string }>;
        if (filter?.fromBlock) expect(Number(filter.fromBlock), JSON.stringify(filter)).toBeGreaterThanOrEqual(first);
      }
      const rows = await storedRows();
      expect(rows.map(({ final: _final, ...row }) => row)).toEqual(await canonicalTransfers());
    });
  });
});
