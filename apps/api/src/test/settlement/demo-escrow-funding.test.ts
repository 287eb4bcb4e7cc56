import { sql } from 'drizzle-orm';
import { createPublicClient, http, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { goldTokenAbi } from '../../modules/chain/chain-definition';
import { planDemoHistory } from '../../modules/chain/demo-chain';
import { startChainServices, type ChainServices } from '../../modules/chain';
import { silentLogger } from '../../modules/chain/logger';
import { demoSettlementAddresses } from '../../modules/settlement/settlement-addresses';
import { runSettlementStep } from '../../modules/settlement/settlement.service';
import { insertCustomer, insertDenomination, insertRedemption } from '../redemption-fixtures';
import { createTestDatabase, type TestDatabase } from '../test-databases';

/**
 * The demo chain backs the seeded escrow deposits (block-less transfers, no chain behind them)
 * with tokens at the escrow address, so the first real burn of a seeded PREPARATION redemption
 * has something to burn; and that mint is no customer's deposit.
 */
describe('the demo chain funds the seeded escrow', () => {
  let database: TestDatabase;
  let services: ChainServices;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const { db } = database;
    const customer = await insertCustomer(db);
    const denominationId = await insertDenomination(db, 5, 10);
    const piece = (amount: number) => [{ denominationId, denom: 5, amount }];
    // Held: 5 + 0.10 and 10 + 0.20. Released by a hand-over: not in the escrow any more.
    await insertRedemption(db, { customerId: customer.id, status: 'PREPARATION', pieces: piece(1) });
    await insertRedemption(db, { customerId: customer.id, status: 'PREPARATION', pieces: piece(2) });
    const burned = await insertRedemption(db, { customerId: customer.id, status: 'PREPARATION', pieces: piece(3) });
    await db.execute(sql`update escrow_deposits set release = 'burn', released_at = now() where redemption_id = ${burned}`);
    services = await startChainServices({ db, log: silentLogger, demoWalletLimit: 10 });
  }, 60_000);
  afterAll(async () => {
    await services?.stop();
    await database?.destroy();
  });

  it("says where escrow and treasury are: the token owner and anvil's second account", () => {
    expect(services.settlementAddresses).toEqual(demoSettlementAddresses);
    expect(services.settlementAddresses!.escrow).toBe(services.demo!.ownerAddress);
  });

  it('mints the held seeded deposits to the escrow address, and the settlement step takes that mint for no deposit', async () => {
    const client = createPublicClient({ transport: http(services.demo!.rpcUrl), cacheTime: 0 });
    const balance = await client.readContract({
      address: services.demo!.tokenAddress,
      abi: goldTokenAbi,
      functionName: 'balanceOf',
      args: [services.demo!.ownerAddress],
    });
    expect(balance).toBe(parseUnits('15.3', 18));

    await services.watcher!.waitForBlock(await client.getBlockNumber());
    const deposits = () => selectRows<{ id: number }>(database.db, sql`select id from escrow_deposits order by id`);
    const before = await deposits();
    const step = await runSettlementStep(database.db, services.settlementAddresses!);
    expect(step.recorded).toBe(0);
    expect(await deposits()).toEqual(before);
  });

  it('plans the escrow mint as a pure function, balanced by burns from the largest balances: the supply stays', () => {
    const wallets = Array.from({ length: 12 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, 'a')}`);
    const escrow = { address: demoSettlementAddresses.escrow, held: parseUnits('15.3', 18) };
    const plan = planDemoHistory(wallets, 120, escrow);
    expect(plan).toEqual(planDemoHistory(wallets, 120, escrow));
    expect(plan.events).toContainEqual({ kind: 'mint', slot: 119, to: escrow.address, amount: escrow.held });
    const supply = (events: typeof plan.events) =>
      events.reduce((sum, e) => (e.kind === 'mint' ? sum + e.amount : e.kind === 'burn' ? sum - e.amount : sum), 0n);
    expect(supply(plan.events)).toBe(supply(planDemoHistory(wallets, 120).events));
    expect(planDemoHistory([], 120, { ...escrow, held: 0n }).events).toEqual([]);
  });
});
