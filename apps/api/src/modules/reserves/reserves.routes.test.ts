import { sql } from 'drizzle-orm';
import { createPublicClient, http, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReserveSnapshot, ReservesResponse } from '@gold/contract';
import { selectRows } from '../../db/client';
import { createTestApp, describeEachEngine, type TestApp } from '../../test/test-app';
import { engines, postgresReachable } from '../../test/test-databases';
import {
  createChainReader,
  startDemoChain,
  startTransferWatcher,
  type ChainServices,
  type DemoChain,
  type TransferWatcher,
} from '../chain';
import { startRpcProxy, type RpcProxy } from '../../../harness/rpc-proxy';
import { approveAtCounter, insertCustomer, insertRedemption } from '../../test/redemption-fixtures';
import { goldDenominations } from '../../db/schema';
import { recordReserveSnapshot, reserveSnapshotsOnTransfers } from './reserves.service';
import { addStock as addConfirmedStock } from '../../test/vault-fixtures';

const postgresUp = await postgresReachable();
const quiet = { info() {}, warn() {}, error() {} };
const wallet = '0x00000000000000000000000000000000000a11ce';
const tokens = (amount: string) => parseUnits(amount, 18);

describe.each(engines)('proof of reserves on the demo chain, on %s', (engine) => {
  describe.skipIf(engine === 'postgres' && !postgresUp)('', () => {
    let chain: DemoChain;
    let proxy: RpcProxy;
    let t: TestApp;
    let watcher: TransferWatcher;
    let services: ChainServices | undefined;

    beforeAll(async () => {
      chain = await startDemoChain({ wallets: [] });
      proxy = await startRpcProxy(chain.rpcUrl);
      t = await createTestApp(engine, {}, { chain: () => services });
      // The reader goes through the proxy, which can play a node that is down.
      const reader = createChainReader({ rpcUrl: proxy.url, tokenAddress: chain.tokenAddress, timeoutMs: 2000 });
      watcher = startTransferWatcher({
        db: t.database.db,
        reader,
        deploymentBlock: chain.deploymentBlock,
        // As on the demo chain: every block final at once.
        finality: { tag: false, confirmations: 0 },
        pollIntervalMs: 50,
        retryInitialMs: 20,
        retryMaxMs: 100,
        onRangeStored: reserveSnapshotsOnTransfers(t.database.db, quiet),
      });
      services = { reader, watcher, demo: chain, settlementAddresses: null, stop: async () => watcher.stop() };
    });
    afterAll(async () => {
      await watcher?.stop();
      await t?.close();
      await proxy?.close();
      await chain?.stop();
    });

    const reserves = async () => {
      const response = await t.injectAsAdmin({ url: '/api/admin/reserves' });
      expect(response.statusCode).toBe(200);
      return response.json<ReservesResponse>();
    };
    const history = async (query = '') => {
      const response = await t.injectAsAdmin({ url: `/api/admin/reserves/history${query}` });
      expect(response.statusCode).toBe(200);
      return response.json<{ data: ReserveSnapshot[]; total: number }>();
    };
    const latest = async () => (await history('?limit=1'))!.data[0]!;
    const crossings = () =>
      selectRows<{
        action: string;
        adminId: number | null;
        entityId: string;
        fromState: string;
        toState: string;
        details: Record<string, unknown>;
      }>(
        t.database.db,
        sql`select action, admin_id as "adminId", entity_id as "entityId", from_state as "fromState", to_state as "toState", details
              from audit_log where entity = 'reserves' order by id`,
      );
    // Add Amount proposes; a second supervisor confirms (four eyes): the stock is in when it returns.
    const addStock = (denom: number, amount: number) => addConfirmedStock(t, denom, amount);
    const head = () => createPublicClient({ transport: http(chain.rpcUrl), cacheTime: 0 }).getBlockNumber();

    it('takes a first snapshot once the watcher has caught up: no tokens, no gold, backed', async () => {
      await watcher.waitForBlock(await head());
      const first = await latest();
      expect(first).toMatchObject({
        reason: 'start',
        supply: '0',
        vaultGrams: '0',
        backed: true,
        coveragePercent: null,
        shortfallGrams: '0',
      });
      const now = await reserves();
      expect(now).toMatchObject({ status: 'live', message: null, ageSeconds: 0 });
      expect(now.reading).toMatchObject({ supply: '0', vaultGrams: '0', reservedGrams: '0', backed: true });
      expect(now.reading!.blockNumber).toBe(Number(await head()));

      // The readiness check details the watcher: caught up, nothing failing.
      const ready = await t.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      const block = Number(await head());
      expect(ready.json()).toMatchObject({
        status: 'ok',
        indexer: {
          state: 'running',
          headBlock: block,
          finalizedBlock: block,
          indexedBlock: block,
          lagBlocks: 0,
          lagSeconds: 0,
          stalled: false,
          lastError: null,
        },
      });
    });

    it('snapshots stock added (the supply stays the last one read)', async () => {
      expect((await addStock(10, 10)).result).toBe('Denom added');
      expect(await latest()).toMatchObject({ reason: 'stock-added', supply: '0', vaultGrams: '100', backed: true });
      expect(await crossings()).toEqual([]);
    });

    it('turns under-backed within one watcher cycle of a mint past the vault, audited once', async () => {
      const minted = await chain.mint(wallet, tokens('150'));
      await watcher.waitForBlock(minted.blockNumber);
      const snapshot = await latest();
      expect(snapshot).toMatchObject({
        reason: 'mint-burn',
        supply: '150',
        vaultGrams: '100',
        backed: false,
        shortfallGrams: '50',
        coveragePercent: '66.6666',
        blockNumber: Number(minted.blockNumber),
      });
      const now = await reserves();
      expect(now.status).toBe('live');
      expect(now.reading).toMatchObject({
        supply: '150',
        vaultGrams: '100',
        backed: false,
        shortfallGrams: '50',
        coveragePercent: '66.6666',
      });
      expect(await crossings()).toEqual([
        {
          action: 'reserves.under-backed',
          adminId: null,
          entityId: String(snapshot.id),
          fromState: 'backed',
          toState: 'under-backed',
          details: {
            reason: 'mint-burn',
            supply: '150',
            vaultGrams: '100',
            shortfallGrams: '50',
            coveragePercent: '66.6666',
            blockNumber: Number(minted.blockNumber),
          },
        },
      ]);
    });

    it('is backed again once stock is added, and the crossing back is audited with the admin who added it', async () => {
      expect((await addStock(10, 6)).result).toBe('Awaiting confirmation');
      expect(await latest()).toMatchObject({
        reason: 'stock-added',
        supply: '150',
        vaultGrams: '160',
        backed: true,
        coveragePercent: '106.6666',
      });
      expect((await reserves()).reading).toMatchObject({ backed: true, shortfallGrams: '0' });
      const audited = await crossings();
      expect(audited.map((a) => a.action)).toEqual(['reserves.under-backed', 'reserves.backed']);
      expect(audited[1]!.adminId).toEqual(expect.any(Number));
    });

    it('snapshots an approval (the pieces leave the vault, their burn in flight: no false under-backing) and shows reserved grams beside the vault', async () => {
      const db = t.database.db;
      const customer = await insertCustomer(db, 'Rina Kartika');
      const [denomination] = await selectRows<{ id: number }>(db, sql`select id from gold_denominations where denom = 10`);
      const pieces = [{ denominationId: denomination!.id, denom: 10, amount: 2 }];
      const open = await insertRedemption(db, { customerId: customer.id, status: 'PREPARATION', pieces });
      expect((await reserves()).reading).toMatchObject({ vaultGrams: '160', reservedGrams: '20' });
      const approved = await approveAtCounter((options) => t.injectAsAdmin(options), db, open);
      expect(approved.statusCode).toBe(200);
      // The burn of its 20 tokens is queued (no signer runs here): the vault backs 150 - 20.
      expect(await latest()).toMatchObject({
        reason: 'approval',
        supply: '150',
        burnsInFlight: '20',
        vaultGrams: '140',
        reservedGrams: '0',
        backed: true,
        coveragePercent: '107.6923',
        shortfallGrams: '0',
      });
      expect((await reserves()).reading).toMatchObject({ supply: '150', burnsInFlight: '20', backed: true });
      expect((await crossings()).map((a) => a.action)).toEqual(['reserves.under-backed', 'reserves.backed']);
    });

    it('snapshots a burn seen by the watcher', async () => {
      const burnt = await chain.burn(wallet, tokens('20.5'));
      await watcher.waitForBlock(burnt.blockNumber);
      expect(await latest()).toMatchObject({
        reason: 'mint-burn',
        supply: '129.5',
        burnsInFlight: '20',
        vaultGrams: '140',
        backed: true,
        coveragePercent: '127.8538',
      });
      // Backed since the stock was added: no crossing.
      expect((await crossings()).map((a) => a.action)).toEqual(['reserves.under-backed', 'reserves.backed']);
    });

    it('pages the history in the database, newest first, and streams it whole without limit', async () => {
      const reasons = ['mint-burn', 'approval', 'stock-added', 'mint-burn', 'stock-added', 'start'];
      const first = await history('?limit=4&page=0');
      expect(first.total).toBe(6);
      expect(first.data.map((s) => s.reason)).toEqual(reasons.slice(0, 4));
      expect((await history('?limit=4&page=1')).data.map((s) => s.reason)).toEqual(reasons.slice(4));
      const oldestFirst = await history('?order=asc');
      expect(oldestFirst.data.map((s) => s.reason)).toEqual([...reasons].reverse());
      expect(oldestFirst.data.map((s) => s.backed)).toEqual([true, true, false, true, true, true]);
      expect((await t.injectAsAdmin({ url: '/api/admin/reserves/history?page=1' })).statusCode).toBe(400);
    });

    it('exports the history as CSV', async () => {
      const response = await t.injectAsAdmin({ url: '/api/admin/export/reserves.csv?order=asc' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="reserves-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(lines[0]).toBe(
        'id,createdAt,reason,supply,vaultGrams,reservedGrams,coveragePercent,backed,shortfallGrams,blockNumber,blockTime',
      );
      expect(lines).toHaveLength(7);
      expect(lines[3]).toMatch(/^\d+,[^,]+,mint-burn,150,100,0,66\.6666,false,50,\d+,/);
    });

    it('with the node down, says so and answers the last good reading with its age, never a new figure', async () => {
      const before = await reserves();
      proxy.mode = 'down';
      try {
        const stale = await reserves();
        expect(stale.status).toBe('stale');
        expect(stale.message).toMatch(/chain node does not answer/);
        expect(stale.message).not.toContain(proxy.url);
        expect(stale.reading).toEqual(before.reading);
        expect(stale.readAt).toBe(before.readAt);
        expect(stale.ageSeconds).toBeGreaterThanOrEqual(0);
      } finally {
        proxy.mode = 'up';
      }
      expect((await reserves()).status).toBe('live');
    });

    it('audits each crossing exactly once when several admins add stock at the same moment', async () => {
      const before = (await crossings()).length;
      const minted = await chain.mint(wallet, tokens('100'));
      await watcher.waitForBlock(minted.blockNumber);
      expect(await latest()).toMatchObject({ supply: '229.5', vaultGrams: '140', backed: false });
      // Eight new denominations (no shared row lock): each addition alone is enough to be backed again.
      const added = await Promise.all(Array.from({ length: 8 }, (_, i) => addStock(100 + i, 1)));
      expect(added.map((r) => r.result)).toEqual(Array(8).fill('Denom added'));
      const after = (await crossings()).slice(before);
      expect(after.map((a) => a.action)).toEqual(['reserves.under-backed', 'reserves.backed']);
      const snapshots = (await history('?limit=10')).data;
      expect(
        snapshots
          .filter((s) => s.reason === 'stock-added')
          .slice(0, 8)
          .map((s) => s.backed),
      ).toEqual(Array(8).fill(true));
      expect(snapshots[0]).toMatchObject({ vaultGrams: String(140 + 100 * 8 + 28), backed: true });
    });

    it('dates a snapshot when it is written, not when its transaction began: the newest is the last written', async () => {
      // A transaction that began, then waited its turn (another admin's snapshot held the lock), then wrote.
      const began = await t.database.db.transaction(async (tx) => {
        const [start] = await selectRows<{ at: number }>(tx, sql`select (extract(epoch from now()) * 1000)::float8 as "at"`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.insert(goldDenominations).values({ denom: 300, amount: 1 });
        await recordReserveSnapshot(tx, { reason: 'stock-added' });
        return start!.at;
      });
      const newest = await latest();
      expect(newest).toMatchObject({ reason: 'stock-added', vaultGrams: String(140 + 100 * 8 + 28 + 300) });
      expect(Date.parse(newest.createdAt)).toBeGreaterThanOrEqual(began + 200);
    });
  });
});

describeEachEngine('proof of reserves without a chain', (t) => {
  it('says no reading exists rather than making one up', async () => {
    const response = await t().injectAsAdmin({ url: '/api/admin/reserves' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'unavailable',
      message: expect.stringMatching(/chain is not being read/),
      reading: null,
      readAt: null,
      ageSeconds: null,
      // The vault's side is read from the ledger whatever the chain does.
      byLocation: [
        {
          locationId: 1,
          code: 'JKT-01',
          name: 'Jakarta head office vault',
          available: 0,
          reserved: 0,
          vaultGrams: '0',
          reservedGrams: '0',
        },
      ],
    });
    expect((await t().injectAsAdmin({ url: '/api/admin/reserves/history?limit=10' })).json()).toEqual({ data: [], total: 0 });
  });

  it('takes no snapshot of stock added before any supply was read', async () => {
    const added = await t().injectAsAdmin({ method: 'POST', url: '/api/admin/physicalgold/add', payload: { denom: 5, amount: 3 } });
    expect(added.statusCode).toBe(201);
    expect((await t().injectAsAdmin({ url: '/api/admin/reserves/history' })).json()).toEqual({ data: [], total: 0 });
  });

  it('answers 401 without a session', async () => {
    expect((await t().app.inject({ url: '/api/admin/reserves' })).statusCode).toBe(401);
    expect((await t().app.inject({ url: '/api/admin/reserves/history' })).statusCode).toBe(401);
    expect((await t().app.inject({ url: '/api/admin/export/reserves.csv' })).statusCode).toBe(401);
  });
});
