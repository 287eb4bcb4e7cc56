import { eq, inArray } from 'drizzle-orm';
import { createPublicClient, http, parseEther, zeroAddress, type Address, type Hex, type PublicClient } from 'viem';
import type { Database } from '../db/client';
import { chainTransactions } from '../db/schema';
import { chainDefinition, goldTokenAbi, transferEvent } from '../modules/chain/chain-definition';
import { startDemoChain, type DemoChain } from '../modules/chain/demo-chain';

/** Test helpers: the demo chain (anvil) with tokens at the signer's address, and the outbox's rows. */

export interface SignerTestChain {
  chain: DemoChain;
  client: PublicClient;
  rpc(method: string, params?: unknown[]): Promise<unknown>;
  /** The signer's (anvil's first dev account, the token's owner) address, lower case. */
  signer: Address;
  /** Burn Transfer logs (to the zero address) from `from` in blocks after `fromBlock`. */
  burnLogs(from: Address, fromBlock: bigint): Promise<Array<{ hash: Hex; amount: bigint; block: bigint }>>;
  nonceOf(address: Address, blockTag?: 'latest' | 'pending'): Promise<number>;
}

export async function startSignerTestChain(tokens = 1000n): Promise<SignerTestChain> {
  const chain = await startDemoChain({ wallets: [] });
  const client = createPublicClient({ chain: chainDefinition(chain.chainId, chain.rpcUrl), transport: http(chain.rpcUrl), cacheTime: 0 });
  const signer = chain.ownerAddress.toLowerCase() as Address;
  await chain.mint(signer, parseEther(tokens.toString()));
  return {
    chain,
    client,
    signer,
    rpc: (method, params = []) => client.request({ method: method as never, params: params as never }),
    async burnLogs(from, fromBlock) {
      const logs = await client.getLogs({
        address: chain.tokenAddress,
        event: transferEvent,
        args: { from, to: zeroAddress },
        fromBlock,
        toBlock: 'latest',
      });
      return logs.map((log) => ({ hash: log.transactionHash, amount: log.args.value!, block: log.blockNumber }));
    },
    nonceOf: (address, blockTag = 'latest') => client.getTransactionCount({ address, blockTag }),
  };
}

export function tokenBalance(t: SignerTestChain, address: Address): Promise<bigint> {
  return t.client.readContract({ address: t.chain.tokenAddress, abi: goldTokenAbi, functionName: 'balanceOf', args: [address] });
}

/** Queues token movements as the API does (state 'queued'); their ids in order. */
export async function queueTransactions(
  db: Database,
  rows: Array<{ kind: 'burn' | 'fee' | 'refund'; toAddress: string; amount: string }>,
): Promise<number[]> {
  const inserted = await db.insert(chainTransactions).values(rows).returning({ id: chainTransactions.id });
  return inserted.map((r) => r.id);
}

export async function outboxRows(db: Database, ids: number[]) {
  const rows = await db.select().from(chainTransactions).where(inArray(chainTransactions.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)!);
}

export async function outboxRow(db: Database, id: number) {
  const [row] = await db.select().from(chainTransactions).where(eq(chainTransactions.id, id));
  return row!;
}
