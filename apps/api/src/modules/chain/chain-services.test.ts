import { createPublicClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, tokenTransactions } from '../../db/schema';
import { createTestDatabase, postgresReachable, type TestDatabase } from '../../test/test-databases';
import { transferEvent } from './chain-definition';
import { customerWallets, startChainServices, type ChainServices } from './index';
import { silentLogger } from './logger';

// The transfer watcher's own tests run on both engines; this one wiring check takes the faster.
const engine = (await postgresReachable()) ? 'postgres' : 'pglite';
const wallet = (i: number) => `0x${(i + 1).toString(16).padStart(4, '0')}${'5e47'.repeat(9)}`;

describe('chain services (the wiring server.ts uses) on the demo chain', () => {
  let database: TestDatabase;
  let services: ChainServices;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await database.db
      .insert(customers)
      .values([
        ...Array.from({ length: 12 }, (_, i) => ({ fullName: `Pelanggan ${i}`, email: `p${i}@example.com`, walletAddress: wallet(i) })),
        { fullName: 'Tanpa Dompet', email: 'no-wallet@example.com', walletAddress: null },
      ]);
    services = await startChainServices({ db: database.db, log: silentLogger, demoWalletLimit: 10 });
  });
  afterAll(async () => {
    await services?.stop();
    await database?.destroy();
  });

  it('funds the first customers with a wallet, reads their balances and imports the demo transfers', async () => {
    expect(await customerWallets(database.db, 10)).toEqual(Array.from({ length: 10 }, (_, i) => wallet(i)));
    expect(services.demo!.history.wallets).toBe(10);

    const balances = await services.reader.balances([wallet(0), wallet(9), wallet(10)]);
    expect(balances[0]!.token.raw).toBeGreaterThan(0n);
    expect(balances[1]!.native.raw).toBeGreaterThan(0n);
    expect(balances[2]).toMatchObject({ token: { raw: 0n, value: '0' }, native: { raw: 0n, value: '0' } }); // beyond the limit

    const client = createPublicClient({ transport: http(services.demo!.rpcUrl), cacheTime: 0 });
    await services.watcher!.waitForBlock(await client.getBlockNumber());
    const logs = await client.getLogs({ address: services.demo!.tokenAddress, event: transferEvent, fromBlock: 0n });
    expect(await database.db.$count(tokenTransactions)).toBe(logs.length);
  });

  it('stops the watcher, then anvil', async () => {
    const pid = services.demo!.pid;
    await services.stop();
    expect(services.watcher!.status.state).toBe('stopped');
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it('refuses an RPC URL without the token address and its deployment block', async () => {
    await expect(startChainServices({ db: database.db, log: silentLogger, rpcUrl: 'http://127.0.0.1:1' })).rejects.toThrow(
      /token address and its deployment block/,
    );
  });
});
