import {
  createPublicClient,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  http,
  keccak256,
  numberToHex,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
} from 'viem';
import { spawnAnvil, type AnvilOptions } from './anvil-process';
import {
  chainDefinition,
  goldTokenAbi,
  goldTokenBytecode,
  multicall3Address,
  multicall3RuntimeCode,
  normalizeAddress,
  transferEvent,
} from './chain-definition';
import type { ChainLogger } from './logger';

export interface DemoChainOptions extends Pick<AnvilOptions, 'chainId' | 'host' | 'port' | 'binaryPath' | 'startTimeoutMs'> {
  /** Customer wallets to fund: each gets POL and minted tokens; some transfer and some are burned from. */
  wallets?: readonly string[];
  /** How far back the demo history starts (default 30 days); it ends before today (UTC). */
  historyDays?: number;
  /**
   * The settlement escrow (default address: the token owner) and the tokens the seeded,
   * block-less escrow deposits hold: minted to it in the history's last slot (and as much burned
   * from the largest balances, see escrowFunding), so a burn of a seeded redemption's escrow has
   * tokens to burn and the supply stays what it was.
   */
  escrow?: { address?: string; held: bigint };
  log?: ChainLogger;
}

interface DemoTx {
  hash: Hash;
  blockNumber: bigint;
}

interface DemoHistorySummary {
  wallets: number;
  mints: number;
  transfers: number;
  burns: number;
  blocks: number;
}

export interface DemoChain {
  rpcUrl: string;
  chainId: number;
  tokenAddress: Address;
  /** The block holding the token's deployment: the transfer watcher starts there. */
  deploymentBlock: bigint;
  /** The anvil dev account that deployed the token and alone mints and burns. */
  ownerAddress: Address;
  /** anvil's second dev account: the demo's settlement treasury (fees of handed-over redemptions). */
  secondAccount: Address;
  /** anvil's process id. */
  pid: number;
  history: DemoHistorySummary;
  /** New token movements after start-up (automined, one block each), e.g. for tests. */
  mint(to: string, amount: bigint): Promise<DemoTx>;
  transfer(from: string, to: string, amount: bigint): Promise<DemoTx>;
  burn(from: string, amount: bigint): Promise<DemoTx>;
  /** The token balance of an address, in base units (18 decimals). */
  balanceOf(address: string): Promise<bigint>;
  /** Tops up an address's POL so it can pay for a transfer (a wallet the demo history did not fund). */
  fundGas(address: string): Promise<void>;
  /** Ends anvil; the chain lives in memory and is gone with it. */
  stop(): Promise<void>;
}

/** Explicit gas and fees keep every demo transaction, and so its hash, the same on every start. */
const gas = 150_000n;
const fees = { maxFeePerGas: 100_000_000_000n, maxPriorityFeePerGas: 30_000_000_000n } as const;
/** POL a wallet outside the history is given to pay for its own transfers (a hundred at the fees above). */
const gasAllowance = 100n * gas * fees.maxFeePerGas;
const hour = 3600;
/** One demo block per six hours of history. */
const slotSeconds = 6 * hour;

type DemoEvent =
  | { kind: 'mint'; slot: number; to: Address; amount: bigint }
  | { kind: 'transfer'; slot: number; from: Address; to: Address; amount: bigint }
  | { kind: 'burn'; slot: number; from: Address; amount: bigint };

export interface DemoPlan {
  native: Array<{ address: Address; wei: bigint }>;
  events: DemoEvent[];
  slots: number;
}

/**
 * The demo's history, a pure function of the wallets: every wallet gets 0.02-5 POL and a
 * mint of 1-250 tokens; about a third buy a second time, a quarter send part of their first
 * purchase to another customer and an eighth redeem (burn) part of it. Each wallet's
 * movements fall in increasing six-hour slots, so a transfer never precedes its mint.
 */
