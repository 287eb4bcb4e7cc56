import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChainReadError } from './errors';
import { createExplorerClient } from './explorer';
import { startExplorerStandIn, type ExplorerStandIn } from '../../test/chain/explorer-stand-in';
import { ManualClock } from '../../test/chain/manual-clock';

/** Distinct wallets with balances beyond 2^53 wei, so exactness shows. */
const wallet = (i: number): `0x${string}` => `0x${(0xabc0000 + i).toString(16).padStart(40, '0')}`;
const balanceOf = (address: string) => BigInt(address) * 1_000_000_000_007n;
const wallets = (n: number) => Array.from({ length: n }, (_, i) => wallet(i));
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('explorer balancemulti client', () => {
  let standIn: ExplorerStandIn;
  beforeAll(async () => {
    standIn = await startExplorerStandIn(balanceOf);
  });
  afterAll(async () => {
    await standIn.close();
  });
  beforeEach(() => {
    standIn.calls.length = 0;
    standIn.mode = 'ok';
  });

  const client = (options: Partial<Parameters<typeof createExplorerClient>[0]> = {}) =>
    createExplorerClient({ baseUrl: standIn.baseUrl, apiKey: standIn.apiKey, callsPerSecond: 100, ...options });

  it('sends the documented query and parses every balance exactly', async () => {
    const balances = await client().nativeBalances(wallets(3));
    expect(standIn.calls).toHaveLength(1);
    expect(standIn.calls[0]!.path).toBe('/v2/api');
    expect(standIn.calls[0]!.query).toEqual({
      module: 'account',
      action: 'balancemulti',
      address: wallets(3).join(','),
      tag: 'latest',
      chainId: '137',
      apikey: standIn.apiKey,
    });
    expect([...balances]).toEqual(wallets(3).map((w) => [w, balanceOf(w)]));
    expect(balanceOf(wallet(2))).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));
  });

  it('asks for at most 20 addresses a call: 100 wallets are 5 calls of 20, 45 are 20, 20 and 5', async () => {
    const hundred = await client().nativeBalances(wallets(100));
    expect(standIn.calls.map((c) => c.addresses.length)).toEqual([20, 20, 20, 20, 20]);
    expect(new Set(standIn.calls.flatMap((c) => c.addresses)).size).toBe(100);
    expect(hundred.size).toBe(100);
    expect(hundred.get(wallet(99))).toBe(balanceOf(wallet(99)));

    standIn.calls.length = 0;
    await client().nativeBalances(wallets(45));
    expect(standIn.calls.map((c) => c.addresses.length)).toEqual([20, 20, 5]);
  });

  it('asks once per wallet, whatever the case or repetition of the addresses given', async () => {
    const mixed = [wallet(1).toUpperCase().replace('0X', '0x'), wallet(1), wallet(2)];
    const balances = await client().nativeBalances(mixed);
    expect(standIn.calls.map((c) => c.addresses)).toEqual([[wallet(1), wallet(2)]]);
    expect(balances.get(wallet(1))).toBe(balanceOf(wallet(1)));
  });

  it('starts at most N calls per second and queues the rest (counted against a hand-driven clock)', async () => {
    const clock = new ManualClock();
    const limited = client({ callsPerSecond: 2, clock });
    const result = limited.nativeBalances(wallets(100));

    // Time stands still: two calls go out, three wait.
    await vi.waitFor(() => expect(standIn.calls).toHaveLength(2));
    expect(limited.pendingCalls).toBe(3);
    clock.advance(999);
    await settle();
    expect(standIn.calls).toHaveLength(2);
    expect(limited.pendingCalls).toBe(3);

    // The window moves on: two more.
    clock.advance(1);
    await vi.waitFor(() => expect(standIn.calls).toHaveLength(4));
    expect(limited.pendingCalls).toBe(1);

    clock.advance(1000);
    const balances = await result;
    expect(standIn.calls).toHaveLength(5);
    expect(limited.pendingCalls).toBe(0);
    expect(balances.size).toBe(100);
  });

  it('shares one limit between concurrent callers', async () => {
    const clock = new ManualClock();
    const limited = client({ callsPerSecond: 3, clock });
    const first = limited.nativeBalances(wallets(40)); // 2 calls
    const second = limited.nativeBalances(wallets(60).slice(40)); // 1 call
    const third = limited.nativeBalances(wallets(80).slice(60)); // 1 call, over the limit
    await vi.waitFor(() => expect(standIn.calls).toHaveLength(3));
    expect(limited.pendingCalls).toBe(1);
    clock.advance(1000);
    await Promise.all([first, second, third]);
    expect(standIn.calls).toHaveLength(4);
  });

  it("fails clearly on status '0', naming the explorer's reason and never the key", async () => {
    standIn.mode = 'refuse';
    const error = await client()
      .nativeBalances(wallets(2))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainReadError);
    expect((error as ChainReadError).source).toBe('explorer');
    expect((error as Error).message).toContain('NOTOK');
    expect((error as Error).message).toContain('Invalid API Key');
    expect((error as Error).message).not.toContain(standIn.apiKey);

    const wrongKey = await createExplorerClient({ baseUrl: standIn.baseUrl, apiKey: 'wrong-key-000' })
      .nativeBalances(wallets(1))
      .catch((e: unknown) => e);
    expect((wrongKey as Error).message).toMatch(/Invalid API Key/);
    expect((wrongKey as Error).message).not.toContain('wrong-key-000');
  });

  it('fails on an HTTP error, fails the whole page when one of its calls fails', async () => {
    standIn.mode = 'http500';
    await expect(client().nativeBalances(wallets(30))).rejects.toThrow(/explorer balancemulti failed .*HTTP 500/);
  });

  it('refuses malformed answers instead of showing a wrong balance', async () => {
    const answering = (body: unknown) =>
      client({ fetch: async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status: 200 }) });
    await expect(
      answering({ status: '1', message: 'OK', result: [{ account: wallet(0), balance: '1' }] }).nativeBalances(wallets(2)),
    ).rejects.toThrow(`explorer answered no balance for ${wallet(1)}`);
    await expect(
      answering({ status: '1', message: 'OK', result: [{ account: wallet(0), balance: '-5' }] }).nativeBalances(wallets(1)),
    ).rejects.toThrow(/malformed balance/);
    await expect(answering('<html>busy</html>').nativeBalances(wallets(1))).rejects.toBeInstanceOf(ChainReadError);
    await expect(answering({ status: '1', message: 'OK', result: 'ok' }).nativeBalances(wallets(1))).rejects.toBeInstanceOf(ChainReadError);
  });

  it('gives up on an explorer that does not answer in time', async () => {
    const hanging = client({
      timeoutMs: 50,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error))),
    });
    await expect(hanging.nativeBalances(wallets(1))).rejects.toThrow(/no answer in 50 ms/);
  });
});
