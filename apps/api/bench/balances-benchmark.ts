import pg from 'pg';
import { createPublicClient, erc20Abi, http, type Address } from 'viem';
import { chainDefinition, startDemoChain, type DemoChain } from '../src/modules/chain';
import { startRpcProxy, type RpcCall, type RpcProxy } from '../harness/rpc-proxy';
import type { BenchApi } from './api-process';
import { getJson, summarize, type Timing } from './http-timing';

/** Pages of 100 wallets read per way: a few to warm up, the rest timed (each page once: a read page is cached). */
const warmUpPages = 3;
const timedPages = 20;
const pageSize = 100;

/** The transfer watcher polls the node on its own every few seconds: its requests are not the page's. */
const watcherMethods = new Set(['eth_blockNumber', 'eth_getLogs']);
const pageRequests = (proxy: RpcProxy): RpcCall[][] => proxy.requests.filter((calls) => calls.some((c) => !watcherMethods.has(c.method)));

export interface BenchChain {
  /** Settings that point the API at the node through the counting proxy. */
  apiEnv: Record<string, string>;
  demo: DemoChain;
  proxy: RpcProxy;
  /** Pages of 100 customer wallets (lowest ids first), every one funded by the demo. */
  pages: string[][];
  /** Wallets funded and the time the demo took to deploy and fund them. */
  setUp: { wallets: number; ms: number };
  stop(): Promise<void>;
}

/**
 * The demo chain as the API starts it when no node is configured (anvil, chain id 137, the
 * demo token and Multicall3, a month of real mints, transfers and burns) funded for the
 * wallets the benchmark reads, with a counting JSON-RPC proxy in front (the one the chain
 * tests count requests with). The API is pointed at the proxy; its transfer watcher starts after
 * the head, so the demo's movements do not join the seeded transactions being measured.
 */
export async function startBenchChain(databaseUrl: string): Promise<BenchChain> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ wallet: string }>(
    'select wallet_address as wallet from customers where wallet_address is not null order by id limit $1',
    [(warmUpPages + timedPages) * pageSize],
  );
  await client.end();
  const wallets = rows.map((r) => r.wallet);
  const pages: string[][] = [];
  for (let i = 0; i + pageSize <= wallets.length; i += pageSize) pages.push(wallets.slice(i, i + pageSize));
  if (pages.length < warmUpPages + 2)
    throw new Error(`balances benchmark: only ${wallets.length} customer wallets, too few pages of ${pageSize}`);

  const started = performance.now();
  const demo = await startDemoChain({ wallets });
  const setUpMs = performance.now() - started;
  try {
    const proxy = await startRpcProxy(demo.rpcUrl);
    const viem = createPublicClient({ chain: chainDefinition(demo.chainId, demo.rpcUrl), transport: http(demo.rpcUrl) });
    const head = await viem.getBlockNumber();
    return {
      apiEnv: {
        RPC_URL: proxy.url,
        TOKEN_ADDRESS: demo.tokenAddress,
        // The watcher starts after the demo's history: none of its movements join the seeded transactions.
        TOKEN_DEPLOYMENT_BLOCK: (head + 1n).toString(),
        CHAIN_ID: String(demo.chainId),
      },
      demo,
      proxy,
      pages,
      setUp: { wallets: wallets.length, ms: setUpMs },
      async stop() {
        await proxy.close();
        await demo.stop();
      },
    };
  } catch (error) {
    await demo.stop();
    throw error;
  }
}

interface BalancesAnswer {
  symbol: string;
  data: Array<{ address: string; token: { raw: string }; native: { raw: string } }>;
}

export interface BalancesResult {
  timings: Timing[];
  /** Lines for the section: requests, times and the ratios. */
  summary: string[];
}

/**
 * A page of 100 wallets' token and POL balances three ways, each page read once per way:
 * through the API (GET /admin/balances: one Multicall3 eth_call), the same pages again through
 * the API at once (its short-lived cache: no request), and one request per wallet sent
 * directly with viem (100 balanceOf eth_calls and 100 eth_getBalance, at once, no JSON-RPC
 * batching), as a naive reader would. Requests are counted at the proxy in front of anvil.
 */
