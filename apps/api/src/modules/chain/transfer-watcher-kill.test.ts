import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { asc, sql } from 'drizzle-orm';
import { createPublicClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, selectRows, type DatabaseTarget } from '../../db/client';
import { tokenTransactions } from '../../db/schema';
import { bundledEntryPoint } from '../../test/api-processes';
import { createTestDatabase, engines, migratedDataDir, postgresReachable, type TestDatabase } from '../../test/test-databases';
import { startRpcProxy, type RpcProxy } from '../../../harness/rpc-proxy';
import { normalizeAddress, transferEvent } from './chain-definition';
import { createChainReader } from './chain-reader';
import { startDemoChain, type DemoChain } from './demo-chain';
import { startTransferWatcher } from './transfer-watcher';

const postgresUp = await postgresReachable();
const wallets = Array.from({ length: 60 }, (_, i) =>
  normalizeAddress(`0x${(i + 1).toString(16).padStart(6, '0')}${'c1c1c1'.repeat(5)}0000`),
);

let chain: DemoChain;
let proxy: RpcProxy;

beforeAll(async () => {
  chain = await startDemoChain({ wallets });
  proxy = await startRpcProxy(chain.rpcUrl);
  // A distant node: ranges take a while, so the kill lands while one is being read or stored.
  proxy.delayMs = 15;
});
afterAll(async () => {
  await proxy?.close();
  await chain?.stop();
});

/** Runs the watcher in a child process until it has stored `ranges` ranges, then SIGKILLs it. */
async function killMidway(database: DatabaseTarget, ranges: number): Promise<number> {
  const child = spawn(
    process.execPath,
    [
      bundledEntryPoint('transfer-watcher-child'),
      JSON.stringify({ rpcUrl: proxy.url, tokenAddress: chain.tokenAddress, deploymentBlock: String(chain.deploymentBlock), database }),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let stored = 0;
  let last = 0;
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      for (const match of chunk.toString().matchAll(/stored (\d+)/g)) {
        stored++;
        last = Number(match[1]);
      }
      if (stored >= ranges) resolve();
    });
    void exited.then(() => reject(new Error('the watcher process ended before it was killed')));
  });
  child.kill('SIGKILL');
  await exited;
  return last;
}

describe.each(engines)('transfer watcher killed mid-range on %s', (engine) => {
  describe.skipIf(engine === 'postgres' && !postgresUp)('', () => {
    let postgres: TestDatabase | undefined;
    let dataDir: string | undefined;
    beforeAll(async () => {
      if (engine === 'postgres') postgres = await createTestDatabase('postgres');
      else dataDir = await migratedDataDir();
    });
    afterAll(async () => {
      await postgres?.destroy();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('resumes after SIGKILL with no gap and no duplicate', async () => {
      const target: DatabaseTarget = postgres ? { kind: 'postgres', url: postgres.url! } : { kind: 'pglite', dataDir: dataDir! };
      const reachedBlock = await killMidway(target, 4);
      const direct = createPublicClient({ transport: http(chain.rpcUrl), cacheTime: 0 });
      const head = await direct.getBlockNumber();
      expect(reachedBlock).toBeLessThan(Number(head));

      // PGlite: one process per data folder, opened again only now that the child is gone.
      const handle = postgres ?? (await openDatabase(target));
      try {
        const [{ n: before } = { n: 0 }] = await selectRows<{ n: number }>(
          handle.db,
          sql`select count(*)::int as n from token_transactions`,
        );
        expect(before).toBeGreaterThan(0);
        const watcher = startTransferWatcher({
          db: handle.db,
          reader: createChainReader({ rpcUrl: chain.rpcUrl, tokenAddress: chain.tokenAddress }),
          deploymentBlock: chain.deploymentBlock,
          finality: { tag: false, confirmations: 0 },
          pollIntervalMs: 20,
        });
        await watcher.waitForBlock(head);
        await watcher.stop();

        const logs = await direct.getLogs({
          address: chain.tokenAddress,
          event: transferEvent,
          fromBlock: chain.deploymentBlock,
          strict: true,
        });
        const rows = await handle.db
          .select({ txhash: tokenTransactions.txhash, logIndex: tokenTransactions.logIndex, blockHash: tokenTransactions.blockHash })
          .from(tokenTransactions)
          .orderBy(asc(tokenTransactions.blockNumber), asc(tokenTransactions.logIndex));
        expect(rows.length).toBeGreaterThan(before);
        expect(rows).toEqual(logs.map((l) => ({ txhash: l.transactionHash, logIndex: l.logIndex, blockHash: l.blockHash })));
      } finally {
        if (!postgres) await handle.close();
      }
    });
  });
});
