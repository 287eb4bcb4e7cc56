import { createPublicClient, formatUnits, http, multicall3Abi, type Address, type PublicClient, type Transport } from 'viem';
import { countRpc } from '../metrics/metrics';
import { chainDefinition, goldTokenAbi, multicall3Address, nativeCurrency, normalizeAddress } from './chain-definition';
import { ChainReadError } from './errors';
import { createExplorerClient, type ExplorerClient, type ExplorerOptions } from './explorer';

export interface ChainReaderOptions {
  rpcUrl: string;
  tokenAddress: string;
  chainId?: number;
  /** With an API key, native balances come from the explorer's balancemulti instead of the node. */
  explorer?: ExplorerOptions | ExplorerClient;
  /** How long a balance is reused (default 15 s): paging back and forth does not ask again. */
  cacheTtlMs?: number;
  /** Balances kept at most (default 50,000); the oldest go first. */
  maxCacheEntries?: number;
  /** Per JSON-RPC request (default 5 s); a slow node fails the read instead of holding a page. */
  timeoutMs?: number;
  /** Wallets per eth_call at most (default 250, i.e. 500 sub-calls); a page of 100 is one call. */
  maxWalletsPerCall?: number;
  /** For tests: the clock the cache reads. */
  now?: () => number;
}

/** An amount in base units and as an exact decimal string (base units / 10^decimals). */
interface Amount {
  raw: bigint;
  value: string;
}

interface TokenInfo {
  address: Address;
  name: string;
  symbol: string;
  decimals: number;
}

interface WalletBalances {
  address: Address;
  token: Amount;
  native: Amount;
}

export interface ChainReader {
  readonly chainId: number;
  readonly tokenAddress: Address;
  /** The viem client (the transfer watcher reads logs through it). */
  readonly client: PublicClient;
  /** Symbol, name and decimals, read once (one eth_call) and kept; a failed read is retried next time. */
  tokenInfo(): Promise<TokenInfo>;
  /**
   * Token and native balances of the given wallets, in their order (duplicates allowed).
   * Without an explorer: every balanceOf and getEthBalance in ONE eth_call through
   * Multicall3.aggregate3. With one: balanceOf through Multicall3, native balances from the
   * explorer. Cached per wallet; rejects with ChainReadError when a read fails.
   */
  balances(addresses: readonly string[]): Promise<WalletBalances[]>;
  tokenBalances(addresses: readonly string[]): Promise<Amount[]>;
  nativeBalances(addresses: readonly string[]): Promise<Amount[]>;
  clearCache(): void;
}

type Kind = 'token' | 'native';

/** Balances by wallet for one kind: fresh values, and reads in flight shared by every caller. */
class BalanceCache {
  private readonly values = new Map<Address, { raw: bigint; at: number }>();
  private readonly inFlight = new Map<Address, Promise<bigint>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  /** A fresh value or the read in flight; undefined when the wallet must be read. */
  lookup(address: Address): Promise<bigint> | bigint | undefined {
    const cached = this.values.get(address);
    if (cached && this.now() - cached.at < this.ttlMs) return cached.raw;
    return this.inFlight.get(address);
  }

  /** Registers one read covering several wallets; each wallet's promise settles with it. */
  track(addresses: Address[], read: Promise<Map<Address, bigint>>): void {
    for (const address of addresses) {
      const one = read.then((values) => {
        const raw = values.get(address);
        if (raw === undefined) throw new ChainReadError('rpc', `no balance answered for ${address}`);
        return raw;
      });
      one.catch(() => {}); // settled through the callers that await it
      this.inFlight.set(address, one);
    }
    read.then(
      (values) => {
        const at = this.now();
        for (const address of addresses) {
          this.inFlight.delete(address);
          const raw = values.get(address);
          if (raw !== undefined) {
            this.values.delete(address);
            this.values.set(address, { raw, at });
          }
        }
        this.evict();
      },
      () => addresses.forEach((address) => this.inFlight.delete(address)),
    );
  }

  clear() {
    this.values.clear();
  }

