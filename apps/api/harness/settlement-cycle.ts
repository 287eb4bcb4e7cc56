import { randomUUID } from 'node:crypto';
import { createPublicClient, encodeFunctionData, http, numberToHex, parseUnits, type Address, type Hash, type Hex } from 'viem';
import type { PlatformRedemption, PlatformRedemptionOptions } from '@gold/contract';
import { goldTokenAbi, transferEvent, zeroAddress } from '../src/modules/chain/chain-definition';

/**
 * The steps of a settlement cycle as the outside world takes them, for the tests and the
 * benchmark that run real API processes: the platform over its API, the customer's wallet on
 * the chain, the operator over the admin API. No test runner here: the benchmark uses it too.
 */

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** One JSON call: GET without a body, POST with one; `cookie` signs it in. */
export async function call<T = unknown>(
  baseUrl: string,
  path: string,
  options: { body?: object; cookie?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: options.body ? 'POST' : 'GET',
    headers: {
      ...options.headers,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, body: body as T };
}

export async function waitUntil(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 60_000, everyMs = 100) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** An open counter day (Monday to Friday, the default) two days from now or later, YYYY-MM-DD. */
function nextCounterDay(): string {
  let day = new Date(Date.now() + 7 * 3_600_000 + 2 * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day = new Date(day.getTime() + 86_400_000);
  return day.toISOString().slice(0, 10);
}

/** A wallet address of its own per call. */
export function newWallet(): string {
  return `0x${randomUUID().replace(/-/g, '')}${randomUUID().replace(/-/g, '').slice(0, 8)}`;
}

/** One platform call with a Bearer secret (a fresh Idempotency-Key on POSTs). */
function platform<T>(baseUrl: string, secret: string, path: string, body?: object): Promise<Answer<T>> {
  return call<T>(baseUrl, `/api/platform${path}`, {
    body,
    headers: { authorization: `Bearer ${secret}`, ...(body ? { 'idempotency-key': randomUUID() } : {}) },
  });
}

function expectStatus<T>(answer: Answer<T>, status: number, what: string): T {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A KYC-verified customer registered through the platform with the given wallet. */
export async function registerVerifiedCustomer(baseUrl: string, secret: string, wallet: string): Promise<number> {
  const { id } = expectStatus(
    await platform<{ id: number }>(baseUrl, secret, '/customers', {
      email: `settle-${randomUUID().slice(0, 12)}@example.com`,
      fullName: 'Sari Wulandari',
      walletAddress: wallet,
    }),
    201,
    'customer not registered',
  );
  expectStatus(
    await platform(baseUrl, secret, `/customers/${id}/kyc`, { status: 'SUCCESS', referenceNumber: `REF-${id}` }),
    201,
    'KYC not recorded',
  );
  return id;
}

/** A redemption of one piece of `denom` grams requested through the platform, with its fee. */
export async function requestRedemption(baseUrl: string, secret: string, customerId: number, denom: number, fee: string) {
  const options = expectStatus(
    await platform<PlatformRedemptionOptions>(baseUrl, secret, '/redemption-options'),
    200,
    'redemption options not read',
  );
  const redemption = expectStatus(
    await platform<PlatformRedemption>(baseUrl, secret, '/redemptions', {
      customerId,
      pieces: [{ denom, amount: 1 }],
      appointmentDate: nextCounterDay(),
      timeSlot: options.counter.timeSlots[0],
      fee,
    }),
    201,
    'redemption not requested',
  );
  return { ...redemption, escrowAmount: parseUnits(redemption.total, 18) + parseUnits(redemption.fee, 18) };
}

/**
 * The token on an anvil node, moved as its holders would: the owner mints (impersonated),
 * a customer's wallet transfers (impersonated, given gas first). Mints take the owner's
 * nonce: none may be sent while the signer (the same account) is signing.
 */
export function anvilToken(rpcUrl: string, tokenAddress: Address, owner: Address) {
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: 30_000 }), cacheTime: 0 });
  const rpc = (method: string, params: unknown[] = []) => client.request({ method: method as never, params: params as never });
  async function send(from: Address, data: Hex): Promise<{ hash: Hash; blockNumber: bigint }> {
    await rpc('anvil_impersonateAccount', [from]);
    try {
      const hash = (await rpc('eth_sendTransaction', [{ from, to: tokenAddress, data, gas: numberToHex(150_000n) }])) as Hash;
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
      return { hash, blockNumber: receipt.blockNumber };
    } finally {
      await rpc('anvil_stopImpersonatingAccount', [from]);
    }
  }
  return {
    address: tokenAddress,
    client,
    rpc,
    mint: (to: string, amount: bigint) =>
      send(owner, encodeFunctionData({ abi: goldTokenAbi, functionName: 'mint', args: [to as Address, amount] })),
    async transfer(from: string, to: string, amount: bigint) {
      await rpc('anvil_setBalance', [from, numberToHex(10n ** 18n)]);
      return send(from as Address, encodeFunctionData({ abi: goldTokenAbi, functionName: 'transfer', args: [to as Address, amount] }));
    },
    balanceOf: (address: string) =>
      client.readContract({ address: tokenAddress, abi: goldTokenAbi, functionName: 'balanceOf', args: [address as Address] }),
    totalSupply: () => client.readContract({ address: tokenAddress, abi: goldTokenAbi, functionName: 'totalSupply' }),
    /** Burns on chain (Transfer logs to the zero address) from a block on. */
    async burns(fromBlock: bigint) {
      const logs = await client.getLogs({
        address: tokenAddress,
        event: transferEvent,
        args: { to: zeroAddress },
        fromBlock,
        strict: true,
      });
      return logs.map((l) => ({ from: l.args.from.toLowerCase(), amount: l.args.value, txHash: l.transactionHash, block: l.blockNumber }));
    },
    /** Empty blocks, e.g. to bury a transfer below the node's finalized block (anvil's: 64 under the head). */
    mine: (blocks: number) => rpc('anvil_mine', [numberToHex(blocks)]),
  };
}
export type AnvilToken = ReturnType<typeof anvilToken>;

