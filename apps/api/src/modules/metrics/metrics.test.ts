import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { postgresReachable } from '../../test/test-databases';
import { createChainReader } from '../chain/chain-reader';
import { startDemoChain, type DemoChain } from '../chain/demo-chain';
import type { ChainServices } from '../chain';
import { startTransferWatcher, type TransferWatcher } from '../chain/transfer-watcher';

const token = 'scrape-token-of-the-metrics-test-0123';
const postgresUp = await postgresReachable();

describe.each(['pglite', 'postgres'] as const)('/metrics on %s', (engine) => {
  describe.skipIf(engine === 'postgres' && !postgresUp)('', () => {
    let chain: DemoChain;
    let watcher: TransferWatcher;
    let services: ChainServices | undefined;
    let t: TestApp;

    beforeAll(async () => {
      chain = await startDemoChain({ wallets: [] });
      t = await createTestApp(engine, { METRICS_TOKEN: token }, { chain: () => services });
      const reader = createChainReader({ rpcUrl: chain.rpcUrl, tokenAddress: chain.tokenAddress });
      watcher = startTransferWatcher({
        db: t.database.db,
        reader,
        deploymentBlock: chain.deploymentBlock,
        finality: { tag: false, confirmations: 0 },
        pollIntervalMs: 50,
      });
      services = { reader, watcher, demo: chain, settlementAddresses: null, stop: () => watcher.stop() };
    });
    afterAll(async () => {
      await watcher?.stop();
      await t?.close();
      await chain?.stop();
    });

    it('is not public: without the bearer token it does not exist', async () => {
      for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: token }]) {
        const response = await t.app.inject({ url: '/metrics', headers });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('indexer_lag_blocks');
      }
    });

    it('reports indexer lag, RPC requests by method, HTTP latency by route and the database pool', async () => {
      await watcher.waitForBlock(chain.deploymentBlock);
      await t.app.inject({ url: '/api/health/ready' });
      const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      const text = response.body;
      expect(text).toMatch(/^indexer_lag_blocks \d+$/m);
      expect(text).toMatch(/^indexer_indexed_block \d+$/m);
      expect(text).toMatch(/^indexer_halted 0$/m);
      expect(text).toMatch(/^chain_rpc_requests_total\{method="eth_getBlockByNumber"\} [1-9]\d*$/m);
      expect(text).toMatch(/^chain_rpc_requests_total\{method="eth_getLogs"\} [1-9]\d*$/m);
      expect(text).toMatch(
        /^http_request_duration_seconds_count\{method="GET",route="\/api\/health\/ready",status_code="200"\} [1-9]\d*$/m,
      );
      expect(text).toMatch(/^db_pool_connections_in_use \d+$/m);
    });
  });
});
