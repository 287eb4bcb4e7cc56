import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { createPublicClient, http, parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bundledEntryPoint } from '../../test/api-processes';
import { goldTokenAbi, multicall3Address, multicall3RuntimeCode, normalizeAddress, transferEvent, zeroAddress } from './chain-definition';
import { planDemoHistory, startDemoChain, type DemoChain } from './demo-chain';

const wallets = Array.from({ length: 60 }, (_, i) => normalizeAddress(`0x${(i + 1).toString(16).padStart(4, '0')}${'de30'.repeat(9)}`));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('demo chain', () => {
  let chain: DemoChain;
  let client: ReturnType<typeof createPublicClient>;
  let startedAt: number;

  beforeAll(async () => {
    startedAt = Math.floor(Date.now() / 1000);
    chain = await startDemoChain({ wallets });
    client = createPublicClient({ transport: http(chain.rpcUrl), cacheTime: 0 });
  });
  afterAll(async () => {
    await chain?.stop();
  });

  const tokenBalance = (address: Address) =>
    client.readContract({ address: chain.tokenAddress, abi: goldTokenAbi, functionName: 'balanceOf', args: [address] });

  it('runs anvil on loopback as chain 137, with Multicall3 at its canonical address and the token deployed', async () => {
    expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(chain.chainId).toBe(137);
    expect(await client.getChainId()).toBe(137);
    expect((await client.getCode({ address: multicall3Address }))?.toLowerCase()).toBe(multicall3RuntimeCode.toLowerCase());
    // The first contract of anvil's first dev account: the same address on every start.
    expect(chain.tokenAddress).toBe('0x5fbdb2315678afecb367f032d93f642f64180aa3');
    expect(chain.ownerAddress).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
    const receiptBlock = await client.getBlock({ blockNumber: chain.deploymentBlock, includeTransactions: true });
    expect(receiptBlock.transactions.some((t) => typeof t !== 'string' && t.to === null)).toBe(true);
    const read = (functionName: 'name' | 'symbol' | 'decimals' | 'owner') =>
      client.readContract({ address: chain.tokenAddress, abi: goldTokenAbi, functionName });
    expect(await read('name')).toBe('Gold Rupiah Token');
    expect(await read('symbol')).toBe('GIDR');
    expect(await read('decimals')).toBe(18);
    expect(String(await read('owner')).toLowerCase()).toBe(chain.ownerAddress);
  });

  it('funds every wallet as planned, through real Transfer logs spread over the past month', async () => {
    const plan = planDemoHistory(wallets, 30 * 4);
    const expected = new Map<Address, bigint>(wallets.map((w) => [w, 0n]));
    const senders = new Set<Address>();
    for (const event of plan.events) {
      if (event.kind === 'mint') expected.set(event.to, expected.get(event.to)! + event.amount);
      if (event.kind === 'burn') expected.set(event.from, expected.get(event.from)! - event.amount);
      if (event.kind === 'transfer') {
        expected.set(event.from, expected.get(event.from)! - event.amount);
        expected.set(event.to, expected.get(event.to)! + event.amount);
        senders.add(event.from);
      }
    }
    for (const w of wallets) expect(await tokenBalance(w)).toBe(expected.get(w));
    for (const { address, wei } of plan.native) {
      const balance = await client.getBalance({ address });
      // Senders paid gas for their transfer; the others hold exactly what they were given.
      if (senders.has(address)) expect(balance > 0n && balance < wei).toBe(true);
      else expect(balance).toBe(wei);
    }

    expect(chain.history).toEqual({
      wallets: 60,
      mints: plan.events.filter((e) => e.kind === 'mint').length,
      transfers: plan.events.filter((e) => e.kind === 'transfer').length,
      burns: plan.events.filter((e) => e.kind === 'burn').length,
      blocks: new Set(plan.events.map((e) => e.slot)).size,
    });
    expect(chain.history.transfers).toBeGreaterThan(0);
    expect(chain.history.burns).toBeGreaterThan(0);

    const logs = await client.getLogs({
      address: chain.tokenAddress,
      event: transferEvent,
      fromBlock: chain.deploymentBlock,
      strict: true,
    });
    expect(logs).toHaveLength(plan.events.length);
    expect(logs.filter((l) => l.args.from === zeroAddress)).toHaveLength(chain.history.mints);
    expect(logs.filter((l) => l.args.to === zeroAddress)).toHaveLength(chain.history.burns);
    const times = logs.map((l) => Number(l.blockTimestamp));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(startedAt - 31 * 86_400);
    expect(Math.max(...times)).toBeLessThan(startedAt);
    times.forEach((t, i) => i > 0 && expect(t).toBeGreaterThanOrEqual(times[i - 1]!));
    expect(new Set(times).size).toBe(chain.history.blocks);
  });

  it('mines new movements at once, with the current time', async () => {
    const [from, to] = [wallets[0]!, wallets[1]!];
    const before = [await tokenBalance(from), await tokenBalance(to)];
    const sent = await chain.transfer(from, to, parseUnits('1.5', 18));
    expect([await tokenBalance(from), await tokenBalance(to)]).toEqual([
      before[0]! - parseUnits('1.5', 18),
      before[1]! + parseUnits('1.5', 18),
    ]);
    const block = await client.getBlock({ blockNumber: sent.blockNumber });
    expect(Number(block.timestamp)).toBeGreaterThanOrEqual(startedAt - 1);

    const minted = await chain.mint(to, 5n);
    const burned = await chain.burn(to, 2n);
    expect(burned.blockNumber).toBe(minted.blockNumber + 1n);
    expect(await tokenBalance(to)).toBe(before[1]! + parseUnits('1.5', 18) + 3n);
    // The customer wallet is not left impersonated: nobody can send from it without its key.
    await expect(client.request({ method: 'eth_sendTransaction', params: [{ from, to, value: '0x1' }] } as never)).rejects.toThrow();
  });

  it('is the same chain on every start, and no anvil outlives a parent killed with SIGKILL', async () => {
    // test/chain/demo-chain-child.ts, bundled (test/global-setup.ts).
    const child = spawn(process.execPath, [bundledEntryPoint('demo-chain-child'), ...wallets], { stdio: ['ignore', 'pipe', 'inherit'] });
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`child exited (${code})`)));
    });
    const other = JSON.parse(line) as { pid: number; tokenAddress: string; deploymentBlock: string; transactions: string[] };
    expect(alive(other.pid)).toBe(true);

    expect(other.tokenAddress).toBe(chain.tokenAddress);
    expect(other.deploymentBlock).toBe(String(chain.deploymentBlock));
    const ours = await client.getLogs({ address: chain.tokenAddress, event: transferEvent, fromBlock: 0n });
    // Same transaction hashes: a restarted demo gives the transfer watcher nothing new to store.
    expect(other.transactions).toEqual(ours.slice(0, other.transactions.length).map((l) => `${l.transactionHash}:${l.logIndex}`));
    expect(other.transactions.length).toBe(planDemoHistory(wallets, 120).events.length);

    child.kill('SIGKILL');
    await vi.waitFor(() => expect(alive(other.pid)).toBe(false), { timeout: 15_000, interval: 50 });
  });

  it('stop() ends anvil and can be called again', async () => {
    expect(alive(chain.pid)).toBe(true);
    await chain.stop();
    expect(alive(chain.pid)).toBe(false);
    await chain.stop();
  });
});

describe('demo history plan', () => {
  it('is a pure function of the wallets, and every wallet moves only after its purchase', () => {
    const plan = planDemoHistory(wallets, 120);
    expect(
      planDemoHistory(
        [...wallets].map((w) => w.toUpperCase().replace('0X', '0x')),
        120,
      ),
    ).toEqual(plan);
    for (const w of wallets) {
      const mine = plan.events.filter((e) => ('from' in e && e.from === w) || (e.kind === 'mint' && e.to === w));
      const firstMint = Math.min(...mine.filter((e) => e.kind === 'mint').map((e) => e.slot));
      for (const e of mine) if (e.kind !== 'mint') expect(e.slot).toBeGreaterThan(firstMint);
      expect(mine.every((e) => e.slot >= 0 && e.slot < 120)).toBe(true);
    }
    expect(planDemoHistory([], 120)).toEqual({ native: [], events: [], slots: 120 });
  });
});