/** The escrow: the customer transfers total + fee to the escrow address, minted first if short. */
export async function escrow(token: AnvilToken, wallet: string, escrowAddress: string, amount: bigint) {
  const held = await token.balanceOf(wallet);
  if (held < amount) await token.mint(wallet, amount - held);
  return token.transfer(wallet, escrowAddress, amount);
}

interface AdminDetail {
  status: string;
}

/** The operator's side: sends the code, reads it from the demo mail catcher and checks it. */
export async function sendAndCheckCode(baseUrl: string, cookie: string, id: number): Promise<void> {
  expectStatus(await call(baseUrl, '/api/admin/redeem/sendotp', { body: { id }, cookie }), 200, `code not sent for ${id}`);
  let code: string | undefined;
  await waitUntil(`the code mail of redemption ${id}`, async () => {
    const mail = await call<{ data: Array<{ subject: string; text: string }> }>(baseUrl, '/api/admin/dev/mail', { cookie });
    const found = mail.body.data.find((m) => m.subject.endsWith(`(#${id})`));
    code = found ? /: (\d{6})\n/.exec(found.text)?.[1] : undefined;
    return code !== undefined;
  });
  expectStatus(await call(baseUrl, '/api/admin/redeem/checkotp', { body: { id, otp: code }, cookie }), 200, `code not accepted for ${id}`);
}

/** The teller records the customer's identity document (a PREPARATION redemption): approve needs it. */
export async function checkIdentityDocument(baseUrl: string, cookie: string, id: number): Promise<void> {
  const body = { documentType: 'KTP', last4: '0007' };
  expectStatus(await call(baseUrl, `/api/admin/redeem/${id}/identity-check`, { body, cookie }), 201, `identity not recorded for ${id}`);
}

/** The redemption's status as the console reads it. */
export async function statusOf(baseUrl: string, cookie: string, id: number): Promise<string> {
  return expectStatus(await call<AdminDetail>(baseUrl, `/api/admin/redeem/${id}`, { cookie }), 200, `redemption ${id} not read`).status;
}

export async function waitForStatus(baseUrl: string, cookie: string, id: number, status: string, timeoutMs = 60_000): Promise<void> {
  await waitUntil(`redemption ${id} to be ${status}`, async () => (await statusOf(baseUrl, cookie, id)) === status, timeoutMs, 100);
}
