import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createPublicClient, http, numberToHex, parseUnits } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { healthResponse, type AdminEvent } from '@gold/contract';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/config';
import { selectRows } from '../../db/client';
import { insertTestAdmin, signInCookie } from '../test-app';
import { createTestDatabase, engines, postgresReachable, type TestDatabase } from '../test-databases';
import { eventsAfter, latestEventId } from '../../modules/live-updates/live-updates.repository';
import { normalizeAddress } from '../../modules/chain/chain-definition';
import { createChainReader } from '../../modules/chain/chain-reader';
import { startDemoChain, type DemoChain } from '../../modules/chain/demo-chain';
import type { ChainServices } from '../../modules/chain/index';
import { readIndexerStatus, writeIndexerStatus } from '../../modules/chain/indexer-status';
import { startTransferWatcher, type TransferWatcher, type TransferWatcherOptions } from '../../modules/chain/transfer-watcher';

const postgresUp = await postgresReachable();
const metricsToken = 'scrape-token-of-the-indexer-status-test';
/** The watcher polls every 20 ms; a machine busy with other work may take a while. */
const wait = { timeout: 20_000, interval: 50 };
const wallets = Array.from({ length: 4 }, (_, i) =>
  normalizeAddress(`0x${(i + 1).toString(16).padStart(6, '0')}${'1d5a7e'.repeat(5)}0000`),
);

let chain: DemoChain;
let direct: ReturnType<typeof createPublicClient>;
const rpc = (method: string, params: unknown[] = []) => direct.request({ method: method as never, params: params as never });
async function mineTo(target: bigint) {
  const head = await direct.getBlockNumber();
  if (target > head) await rpc('anvil_mine', [numberToHex(target - head)]);
}

beforeAll(async () => {
  chain = await startDemoChain({ wallets });
  direct = createPublicClient({ transport: http(chain.rpcUrl), cacheTime: 0 });
});
afterAll(async () => {
  await chain?.stop();
});

/**
 * Two API processes on one database, as with WORKERS=2: the leader runs the transfer watcher, the
 * other has the same chain but no watcher. Whatever the leader's watcher does (indexing, a
 * reorganisation, a halt) the other's health details and /metrics say it, read from the
 * database; rollbacks and finality tell the open consoles in the transaction that made them.
 */