export function planDemoHistory(wallets: readonly string[], slots: number, escrow?: { address: string; held: bigint }): DemoPlan {
  const addresses = [...new Set(wallets.map(normalizeAddress))];
  const native: DemoPlan['native'] = [];
  const events: DemoEvent[] = [];
  const n = addresses.length;
  addresses.forEach((address, i) => {
    const h = BigInt(keccak256(address));
    const bits = (shift: number, modulo: number) => Number((h >> BigInt(shift)) % BigInt(modulo));
    native.push({ address, wei: BigInt(2 + bits(0, 500)) * 10n ** 16n });
    const minted = BigInt(100 + bits(16, 24_901)) * 10n ** 16n;
    const mintSlot = bits(32, Math.max(1, Math.floor(slots * 0.6)));
    events.push({ kind: 'mint', slot: mintSlot, to: address, amount: minted });
    const later = (shift: number, after: number) => after + 1 + bits(shift, Math.max(1, slots - after - 1));
    if (bits(40, 3) === 0)
      events.push({ kind: 'mint', slot: later(44, mintSlot), to: address, amount: BigInt(100 + bits(52, 9_901)) * 10n ** 16n });
    let sent = 0n;
    let lastSlot = mintSlot;
    if (n > 1 && bits(60, 4) === 0 && mintSlot + 1 < slots) {
      const to = addresses[(i + 1 + bits(64, n - 1)) % n]!;
      sent = (minted * BigInt(10 + bits(72, 41))) / 100n;
      lastSlot = later(80, mintSlot);
      events.push({ kind: 'transfer', slot: lastSlot, from: address, to, amount: sent });
    }
    if (bits(88, 8) === 0 && lastSlot + 1 < slots) {
      events.push({ kind: 'burn', slot: later(96, lastSlot), from: address, amount: (minted * BigInt(5 + bits(104, 21))) / 100n });
    }
  });
  if (escrow && escrow.held > 0n) events.push(...escrowFunding(events, Math.max(0, slots - 1), escrow));
  return { native, events, slots };
}

/**
 * The seeded escrow's tokens, in the history's last slot: minted to the escrow address, and as
 * much burned from the largest balances (half of each at most, wallets idle in that slot), since
 * those tokens were customers' before they were escrowed. The supply, so the coverage, stays
 * what the rest of the history makes; wallets too few to cover it leave the rest minted.
 */
function escrowFunding(events: readonly DemoEvent[], last: number, escrow: { address: string; held: bigint }): DemoEvent[] {
  const busy = new Set(
    events.filter((e) => e.slot === last).flatMap((e) => (e.kind === 'transfer' ? [e.from, e.to] : [e.kind === 'mint' ? e.to : e.from])),
  );
  const balances = new Map<Address, bigint>();
  const add = (address: Address, amount: bigint) => balances.set(address, (balances.get(address) ?? 0n) + amount);
  for (const e of events) {
    if (e.slot >= last) continue;
    if (e.kind === 'mint') add(e.to, e.amount);
    else if (e.kind === 'burn') add(e.from, -e.amount);
    else {
      add(e.from, -e.amount);
      add(e.to, e.amount);
    }
  }
  const largest = [...balances]
    .filter(([address]) => !busy.has(address))
    .sort(([a, x], [b, y]) => (x === y ? (a < b ? -1 : 1) : y > x ? 1 : -1));
  const funding: DemoEvent[] = [{ kind: 'mint', slot: last, to: normalizeAddress(escrow.address), amount: escrow.held }];
  let remaining = escrow.held;
  for (const [address, balance] of largest) {
    const amount = balance / 2n < remaining ? balance / 2n : remaining;
    if (amount <= 0n) continue;
    funding.push({ kind: 'burn', slot: last, from: address, amount });
    remaining -= amount;
    if (remaining === 0n) break;
  }
  return funding;
}

/**
 * Starts the demo chain: anvil with chain id 137 on a free loopback port, Multicall3 at its
 * canonical address, the demo token deployed by anvil's first dev account, and (given
 * wallets) a month of real token movements mined into blocks with past timestamps, so
 * balances are real reads and the transfer watcher finds real Transfer logs. Deterministic:
 * the same wallets give the same token address, deployment block and transaction hashes.
 */
