import { asc } from 'drizzle-orm';
import { createPublicClient, createWalletClient, http, parseUnits, type Abi, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import testTokenArtifact from '../../../contracts/artifacts/TestToken.json';
import { tokenTransactions } from '../../db/schema';
import { createTestDatabase, engines, postgresReachable, type TestDatabase } from '../../test/test-databases';
import { readSupply } from '../reserves/supply-reader';
import { chainDefinition, normalizeAddress } from './chain-definition';
import { createChainReader } from './chain-reader';
import { startDemoChain, type DemoChain } from './demo-chain';
import { startTransferWatcher } from './transfer-watcher';

const postgresUp = await postgresReachable();
const abi = testTokenArtifact.abi as Abi;
const wallet = (i: number) => normalizeAddress(`0x${i.toString(16).padStart(6, '0')}${'6d6d6d'.repeat(5)}0000`);
const alice = wallet(1);
const bob = wallet(2);

let chain: DemoChain;
let token: Address;
let deploymentBlock: bigint;
let moves: Array<{ hash: Hex; type: 'MINT' | 'TRANSFER' | 'BURN'; amount: string }>;

/** OpenZeppelin's ERC20 with 6 decimals (as USDC), on the demo chain's anvil (it has Multicall3). */
beforeAll(async () => {
  chain = await startDemoChain({ wallets: [] });
  const client = createPublicClient({ transport: http(chain.rpcUrl), cacheTime: 0 });
  const owner = createWalletClient({
    chain: chainDefinition(chain.chainId, chain.rpcUrl),
    transport: http(chain.rpcUrl),
    account: chain.ownerAddress,
  });
  const deployed = await client.waitForTransactionReceipt({
    hash: await owner.deployContract({
      abi,
      bytecode: testTokenArtifact.bytecode as Hex,
      args: ['Six Decimals', 'SIX', 6, chain.ownerAddress],
    }),
  });
  token = deployed.contractAddress!;
  deploymentBlock = deployed.blockNumber;
  const send = async (functionName: string, args: unknown[]) => {
    const hash = await owner.writeContract({ address: token, abi, functionName, args });
    await client.waitForTransactionReceipt({ hash });
    return hash;
  };
  moves = [
    { hash: await send('mint', [alice, 1_234_567_891n]), type: 'MINT', amount: '1234.567891' },
    { hash: await send('mint', [chain.ownerAddress, 5_000_000n]), type: 'MINT', amount: '5' },
    { hash: await send('transfer', [bob, 1n]), type: 'TRANSFER', amount: '0.000001' },
    { hash: await send('burn', [alice, 234_567_891n]), type: 'BURN', amount: '234.567891' },
  ];
});
afterAll(async () => {
  await chain?.stop();
});

describe.each(engines)('a 6-decimals OpenZeppelin ERC20 on %s', (engine) => {
  describe.skipIf(engine === 'postgres' && !postgresUp)('', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(engine);
    });
    afterAll(async () => {
      await database?.destroy();
    });

    it('transfers are stored in tokens exactly, balances and supply read with its decimals', async () => {
      const reader = createChainReader({ rpcUrl: chain.rpcUrl, tokenAddress: token, chainId: chain.chainId });
      expect(await reader.tokenInfo()).toMatchObject({ symbol: 'SIX', decimals: 6 });
      const watcher = startTransferWatcher({
        db: database.db,
        reader,
        deploymentBlock,
        finality: { tag: false, confirmations: 0 },
        pollIntervalMs: 20,
      });
      const head = await reader.client.getBlockNumber();
      await watcher.waitForBlock(head);
      await watcher.stop();

      const rows = await database.db
        .select()
        .from(tokenTransactions)
        .orderBy(asc(tokenTransactions.blockNumber), asc(tokenTransactions.logIndex));
      expect(rows.map((r) => ({ hash: r.txhash, type: r.type, amount: Number(r.amount).toString() }))).toEqual(
        moves.map((m) => ({ hash: m.hash, type: m.type, amount: Number(m.amount).toString() })),
      );
      // numeric(36,18) keeps 6 decimals exactly.
      expect(rows.map((r) => r.amount.replace(/0+$/, '').replace(/\.$/, ''))).toEqual(moves.map((m) => m.amount));

      const [aliceBalance, bobBalance] = await reader.tokenBalances([alice, bob]);
      expect(aliceBalance).toEqual({ raw: 1_000_000_000n, value: '1000' });
      expect(bobBalance).toEqual({ raw: 1n, value: '0.000001' });
      // The reserves count tokens in 18-decimal units (1 token = 1 gram): 1005 tokens outstanding.
      expect((await readSupply(reader, head)).supply).toBe(parseUnits('1005', 18));
    });
  });
});