export async function benchBalances(api: BenchApi, chain: BenchChain): Promise<BalancesResult> {
  const { proxy, pages } = chain;
  const reader = (url: string) =>
    createPublicClient({ chain: chainDefinition(chain.demo.chainId, url), transport: http(url, { retryCount: 0, timeout: 30_000 }) });
  const token = chain.demo.tokenAddress;

  const viaApi = (page: string[]) => getJson<BalancesAnswer>(api, `/api/admin/balances?addresses=${page.join(',')}`);
  const directWith = (viem: ReturnType<typeof reader>) => async (page: string[]) => {
    const [tokens, natives] = await Promise.all([
      Promise.all(page.map((a) => viem.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [a as Address] }))),
      Promise.all(page.map((a) => viem.getBalance({ address: a as Address }))),
    ]);
    return { tokens, natives };
  };

  /** Runs one way over every page: warm-up pages first, then the timed ones; requests counted per timed page. */
  const measure = async <T>(read: (page: string[]) => Promise<T>, check: (answer: T, page: string[]) => void) => {
    const times: number[] = [];
    const requests: number[] = [];
    const methods = new Map<string, number>();
    for (const [i, page] of pages.entries()) {
      proxy.reset();
      const started = performance.now();
      const answer = await read(page);
      const ms = performance.now() - started;
      check(answer, page);
      if (i < warmUpPages) continue;
      times.push(ms);
      const counted = pageRequests(proxy);
      requests.push(counted.length);
      for (const call of counted.flat()) methods.set(call.method, (methods.get(call.method) ?? 0) + 1);
    }
    return { times, requests, methods };
  };

  let funded = 0;
  const checkApi = (answer: BalancesAnswer, page: string[]) => {
    if (answer.data.length !== page.length || answer.data.some((b, i) => b.address !== page[i]!.toLowerCase())) {
      throw new Error('balances benchmark: the API answered other wallets than asked');
    }
    funded = answer.data.filter((b) => b.token.raw !== '0' && b.native.raw !== '0').length;
  };
  const apiRun = await measure(viaApi, checkApi);
  const apiFunded = funded;
  // The same pages again straight away: within the cache's lifetime (15 s by default) they cost no request.
  const cachedRun = await measure(viaApi, checkApi);
  const checkDirect = (answer: { tokens: bigint[]; natives: bigint[] }, page: string[]) => {
    if (answer.tokens.length !== page.length || answer.natives.length !== page.length) throw new Error('direct read lost wallets');
  };
  const directRun = await measure(directWith(reader(proxy.url)), checkDirect);
  // The same straight to anvil, without the proxy in between (its requests are not counted).
  const bareRun = await measure(directWith(reader(chain.demo.rpcUrl)), checkDirect);

  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const requestsNote = ({ requests: values, methods }: { requests: number[]; methods: Map<string, number> }) => {
    const range = Math.min(...values) === Math.max(...values) ? `${values[0]}` : `${Math.min(...values)}-${Math.max(...values)}`;
    const tally = [...methods].map(([method, n]) => `${method} ${n}`).join(', ');
    return `${range} RPC requests a page (${sum(values)} for ${values.length} pages${tally ? `: ${tally}` : ''})`;
  };
  const apiTiming = summarize(
    `API, GET /admin/balances?addresses= (100 wallets, not cached)`,
    apiRun.times,
    `${requestsNote(apiRun)}; ${apiFunded} of 100 wallets of the last page hold tokens and POL`,
    () => ({ label: 'one RPC request a page', met: apiRun.requests.every((n) => n === 1) }),
  );
  const cachedTiming = summarize('API, the same pages again (cached)', cachedRun.times, requestsNote(cachedRun));
  const directTiming = summarize(
    'one request per wallet with viem (100 balanceOf + 100 eth_getBalance, at once)',
    directRun.times,
    requestsNote(directRun),
  );
  const bareTiming = summarize('the same straight to anvil, without the counting proxy', bareRun.times, 'not counted');
  const requestRatio = sum(directRun.requests) / Math.max(1, sum(apiRun.requests));
  const summary = [
    `Each way read the same ${timedPages} pages of ${pageSize} wallets once (after ${warmUpPages} warm-up pages), one page at a time.`,
    `RPC requests anvil received per page: ${(sum(apiRun.requests) / timedPages).toFixed(1)} through the API against`,
    `${(sum(directRun.requests) / timedPages).toFixed(1)} with one request per wallet (${requestRatio.toFixed(0)} times fewer);`,
    `time per page p50 ${apiTiming.p50.toFixed(1)} ms through the API (HTTP and session included) against ${directTiming.p50.toFixed(1)} ms`,
    `directly (${(directTiming.p50 / apiTiming.p50).toFixed(1)} times faster); p95 ${apiTiming.p95.toFixed(1)} against ${directTiming.p95.toFixed(1)} ms`,
    `(${(directTiming.p95 / apiTiming.p95).toFixed(1)} times). Both went through the proxy; the last row shows the direct reader`,
    "without it. The API's transfer watcher polls the node on its own (eth_blockNumber, eth_getLogs): those requests are not counted.",
  ];
  return { timings: [apiTiming, cachedTiming, directTiming, bareTiming], summary };
}