export async function startDemoChain(options: DemoChainOptions = {}): Promise<DemoChain> {
  const started = Date.now();
  const chainId = options.chainId ?? 137;
  const historyDays = options.historyDays ?? 30;
  const now = Math.floor(Date.now() / 1000);
  // The history ends before today's midnight (UTC) and every block time derives from that
  // midnight: restarted the same day, the demo chain has the very same blocks (hashes too).
  const midnight = now - (now % (24 * hour));
  const historyStart = midnight - historyDays * 24 * hour;
  const anvil = await spawnAnvil({
    chainId,
    host: options.host,
    port: options.port,
    binaryPath: options.binaryPath,
    startTimeoutMs: options.startTimeoutMs,
    genesisTimestamp: historyStart - 2 * hour,
  });
  try {
    const client = createPublicClient({
      chain: chainDefinition(chainId, anvil.rpcUrl),
      // Set-up sends hundreds of requests: JSON-RPC batches keep that to a few round trips.
      transport: http(anvil.rpcUrl, { batch: { batchSize: 500 }, retryCount: 0, timeout: 60_000 }),
    });
    const rpc = (method: string, params: unknown[] = []) => client.request({ method: method as never, params: params as never });

    const [firstAccount, secondAccount] = (await rpc('eth_accounts')) as Address[];
    if (!firstAccount || !secondAccount) throw new Error('anvil has no dev accounts');
    const owner = normalizeAddress(firstAccount);
    await rpc('anvil_setCode', [multicall3Address, multicall3RuntimeCode]);
    await rpc('evm_setAutomine', [false]);

    let ownerNonce = 0;
    const deployHash = (await rpc('eth_sendTransaction', [
      tx({
        from: owner,
        nonce: ownerNonce++,
        gas: 3_000_000n,
        data: encodeDeployData({ abi: goldTokenAbi, bytecode: goldTokenBytecode, args: [owner] }),
      }),
    ])) as Hash;
    await rpc('evm_mine', [{ timestamp: historyStart - hour }]);
    const deployReceipt = await client.getTransactionReceipt({ hash: deployHash });
    if (deployReceipt.status !== 'success' || !deployReceipt.contractAddress) throw new Error('demo token deployment failed');
    const tokenAddress = deployReceipt.contractAddress;
    if (tokenAddress.toLowerCase() !== getContractAddress({ from: owner, nonce: 0n }).toLowerCase()) {
      throw new Error('demo token landed at an unexpected address');
    }

    const escrow = options.escrow ? { address: options.escrow.address ?? owner, held: options.escrow.held } : undefined;
    const plan = planDemoHistory(options.wallets ?? [], historyDays * 4, escrow);
    const summary = await playHistory(client, rpc, {
      plan,
      owner,
      tokenAddress,
      firstNonce: ownerNonce,
      slotTime: (slot) => historyStart + slot * slotSeconds + 17 * 60,
    });
    // Back to real time: later blocks are mined on demand with the wall clock's timestamps.
    await rpc('evm_setAutomine', [true]);
    await rpc('evm_setTime', [Math.max(Math.floor(Date.now() / 1000), now)]);

    const send = async (from: Address, data: Hex, impersonate: boolean): Promise<DemoTx> => {
      if (impersonate) await rpc('anvil_impersonateAccount', [from]);
      try {
        const hash = (await rpc('eth_sendTransaction', [tx({ from, to: tokenAddress, gas, data })])) as Hash;
        const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
        if (receipt.status !== 'success') throw new Error(`demo transaction ${hash} reverted`);
        return { hash, blockNumber: receipt.blockNumber };
      } finally {
        if (impersonate) await rpc('anvil_stopImpersonatingAccount', [from]);
      }
    };

    options.log?.info(
      { rpcUrl: anvil.rpcUrl, tokenAddress, ms: Date.now() - started, ...summary },
      `demo chain: anvil (chain id ${chainId}) at ${anvil.rpcUrl}, token ${tokenAddress}, ${summary.wallets} wallets funded`,
    );
    return {
      rpcUrl: anvil.rpcUrl,
      chainId,
      tokenAddress,
      deploymentBlock: deployReceipt.blockNumber,
      ownerAddress: owner,
      secondAccount: normalizeAddress(secondAccount),
      pid: anvil.pid,
      history: summary,
      mint: (to, amount) =>
        send(owner, encodeFunctionData({ abi: goldTokenAbi, functionName: 'mint', args: [to as Address, amount] }), false),
      burn: (from, amount) =>
        send(owner, encodeFunctionData({ abi: goldTokenAbi, functionName: 'burn', args: [from as Address, amount] }), false),
      transfer: (from, to, amount) =>
        send(
          normalizeAddress(from),
          encodeFunctionData({ abi: goldTokenAbi, functionName: 'transfer', args: [to as Address, amount] }),
          true,
        ),
      balanceOf: (address) =>
        client.readContract({ address: tokenAddress, abi: goldTokenAbi, functionName: 'balanceOf', args: [normalizeAddress(address)] }),
      fundGas: async (address) => {
        const wallet = normalizeAddress(address);
        if ((await client.getBalance({ address: wallet })) < gasAllowance)
          await rpc('anvil_setBalance', [wallet, numberToHex(gasAllowance)]);
      },
      stop: () => anvil.stop(),
    };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

/** An EIP-1559 transaction request in JSON-RPC form, every field explicit. */
function tx(fields: { from: Address; to?: Address; data: Hex; gas: bigint; nonce?: number }) {
  return {
    type: '0x2',
    from: fields.from,
    ...(fields.to ? { to: fields.to } : {}),
    data: fields.data,
    gas: numberToHex(fields.gas),
    maxFeePerGas: numberToHex(fees.maxFeePerGas),
    maxPriorityFeePerGas: numberToHex(fees.maxPriorityFeePerGas),
    ...(fields.nonce === undefined ? {} : { nonce: numberToHex(fields.nonce) }),
  };
}

async function playHistory(
  client: PublicClient,
  rpc: (method: string, params?: unknown[]) => Promise<unknown>,
  input: { plan: DemoPlan; owner: Address; tokenAddress: Address; firstNonce: number; slotTime: (slot: number) => number },
): Promise<DemoHistorySummary> {
  const { plan, owner, tokenAddress } = input;
  const fromBlock = (await client.getBlockNumber()) + 1n;
  await Promise.all(plan.native.map(({ address, wei }) => rpc('anvil_setBalance', [address, numberToHex(wei)])));
  const senders = [...new Set(plan.events.flatMap((e) => (e.kind === 'transfer' ? [e.from] : [])))];
  await Promise.all(senders.map((address) => rpc('anvil_impersonateAccount', [address])));

  const bySlot = new Map<number, DemoEvent[]>();
  for (const event of plan.events) bySlot.set(event.slot, [...(bySlot.get(event.slot) ?? []), event]);
  let ownerNonce = input.firstNonce;
  const customerNonces = new Map<Address, number>();
  const slots = [...bySlot.keys()].sort((a, b) => a - b);
  for (const slot of slots) {
    const requests = bySlot.get(slot)!.map((event) => {
      if (event.kind === 'transfer') {
        const nonce = customerNonces.get(event.from) ?? 0;
        customerNonces.set(event.from, nonce + 1);
        const data = encodeFunctionData({ abi: goldTokenAbi, functionName: 'transfer', args: [event.to, event.amount] });
        return tx({ from: event.from, to: tokenAddress, data, gas, nonce });
      }
      const data =
        event.kind === 'mint'
          ? encodeFunctionData({ abi: goldTokenAbi, functionName: 'mint', args: [event.to, event.amount] })
          : encodeFunctionData({ abi: goldTokenAbi, functionName: 'burn', args: [event.from, event.amount] });
      return tx({ from: owner, to: tokenAddress, data, gas, nonce: ownerNonce++ });
    });
    await Promise.all(requests.map((request) => rpc('eth_sendTransaction', [request])));
    await rpc('evm_mine', [{ timestamp: input.slotTime(slot) }]);
  }
  await Promise.all(senders.map((address) => rpc('anvil_stopImpersonatingAccount', [address])));

  // Every planned movement must have happened: a reverted one would leave balances and the
  // transaction list quietly out of step.
  if (plan.events.length > 0) {
    const logs = await client.getLogs({ address: tokenAddress, event: transferEvent, fromBlock, toBlock: 'latest' });
    if (logs.length !== plan.events.length) {
      throw new Error(`demo history: ${logs.length} of ${plan.events.length} token movements succeeded`);
    }
  }
  const count = (kind: DemoEvent['kind']) => plan.events.filter((e) => e.kind === kind).length;
  return { wallets: plan.native.length, mints: count('mint'), transfers: count('transfer'), burns: count('burn'), blocks: slots.length };
}
