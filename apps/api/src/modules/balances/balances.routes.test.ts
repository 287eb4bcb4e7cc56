import { createPublicClient, erc20Abi, formatUnits, http, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { engines, postgresReachable } from '../../test/test-databases';
import { createChainReader, startDemoChain, type ChainReader, type ChainServices, type DemoChain } from '../chain';
import { startRpcProxy, type RpcProxy } from '../../../harness/rpc-proxy';

const wallet = (i: number) => `0x${(i + 1).toString(16).padStart(4, '0')}${'ba1a'.repeat(9)}`;
/** Funded by the demo chain. */
const funded = Array.from({ length: 8 }, (_, i) => wallet(i));
/** Never funded: zero balances. */
const empty = wallet(500);

const postgresUp = await postgresReachable();

describe('balances and the {product} label against a real anvil', () => {
  let chain: DemoChain;
  let proxy: RpcProxy;

  beforeAll(async () => {
    chain = await startDemoChain({ wallets: funded });
    proxy = await startRpcProxy(chain.rpcUrl);
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    await chain?.stop();
  });

  describe.each(engines)('on %s', (engine) => {
    describe.skipIf(engine === 'postgres' && !postgresUp)('', () => {
      let t: TestApp;
      let reader: ChainReader | undefined;

      beforeAll(async () => {
        const services = (): ChainServices | undefined =>
          reader ? { reader, watcher: null, demo: chain, settlementAddresses: null, stop: async () => {} } : undefined;
        t = await createTestApp(engine, {}, { chain: services });
      });
      afterAll(async () => {
        await t?.close();
      });

      const balances = (addresses: string) =>
        t.injectAsAdmin({ method: 'GET', url: `/api/admin/balances?addresses=${encodeURIComponent(addresses)}` });
      const useReader = (options: { timeoutMs?: number } = {}) => {
        proxy.mode = 'up';
        proxy.reset();
        reader = createChainReader({ rpcUrl: proxy.url, tokenAddress: chain.tokenAddress, ...options });
      };

      it('answers 503 naming the problem while the chain reader is not running, and the fallback symbol', async () => {
        reader = undefined;
        const response = await balances(funded[0]!);
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json().message).toBe('Balances are unavailable: the chain reader is not running');
        expect((await t.app.inject({ method: 'GET', url: '/api/app-config' })).json()).toEqual({ productSymbol: 'GIDR', chainId: 137 });
      });

      it('answers exact token and POL balances, as read directly from the node, for a page of 100 wallets in one eth_call', async () => {
        useReader();
        const page = Array.from({ length: 100 }, (_, i) => (i < funded.length ? funded[i]! : wallet(1000 + i)));
        const response = await balances(page.join(','));
        expect(response.statusCode).toBe(200);
        expect(proxy.calls('eth_call')).toHaveLength(2); // the token's name/symbol/decimals once, then every balance at once
        expect(proxy.requests).toHaveLength(2);
        const body = response.json();
        expect(body.symbol).toBe('GIDR');
        expect(body.decimals).toBe(18);
        expect(body.data).toHaveLength(100);

        const direct = createPublicClient({ transport: http(chain.rpcUrl) });
        for (const [i, address] of page.entries()) {
          const token = await direct.readContract({
            address: chain.tokenAddress,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [address as Address],
          });
          const native = await direct.getBalance({ address: address as Address });
          expect(body.data[i]).toEqual({
            address,
            token: { raw: token.toString(), value: formatUnits(token, 18) },
            native: { raw: native.toString(), value: formatUnits(native, 18) },
          });
          if (i < funded.length) expect(native).toBeGreaterThan(0n);
        }
        expect(body.data.some((row: { token: { raw: string } }) => row.token.raw !== '0')).toBe(true);

        // Paging back within the cache time asks the node nothing.
        proxy.reset();
        expect((await balances(page.slice(0, 10).join(','))).statusCode).toBe(200);
        expect(proxy.calls()).toHaveLength(0);
      });

      it('keeps the order asked, duplicates included, in lower case whatever the case asked, and zeros for an empty wallet', async () => {
        useReader();
        const upper = `0x${funded[1]!.slice(2).toUpperCase()}`;
        const response = await balances(` ${upper} ,${empty},${funded[1]}`);
        expect(response.statusCode).toBe(200);
        const data = response.json().data;
        expect(data.map((row: { address: string }) => row.address)).toEqual([funded[1], empty, funded[1]]);
        expect(data[0]).toEqual(data[2]);
        expect(data[1]).toEqual({ address: empty, token: { raw: '0', value: '0' }, native: { raw: '0', value: '0' } });
        expect(proxy.calls('eth_call')).toHaveLength(2);
      });

      it('answers 503 naming the node when it is down or does not answer in time, and reads again once it is back', async () => {
        useReader({ timeoutMs: 300 });
        proxy.mode = 'down';
        const down = await balances(funded[2]!);
        expect(down.statusCode).toBe(503);
        expect(down.headers['retry-after']).toBe('5');
        expect(down.json().message).toMatch(/^Balances could not be read from the chain: .*node http:\/\/127\.0\.0\.1:\d+/);
        // The label falls back while the token cannot be read.
        expect((await t.app.inject({ method: 'GET', url: '/api/app-config' })).json().productSymbol).toBe('GIDR');

        proxy.mode = 'hang';
        const slow = await balances(funded[3]!);
        expect(slow.statusCode).toBe(503);
        expect(slow.json().message).toMatch(/^Balances could not be read from the chain/);

        proxy.mode = 'up';
        const back = await balances(funded[3]!);
        expect(back.statusCode).toBe(200);
        expect(BigInt(back.json().data[0].token.raw)).toBeGreaterThanOrEqual(0n);
      });

      it.each([
        ['', /addresses/],
        ['0x123', /addresses entry 1 is not a wallet address/],
        [`${funded[0]},nonsense`, /addresses entry 2 is not a wallet address/],
        [`${funded[0]},,${funded[1]}`, /entry 2 is empty/],
        [`${funded[0]},`, /entry 2 is empty/],
        ["0x' or '1'='1", /addresses entry 1/],
        ['%', /addresses entry 1/],
        ['_', /addresses entry 1/],
        ['ẞ😀', /addresses entry 1/],
        [`0x${'g'.repeat(40)}`, /addresses entry 1/],
        [Array.from({ length: 101 }, () => funded[0]).join(','), /at most 100 wallet addresses/],
        ['x'.repeat(10_000), /at most 100 wallet addresses/],
      ])('refuses addresses=%s with 400 naming the problem', async (addresses, message) => {
        useReader();
        const response = await balances(addresses);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(message);
        expect(proxy.calls()).toHaveLength(0);
      });

      it('refuses a missing or unknown parameter with 400 naming it', async () => {
        const missing = await t.injectAsAdmin({ method: 'GET', url: '/api/admin/balances' });
        expect(missing.statusCode).toBe(400);
        expect(missing.json().message).toContain('addresses');
        const extra = await t.injectAsAdmin({ method: 'GET', url: `/api/admin/balances?addresses=${funded[0]}&chain=1` });
        expect(extra.statusCode).toBe(400);
        expect(extra.json().message).toContain('chain');
      });

      it('answers 401 without a session', async () => {
        expect((await t.app.inject({ method: 'GET', url: `/api/admin/balances?addresses=${funded[0]}` })).statusCode).toBe(401);
      });

      it("labels {product} with the token's own symbol, read once", async () => {
        useReader();
        for (let i = 0; i < 3; i++) {
          expect((await t.app.inject({ method: 'GET', url: '/api/app-config' })).json()).toEqual({ productSymbol: 'GIDR', chainId: 137 });
        }
        expect(proxy.calls('eth_call')).toHaveLength(1);
      });

      it('labels {product} with PRODUCT_SYMBOL when it is set, without asking the token', async () => {
        useReader();
        const services = (): ChainServices => ({
          reader: reader!,
          watcher: null,
          demo: chain,
          settlementAddresses: null,
          stop: async () => {},
        });
        const other = await createTestApp(engine, { PRODUCT_SYMBOL: 'XAUT' }, { chain: services });
        try {
          expect((await other.app.inject({ method: 'GET', url: '/api/app-config' })).json()).toEqual({
            productSymbol: 'XAUT',
            chainId: 137,
          });
          expect(proxy.calls()).toHaveLength(0);
        } finally {
          await other.close();
        }
      });
    });
  });
});
