import { createPublicClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { sql } from 'drizzle-orm';
import { startDemoChain, type DemoChain } from '../../modules/chain';
import { transferEvent } from '../../modules/chain/chain-definition';
import { startApiProcess, waitUntil, type ApiProcess } from '../api-processes';
import { createTestDatabase, postgresReachable, type TestDatabase } from '../test-databases';

/**
 * Transfer watcher failover: two real API processes on one PostgreSQL database and one demo
 * chain (anvil). Tokens are minted and moved while the leader indexes; the leader is killed
 * (SIGKILL: no goodbye, its advisory lock goes with its connection); the other process takes
 * the lead and goes on from the stored cursor. Afterwards the stored transfers are the chain's
 * Transfer logs one for one, and the cursor was never seen to move backwards.
 */
const postgresUp = await postgresReachable();
if (!postgresUp) process.stdout.write('notice: no PostgreSQL reachable: the watcher failover test is skipped\n');

const walletA = '0x00000000000000000000000000000000000a11ce';
const walletB = '0x0000000000000000000000000000000000000b0b';

describe.skipIf(!postgresUp)('transfer watcher failover between two API processes', () => {
  let database: TestDatabase;
  let chain: DemoChain;
  let a: ApiProcess;
  let b: ApiProcess;

  const storedCursor = async () => {
    const [row] = await selectRows<{ next: string }>(database.db, sql`select next_block::text as next from chain_watcher_cursor`);
    return row ? Number(row.next) : undefined;
  };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    chain = await startDemoChain({ wallets: [walletA, walletB] });
  }, 120_000);
  afterAll(async () => {
    for (const api of [a, b]) if (api && api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGKILL');
    await Promise.all([a?.exited, b?.exited]);
    await chain?.stop();
    await database?.destroy();
  });

  it('the other process takes over within seconds; stored transfers equal the chain logs one for one; the cursor never moves back', async () => {
    const env = {
      DATABASE_URL: database.url!,
      RPC_URL: chain.rpcUrl,
      CHAIN_ID: String(chain.chainId),
      TOKEN_ADDRESS: chain.tokenAddress,
      TOKEN_DEPLOYMENT_BLOCK: String(chain.deploymentBlock),
    };
    // a first, so that it leads; then b, which follows.
    a = await startApiProcess(env);
    await waitUntil('process a to lead', () => /leadership taken/.test(a.output()), 30_000);
    b = await startApiProcess(env);

    // The cursor as stored, read every 50 ms for the whole test: it must never go down.
    const cursorSeen: number[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const next = await storedCursor();
        if (next !== undefined) cursorSeen.push(next);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    // Tokens minted and moved, one block each, all through the failover.
    let moving = true;
    let movements = 0;
    let lastMovedBlock = 0;
    const mover = (async () => {
      while (moving) {
        const tx =
          movements % 3 === 2
            ? await chain.transfer(walletA, walletB, 10n ** 17n)
            : await chain.mint(movements % 2 ? walletB : walletA, 10n ** 18n);
        movements++;
        lastMovedBlock = Number(tx.blockNumber);
      }
    })();

    try {
      // a has indexed some of the new movements: it is killed while it indexes.
      await waitUntil('a first movement', () => lastMovedBlock > 0, 30_000);
      const firstMoved = lastMovedBlock;
      await waitUntil('process a to index the new movements', async () => ((await storedCursor()) ?? 0) > firstMoved, 60_000);
      expect(b.output()).not.toMatch(/leadership taken/);
      a.child.kill('SIGKILL');
      await a.exited;
      const killedAt = lastMovedBlock;

      // b takes the lead within seconds (its next try at the lock after a's session ended), and indexes on.
      await waitUntil('process b to take the lead', () => /leadership taken/.test(b.output()), 15_000);
      await waitUntil('more movements after the take-over', () => lastMovedBlock > killedAt + 5, 60_000);
    } finally {
      moving = false;
      await mover;
    }

    const client = createPublicClient({ transport: http(chain.rpcUrl) });
    const head = Number(await client.getBlockNumber());
    await waitUntil('process b to index up to the head', async () => ((await storedCursor()) ?? 0) > head, 60_000);
    watching = false;
    await watcher;

    const logs = await client.getLogs({
      address: chain.tokenAddress,
      event: transferEvent,
      fromBlock: chain.deploymentBlock,
      toBlock: BigInt(head),
    });
    const onChain = logs.map((l) => `${l.transactionHash}:${l.logIndex}`).sort();
    const stored = (
      await selectRows<{ key: string }>(database.db, sql`select txhash || ':' || log_index as key from token_transactions`)
    ).map((r) => r.key);
    expect(movements).toBeGreaterThan(5);
    expect(new Set(stored).size).toBe(stored.length);
    expect(stored.sort()).toEqual(onChain);

    expect(cursorSeen.length).toBeGreaterThan(1);
    const backwards = cursorSeen.filter((next, i) => i > 0 && next < cursorSeen[i - 1]!);
    expect(backwards).toEqual([]);
    expect(b.output().match(/leadership taken/g)).toHaveLength(1);
  }, 300_000);
});