  private evict() {
    if (this.values.size <= this.maxEntries) return;
    const now = this.now();
    for (const [address, entry] of this.values) if (now - entry.at >= this.ttlMs) this.values.delete(address);
    // Oldest first (a Map iterates in insertion order and a refresh re-inserts).
    for (const address of this.values.keys()) {
      if (this.values.size <= this.maxEntries) break;
      this.values.delete(address);
    }
  }
}

function isExplorerClient(value: ExplorerOptions | ExplorerClient): value is ExplorerClient {
  return typeof (value as ExplorerClient).nativeBalances === 'function';
}

/** Counts each JSON-RPC call and failure by method for /metrics. */
function countedTransport(inner: Transport): Transport {
  return (params) => {
    const transport = inner(params);
    return {
      ...transport,
      request: (async (args: { method: string; params?: unknown }, requestOptions?: unknown) => {
        try {
          const result: unknown = await transport.request(args as never, requestOptions as never);
          countRpc(args.method, false);
          return result;
        } catch (error) {
          countRpc(args.method, true);
          throw error;
        }
      }) as typeof transport.request,
    };
  };
}

/** Reads the token and wallet balances over JSON-RPC with viem (see ChainReader). */
export function createChainReader(options: ChainReaderOptions): ChainReader {
  const chainId = options.chainId ?? 137;
  const tokenAddress = normalizeAddress(options.tokenAddress);
  const now = options.now ?? Date.now;
  const ttl = options.cacheTtlMs ?? 15_000;
  const maxEntries = options.maxCacheEntries ?? 50_000;
  const perCall = options.maxWalletsPerCall ?? 250;
  const explorer = options.explorer
    ? isExplorerClient(options.explorer)
      ? options.explorer
      : createExplorerClient(options.explorer)
    : null;
  const client = createPublicClient({
    chain: chainDefinition(chainId, options.rpcUrl),
    // viem reuses a block number for 4 s by default; the transfer watcher wants the head.
    cacheTime: 0,
    // No retries: a failed read surfaces at once (the console offers a retry) instead of
    // holding the page through viem's back-off.
    transport: countedTransport(http(options.rpcUrl, { timeout: options.timeoutMs ?? 5_000, retryCount: 0 })),
  }) as PublicClient;
  /** Errors name the node by origin only: an RPC URL often carries an API key in its path. */
  const nodeName = new URL(options.rpcUrl).origin;
  const rpcError = (what: string, error: unknown): ChainReadError => {
    const detail = error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error);
    const firstLine = (detail.split('\n')[0] ?? '').replaceAll(options.rpcUrl, nodeName);
    return new ChainReadError('rpc', `${what} (node ${nodeName}): ${firstLine}`, { cause: error });
  };
  const caches: Record<Kind, BalanceCache> = {
    token: new BalanceCache(ttl, maxEntries, now),
    native: new BalanceCache(ttl, maxEntries, now),
  };

  let info: Promise<TokenInfo> | undefined;
  function tokenInfo(): Promise<TokenInfo> {
    info ??= (async () => {
      const contract = { address: tokenAddress, abi: goldTokenAbi } as const;
      try {
        const [name, symbol, decimals] = await client.multicall({
          contracts: [
            { ...contract, functionName: 'name' },
            { ...contract, functionName: 'symbol' },
            { ...contract, functionName: 'decimals' },
          ],
          allowFailure: false,
          multicallAddress: multicall3Address,
          batchSize: 0,
        });
        return { address: tokenAddress, name, symbol, decimals };
      } catch (error) {
        throw rpcError(`token ${tokenAddress}: name, symbol and decimals could not be read`, error);
      }
    })();
    info.catch(() => (info = undefined));
    return info;
  }

  /** One aggregate3 eth_call per `perCall` wallets: balanceOf for `token`, getEthBalance for `native`. */
  async function multicallBalances(token: Address[], native: Address[]): Promise<Record<Kind, Map<Address, bigint>>> {
    const calls = [
      ...token.map((address) => ({ kind: 'token' as const, address })),
      ...native.map((address) => ({ kind: 'native' as const, address })),
    ];
    const result: Record<Kind, Map<Address, bigint>> = { token: new Map(), native: new Map() };
    const chunks: (typeof calls)[] = [];
    for (let i = 0; i < calls.length; i += perCall * 2) chunks.push(calls.slice(i, i + perCall * 2));
    await Promise.all(
      chunks.map(async (chunk) => {
        let answers;
        try {
          answers = await client.multicall({
            contracts: chunk.map(({ kind, address }) =>
              kind === 'token'
                ? ({ address: tokenAddress, abi: goldTokenAbi, functionName: 'balanceOf', args: [address] } as const)
                : ({ address: multicall3Address, abi: multicall3Abi, functionName: 'getEthBalance', args: [address] } as const),
            ),
            allowFailure: true,
            multicallAddress: multicall3Address,
            batchSize: 0,
          });
        } catch (error) {
          throw rpcError(`balances could not be read (${chunk.length} calls in one eth_call)`, error);
        }
        answers.forEach((answer, i) => {
          const { kind, address } = chunk[i]!;
          // viem reports a failed eth_call as a failure of every entry: the first one tells.
          if (answer.status !== 'success') {
            throw rpcError(
              `balances could not be read: ${kind === 'token' ? 'balanceOf' : 'getEthBalance'}(${address}) failed`,
              answer.error,
            );
          }
          result[kind].set(address, answer.result as bigint);
        });
      }),
    );
    return result;
  }

  /** The wallets among `addresses` whose `kind` balance is neither cached nor being read. */
  function missing(kind: Kind, addresses: Address[]): Address[] {
    return addresses.filter((address) => caches[kind].lookup(address) === undefined);
  }

  /** Starts the reads the wallets need, sharing one eth_call between both kinds when it can. */
  function startReads(kinds: Kind[], addresses: Address[]): void {
    const token = kinds.includes('token') ? missing('token', addresses) : [];
    const native = kinds.includes('native') ? missing('native', addresses) : [];
    // Without an explorer, both kinds go into the same eth_call.
    const viaRpc = explorer ? [] : native;
    if (token.length > 0 || viaRpc.length > 0) {
      const rpcRead = multicallBalances(token, viaRpc);
      rpcRead.catch(() => {}); // settled through the per-wallet promises below
      if (token.length > 0) {
        caches.token.track(
          token,
          rpcRead.then((r) => r.token),
        );
      }
      if (viaRpc.length > 0) {
        caches.native.track(
          viaRpc,
          rpcRead.then((r) => r.native),
        );
      }
    }
    if (explorer && native.length > 0) caches.native.track(native, explorer.nativeBalances(native));
  }

  async function read(kinds: Kind[], input: readonly string[]): Promise<Record<Kind, bigint[]>> {
    const addresses = input.map(normalizeAddress);
    const unique = [...new Set(addresses)];
    startReads(kinds, unique);
    const values = await Promise.all(
      kinds.map(async (kind) => {
        const byAddress = new Map(
          await Promise.all(unique.map(async (address) => [address, await caches[kind].lookup(address)!] as const)),
        );
        return [kind, addresses.map((address) => byAddress.get(address)!)] as const;
      }),
    );
    return Object.fromEntries(values) as Record<Kind, bigint[]>;
  }

  const amount = (raw: bigint, decimals: number): Amount => ({ raw, value: formatUnits(raw, decimals) });

  return {
    chainId,
    tokenAddress,
    client,
    tokenInfo,
    async balances(input) {
      input.forEach(normalizeAddress); // a wrong address is refused before any request
      const { decimals } = await tokenInfo();
      const values = await read(['token', 'native'], input);
      return input.map((_, i) => ({
        address: normalizeAddress(input[i]!),
        token: amount(values.token[i]!, decimals),
        native: amount(values.native[i]!, nativeCurrency.decimals),
      }));
    },
    async tokenBalances(input) {
      input.forEach(normalizeAddress);
      const { decimals } = await tokenInfo();
      const values = await read(['token'], input);
      return values.token.map((raw) => amount(raw, decimals));
    },
    async nativeBalances(input) {
      const values = await read(['native'], input);
      return values.native.map((raw) => amount(raw, nativeCurrency.decimals));
    },
    clearCache() {
      caches.token.clear();
      caches.native.clear();
    },
  };
}
