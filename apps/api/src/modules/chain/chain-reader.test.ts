import { createPublicClient, formatUnits, http, type Address } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { goldTokenAbi, normalizeAddress } from './chain-definition';
import { createChainReader, type ChainReaderOptions } from './chain-reader';
import { startDemoChain, type DemoChain } from './demo-chain';
import { ChainReadError, InvalidWalletAddressError } from './errors';
import { startExplorerStandIn, type ExplorerStandIn } from '../../test/chain/explorer-stand-in';
import { startRpcProxy, type RpcProxy } from '../../../harness/rpc-proxy';

/** 150 customer wallets, as the seed makes them: plain lower-case addresses without keys. */
const wallets = Array.from({ length: 150 }, (_, i) =>
  normalizeAddress(`0x${(i + 1).toString(16).padStart(8, '0')}${'c0ffee'.repeat(5)}00`),
);
const page = (n: number, size = 100) => wallets.slice(n * size, (n + 1) * size);

describe('chain reader against a real anvil', () => {
  let chain: DemoChain;
  let proxy: RpcProxy;
  /** Reads straight from anvil, one request per value: the reference the reader must match. */
  let direct: ReturnType<typeof createPublicClient>;

  beforeAll(async () => {
    chain = await startDemoChain({ wallets });
    proxy = await startRpcProxy(chain.rpcUrl);
    direct = createPublicClient({ transport: http(chain.rpcUrl) });
  });
  afterAll(async () => {
    await proxy?.close();
    await chain?.stop();
  });
  beforeEach(() => {
    proxy.mode = 'up';
    proxy.reset();
  });

  const reader = (options: Partial<ChainReaderOptions> = {}) =>
    createChainReader({ rpcUrl: proxy.url, tokenAddress: chain.tokenAddress, ...options });
  const expected = async (address: Address) => ({
    token: await direct.readContract({ address: chain.tokenAddress, abi: goldTokenAbi, functionName: 'balanceOf', args: [address] }),
    native: await direct.getBalance({ address }),
  });

  it("reads the token's name, symbol and decimals from the contract once", async () => {
    const r = reader();
    expect(await r.tokenInfo()).toEqual({ address: chain.tokenAddress, name: 'Gold Rupiah Token', symbol: 'GIDR', decimals: 18 });
    expect(proxy.calls('eth_call')).toHaveLength(1);
    await r.tokenInfo();
    expect(proxy.calls()).toHaveLength(1);
  });

  it('reads token and native balances of a page of 100 wallets in ONE eth_call, equal to one-by-one reads', async () => {
    const r = reader();
    await r.tokenInfo();
    proxy.reset();
    const started = performance.now();
    const balances = await r.balances(page(0));
    const ms = performance.now() - started;

    expect(proxy.requests).toHaveLength(1);
    expect(proxy.calls()).toEqual([expect.objectContaining({ method: 'eth_call' })]);
    const [call] = proxy.calls('eth_call');
    expect((call!.params[0] as { to: string }).to.toLowerCase()).toBe('0xca11bde05977b3631167028862be2a173976ca11');

    expect(balances.map((b) => b.address)).toEqual(page(0));
    // The reference: the same page one request per value (200 requests) straight to anvil.
    const oneByOne = performance.now();
    const truths = await Promise.all(page(0).map((address) => expected(address)));
    const oneByOneMs = performance.now() - oneByOne;
    balances.forEach((balance, i) => {
      expect(balance.token).toEqual({ raw: truths[i]!.token, value: formatUnits(truths[i]!.token, 18) });
      expect(balance.native).toEqual({ raw: truths[i]!.native, value: formatUnits(truths[i]!.native, 18) });
    });
    // The demo funded every wallet with tokens and POL.
    expect(balances.every((b) => b.token.raw > 0n && b.native.raw > 0n)).toBe(true);
    console.log(
      `[figures] 100 wallets: 1 eth_call through Multicall3 in ${ms.toFixed(1)} ms; ` +
        `one request per value (200 requests) in ${oneByOneMs.toFixed(1)} ms`,
    );
  });

  it('keeps values exact: base units as bigint and the decimal string divided by 10^18', async () => {
    const fresh = normalizeAddress('0x00000000000000000000000000000000000f00d1');
    await chain.mint(fresh, 123_456_789_012_345_678_901n);
    const [balance] = await reader().balances([fresh]);
    expect(balance!.token).toEqual({ raw: 123_456_789_012_345_678_901n, value: '123.456789012345678901' });
    expect(balance!.native).toEqual({ raw: 0n, value: '0' });
  });

  it('reuses a page read within the cache time: paging back costs nothing, a new page one eth_call', async () => {
    let now = 1_000_000;
    const r = reader({ cacheTtlMs: 15_000, now: () => now });
    await r.tokenInfo();
    await r.balances(page(0));
    proxy.reset();

    await r.balances(page(1, 50)); // wallets 50-99: already read
    await r.balances(page(0));
    expect(proxy.calls()).toHaveLength(0);

    const overlapping = wallets.slice(80, 130); // 20 cached, 30 new
    const balances = await r.balances(overlapping);
    expect(proxy.calls('eth_call')).toHaveLength(1);
    expect(balances.map((b) => b.address)).toEqual(overlapping);

    now += 15_000; // expired
    proxy.reset();
    await r.balances(page(0));
    expect(proxy.calls('eth_call')).toHaveLength(1);
  });

  it('shares one eth_call between callers asking for the same wallets at once', async () => {
    const r = reader();
    await r.tokenInfo();
    proxy.reset();
    const [a, b, c] = await Promise.all([r.balances(page(0)), r.balances(page(0)), r.tokenBalances(page(0))]);
    expect(proxy.calls('eth_call')).toHaveLength(1);
    expect(b).toEqual(a);
    expect(c).toEqual(a.map((x) => x.token));
  });

  it('answers duplicates in the order asked, and token or native balances alone', async () => {
    const r = reader();
    const asked = [wallets[3]!, wallets[1]!, wallets[3]!.toUpperCase().replace('0X', '0x')];
    const balances = await r.balances(asked);
    expect(balances.map((b) => b.address)).toEqual([wallets[3], wallets[1], wallets[3]]);
    expect(balances[2]).toEqual(balances[0]);
    const native = await reader().nativeBalances([wallets[1]!]);
    expect(native[0]!.raw).toBe((await expected(wallets[1]!)).native);
  });

  it('fails a read when the node is down, with an error per call, and reads again once it is back', async () => {
    const r = reader();
    await r.tokenInfo();
    proxy.mode = 'down';
    const error = await r.balances(page(0)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainReadError);
    expect((error as ChainReadError).source).toBe('rpc');
    // The node is named by origin only: the path of an RPC URL often holds an API key.
    expect((error as Error).message).not.toContain('secret-key-in-path');

    proxy.mode = 'up';
    const balances = await r.balances(page(0));
    expect(balances).toHaveLength(100);
  });

  it('gives up on a node that does not answer in time instead of holding the page', async () => {
    const r = reader({ timeoutMs: 300 });
    proxy.mode = 'hang';
    const error = await r.balances(wallets.slice(0, 5)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainReadError);
    expect((error as Error).message).toMatch(/could not be read/);
  });

  it('refuses what is not a wallet address before asking the node', async () => {
    const r = reader();
    for (const bad of ['0x123', 'not-an-address', `${wallets[0]}00`, "0x' or 1=1 --", '']) {
      await expect(r.balances([bad])).rejects.toBeInstanceOf(InvalidWalletAddressError);
    }
    expect(proxy.calls()).toHaveLength(0);
  });

  it('fails clearly when the token address holds no token', async () => {
    const r = reader({ tokenAddress: '0x000000000000000000000000000000000000dead' });
    await expect(r.tokenInfo()).rejects.toBeInstanceOf(ChainReadError);
    await expect(r.balances(wallets.slice(0, 2))).rejects.toBeInstanceOf(ChainReadError);
  });

  describe('with an explorer API key', () => {
    let standIn: ExplorerStandIn;
    beforeAll(async () => {
      standIn = await startExplorerStandIn((address) => direct.getBalance({ address: address as Address }));
    });
    afterAll(async () => {
      await standIn.close();
    });

    it('reads native balances from balancemulti (5 calls of 20) and token balances in one eth_call', async () => {
      const r = reader({ explorer: { baseUrl: standIn.baseUrl, apiKey: standIn.apiKey, callsPerSecond: 100 } });
      await r.tokenInfo();
      proxy.reset();
      standIn.calls.length = 0;
      const balances = await r.balances(page(0));

      expect(proxy.calls()).toHaveLength(1);
      expect(proxy.calls('eth_call')).toHaveLength(1);
      expect(standIn.calls.map((c) => c.addresses.length)).toEqual([20, 20, 20, 20, 20]);
      const truths = await Promise.all(balances.map((b) => expected(b.address)));
      expect(balances.map((b) => b.native.raw)).toEqual(truths.map((t) => t.native));
      expect(balances.map((b) => b.token.raw)).toEqual(truths.map((t) => t.token));

      // Cached as well: paging back asks neither.
      await r.balances(page(0));
      expect(standIn.calls).toHaveLength(5);
      expect(proxy.calls()).toHaveLength(1);
    });

    it('fails the page when the explorer refuses, and reads only what is missing on retry', async () => {
      const r = reader({ explorer: { baseUrl: standIn.baseUrl, apiKey: standIn.apiKey, callsPerSecond: 100 } });
      await r.tokenInfo();
      proxy.reset();
      standIn.mode = 'refuse';
      await expect(r.balances(page(1, 20))).rejects.toMatchObject({ source: 'explorer' });
      expect(proxy.calls('eth_call')).toHaveLength(1); // token balances were read and kept

      standIn.mode = 'ok';
      standIn.calls.length = 0;
      await r.balances(page(1, 20));
      expect(standIn.calls).toHaveLength(1);
      expect(proxy.calls('eth_call')).toHaveLength(1);
    });
  });
});