describe.each(engines)('the indexer status and its live events on %s', (engine) => {
  describe.skipIf(engine === 'postgres' && !postgresUp)('', () => {
    let database: TestDatabase;
    let leader: FastifyInstance;
    let other: FastifyInstance;
    let watcher: TransferWatcher | null = null;
    const reader = () => createChainReader({ rpcUrl: chain.rpcUrl, tokenAddress: chain.tokenAddress, timeoutMs: 2000 });
    const services = (own: () => TransferWatcher | null): ChainServices => {
      const r = reader();
      return {
        reader: r,
        get watcher() {
          return own();
        },
        demo: chain,
        settlementAddresses: null,
        stop: async () => {},
      };
    };

    beforeAll(async () => {
      database = await createTestDatabase(engine);
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', METRICS_TOKEN: metricsToken });
      const leaderServices = services(() => watcher);
      const otherServices = services(() => null);
      leader = await buildApp({ db: database.db, config, webDistDir: null, chain: () => leaderServices });
      // Built last: /metrics' gauges read through the app registered last in this process.
      other = await buildApp({ db: database.db, config, webDistDir: null, chain: () => otherServices });
      await Promise.all([leader.ready(), other.ready()]);
    });
    afterAll(async () => {
      await watcher?.stop();
      await other?.close();
      await leader?.close();
      await database?.destroy();
    });
    beforeEach(async () => {
      await watcher?.stop();
      watcher = null;
      await database.db.execute(
        sql`truncate token_transactions, chain_watcher_cursor, chain_indexed_blocks, reserve_snapshots, chain_indexer_status cascade`,
      );
    });

    const watch = (options: Partial<TransferWatcherOptions> = {}) =>
      (watcher = startTransferWatcher({
        db: database.db,
        reader: reader(),
        deploymentBlock: chain.deploymentBlock,
        finality: { tag: false, confirmations: 0 },
        pollIntervalMs: 20,
        retryInitialMs: 10,
        retryMaxMs: 80,
        statusWriteMs: 50,
        ...options,
      }));
    const health = async (app: FastifyInstance) => {
      const response = await app.inject({ url: '/api/health/ready' });
      expect(response.statusCode).toBe(200);
      return healthResponse.parse(response.json());
    };
    const metrics = async () => (await other.inject({ url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } })).body;
    const transferEvents = async (after: number) =>
      (await eventsAfter(database.db, after)).filter(
        (e): e is Extract<AdminEvent, { type: 'transactions.changed' }> => e.type === 'transactions.changed',
      );

    it('a process without the watcher reports the leader’s status: health details and /metrics', async () => {
      expect((await health(other)).indexer).toBeNull();
      const head = await direct.getBlockNumber();
      watch();
      await watcher!.waitForBlock(head);
      await vi.waitFor(
        async () => expect((await health(other)).indexer).toMatchObject({ state: 'running', indexedBlock: Number(head) }),
        wait,
      );
      const seen = (await health(other)).indexer!;
      expect(seen).toMatchObject({ headBlock: Number(head), finalizedBlock: Number(head), lagBlocks: 0, stalled: false, lastError: null });
      expect(Date.parse(seen.updatedAt!)).toBeGreaterThan(Date.now() - 60_000);
      expect((await health(other)).alerts).toEqual([]);
      const text = await metrics();
      expect(text).toMatch(new RegExp(`^indexer_indexed_block ${Number(head)}$`, 'm'));
      expect(text).toMatch(/^indexer_halted 0$/m);

      // Stopped with the process: the others see it stopped, not running forever.
      await watcher!.stop();
      expect((await health(other)).indexer!.state).toBe('stopped');
    });

    it('the reserves of a process without the watcher count final supply only: read at the leader’s finalized block', async () => {
      // The node's finalized tag (anvil: 64 blocks below the head), past the token's deployment.
      await mineTo((await direct.getBlockNumber()) + 70n);
      const head = await direct.getBlockNumber();
      watch({ finality: { tag: true, confirmations: 128 } });
      await watcher!.waitForBlock(head);
      const finalized = watcher!.status.finalizedBlock!;
      expect(finalized).toBeGreaterThan(Number(chain.deploymentBlock));
      expect(finalized).toBeLessThan(Number(head));
      await vi.waitFor(async () => expect((await health(other)).indexer!.finalizedBlock).toBe(finalized), wait);
      await insertTestAdmin(database);
      const cookie = await signInCookie(other);
      const reserves = await other.inject({ url: '/api/admin/reserves', headers: { cookie } });
      expect(reserves.statusCode).toBe(200);
      expect(reserves.json().reading).toMatchObject({ blockNumber: finalized });
    });

    it('a stopping watcher does not cover the status a newer one wrote', async () => {
      const key = { chainId: 137, contractAddress: chain.tokenAddress };
      const base = { headBlock: 5, finalizedBlock: 5, indexedBlock: 5, lagBlocks: 0, lagSeconds: 0, stalled: false };
      const none = { lastError: null, lastErrorAt: null, lastReorg: null };
      const old = await writeIndexerStatus(database.db, key, { state: 'running', ...base, ...none });
      await new Promise((resolve) => setTimeout(resolve, 5));
      await writeIndexerStatus(database.db, key, { state: 'running', ...base, indexedBlock: 9, ...none });
      expect(await writeIndexerStatus(database.db, key, { state: 'stopped', ...base, ...none }, old)).toBeUndefined();
      expect(await readIndexerStatus(database.db, key)).toMatchObject({ state: 'running', indexedBlock: 9 });
    });

    it('a reorganisation tells the consoles in its own transaction, and new and final rows do too', async () => {
      const head = await direct.getBlockNumber();
      // The node's finalized tag (anvil: 64 blocks below the head): the new rows are pending first.
      watch({ finality: { tag: true, confirmations: 128 } });
      await watcher!.waitForBlock(head);
      const before = await latestEventId(database.db);

      const snapshot = await rpc('evm_snapshot');
      const abandoned = await chain.mint(wallets[0]!, parseUnits('5', 18));
      await mineTo(head + 3n);
      await watcher!.waitForBlock(head + 3n);
      const stored = await transferEvents(before);
      expect(stored).toContainEqual(expect.objectContaining({ change: 'stored', fromBlock: Number(abandoned.blockNumber) }));

      await rpc('evm_revert', [snapshot]);
      const replacing = await chain.mint(wallets[1]!, parseUnits('7', 18));
      await mineTo(head + 4n);
      await watcher!.waitForBlock(head + 4n);
      expect(watcher!.status.lastReorg).toMatchObject({ ancestor: Number(head) });
      const afterReorg = await transferEvents(before);
      const rollback = afterReorg.find((e) => e.change === 'rolled-back');
      expect(rollback).toMatchObject({ fromBlock: Number(head) + 1 });
      // Written with the rollback: the abandoned row is gone by the event's id, the new one follows it.
      const [row] = await selectRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from token_transactions where txhash = ${abandoned.hash}`,
      );
      expect(row!.n).toBe(0);
      expect(afterReorg.findIndex((e) => e.change === 'stored' && e.id > rollback!.id)).toBeGreaterThan(-1);
      // The other process shows the reorganisation too.
      await vi.waitFor(async () => expect((await health(other)).indexer!.lastReorg).toMatchObject({ ancestor: Number(head) }), wait);

      // Past anvil's finalized depth the replacing mint becomes final: one more event.
      const final = await latestEventId(database.db);
      await mineTo(replacing.blockNumber + 70n);
      await vi.waitFor(async () => {
        const [mint] = await selectRows<{ final: boolean }>(
          database.db,
          sql`select final from token_transactions where txhash = ${replacing.hash}`,
        );
        expect(mint!.final).toBe(true);
      }, wait);
      const finality = (await transferEvents(final)).filter((e) => e.change === 'final');
      expect(finality.length).toBeGreaterThan(0);
      expect(finality[0]!.fromBlock).toBeLessThanOrEqual(Number(replacing.blockNumber));
    });

    it('a halted watcher is loud in every process: health alerts, its details and /metrics, readiness still 200', async () => {
      const head = await direct.getBlockNumber();
      watch({ maxReorgDepth: 4 });
      const snapshot = await rpc('evm_snapshot');
      await chain.mint(wallets[2]!, parseUnits('3', 18));
      await mineTo(head + 8n);
      await watcher!.waitForBlock(head + 8n);
      await rpc('evm_revert', [snapshot]);
      await chain.mint(wallets[3]!, parseUnits('4', 18));
      await mineTo(head + 9n);
      await vi.waitFor(() => expect(watcher!.status.state).toBe('halted'), wait);

      await vi.waitFor(async () => expect((await health(other)).indexer!.state).toBe('halted'), wait);
      const answer = await health(other);
      expect(answer.status).toBe('ok');
      expect(answer.indexer!.lastError).toMatch(/reorganisation deeper than 4 blocks/);
      expect(answer.alerts![0]).toMatch(/^the chain indexer halted: reorganisation deeper than 4 blocks/);
      expect(await metrics()).toMatch(/^indexer_halted 1$/m);
      // Stopping a halted watcher keeps the halt on record until someone restarts it.
      await watcher!.stop();
      expect((await health(other)).indexer!.state).toBe('halted');
    });
  });
});
