import { isAddress, type Address } from 'viem';
import { normalizeAddress } from './chain-definition';
import { ChainReadError } from './errors';
import { RateLimiter, systemClock, type Clock } from './rate-limiter';

export interface ExplorerOptions {
  /** The explorer API's origin, e.g. https://api.etherscan.io (the path /v2/api is added). */
  baseUrl: string;
  apiKey: string;
  chainId?: number;
  /** The explorer's cap on addresses per balancemulti call (Etherscan: 20). */
  maxAddressesPerCall?: number;
  /** Calls started per second at most, across every caller of this client (default 3). */
  callsPerSecond?: number;
  /** Per call; a slow explorer fails the read instead of holding a page. */
  timeoutMs?: number;
  clock?: Clock;
  fetch?: typeof fetch;
}

export interface ExplorerClient {
  /** Native balances in wei, one balancemulti call per 20 addresses, rate-limited. */
  nativeBalances(addresses: readonly string[]): Promise<Map<Address, bigint>>;
  /** Calls waiting for the rate limiter (for tests and metrics). */
  readonly pendingCalls: number;
}

interface BalanceMultiResponse {
  status?: unknown;
  message?: unknown;
  result?: unknown;
}

/**
 * The block explorer's `balancemulti` (Etherscan API v2 and its family):
 * GET {baseUrl}/v2/api?module=account&action=balancemulti&address=a,b,c&tag=latest&chainId=137&apikey=KEY
 * answering {status: '1', message: 'OK', result: [{account, balance}]}, or status '0' with
 * the reason in message and result. The API key never appears in an error message.
 */
export function createExplorerClient(options: ExplorerOptions): ExplorerClient {
  const perCall = options.maxAddressesPerCall ?? 20;
  const limiter = new RateLimiter(options.callsPerSecond ?? 3, 1000, options.clock ?? systemClock);
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/v2/api`;

  async function call(addresses: Address[]): Promise<Map<Address, bigint>> {
    await limiter.acquire();
    const url = new URL(endpoint);
    url.search = new URLSearchParams({
      module: 'account',
      action: 'balancemulti',
      address: addresses.join(','),
      tag: 'latest',
      chainId: String(options.chainId ?? 137),
      apikey: options.apiKey,
    }).toString();
    let body: BalanceMultiResponse;
    try {
      const response = await fetchFn(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      body = (await response.json()) as BalanceMultiResponse;
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : (error as Error).message;
      throw new ChainReadError('explorer', `explorer balancemulti failed (${endpoint}): ${reason}`, { cause: error });
    }
    if (body.status !== '1' || !Array.isArray(body.result)) {
      const detail = typeof body.result === 'string' ? body.result : '';
      throw new ChainReadError(
        'explorer',
        `explorer refused balancemulti: ${String(body.message ?? 'no message')}${detail ? ` (${detail})` : ''}`,
      );
    }
    const balances = new Map<Address, bigint>();
    for (const entry of body.result as Array<{ account?: unknown; balance?: unknown }>) {
      if (typeof entry.account !== 'string' || !isAddress(entry.account, { strict: false })) continue;
      if (typeof entry.balance !== 'string' || !/^\d+$/.test(entry.balance)) {
        throw new ChainReadError('explorer', `explorer answered a malformed balance for ${entry.account}`);
      }
      balances.set(normalizeAddress(entry.account), BigInt(entry.balance));
    }
    const missing = addresses.filter((a) => !balances.has(a));
    if (missing.length > 0) throw new ChainReadError('explorer', `explorer answered no balance for ${missing.join(', ')}`);
    return balances;
  }

  return {
    get pendingCalls() {
      return limiter.pending;
    },
    async nativeBalances(input) {
      const addresses = [...new Set(input.map(normalizeAddress))];
      const chunks: Address[][] = [];
      for (let i = 0; i < addresses.length; i += perCall) chunks.push(addresses.slice(i, i + perCall));
      const results = await Promise.all(chunks.map(call));
      return new Map(results.flatMap((m) => [...m]));
    },
  };
}
