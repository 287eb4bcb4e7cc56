import { randomBytes, randomUUID } from 'node:crypto';
import { platformScopes, type PlatformCustomer, type PlatformRedemption, type PlatformRedemptionOptions } from '@gold/contract';
import { parseUnits } from 'viem';
import type { Database } from '../../db/client';
import { customerWallets, type DemoChain } from '../chain';
import { createSystemCredential, listCredentials, revokeCredential } from '../credentials/credentials.repository';

/**
 * The demo's customer platform: it uses only the public platform API over HTTP, with a
 * credential it makes for itself, so the console moves on its own. Now and then it registers a
 * customer, records a KYC result, a purchase or a price tick, and requests a redemption. On
 * the demo chain a requested redemption's tokens (total + fee) are then escrowed from the
 * customer's wallet, as the customer's own wallet app would. Run by the leader alone
 * (PLATFORM_SIMULATOR; on by default in the embedded demo only).
 */

export const simulatorCredentialName = 'Simulated platform (demo)';

interface SimulatorLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface SimulatorOptions {
  db: Database;
  /** The API's own origin, e.g. http://127.0.0.1:3000. */
  baseUrl: string;
  intervalMs: number;
  log: SimulatorLogger;
  /** Random numbers (tests pass a seeded one). */
  random?: () => number;
  /**
   * The demo chain and its escrow address, once the chain runs (null on a real chain or
   * without one): a requested redemption's total + fee is transferred there from the wallet.
   */
  escrow?: () => { chain: Pick<DemoChain, 'mint' | 'transfer' | 'fundGas' | 'balanceOf'>; address: string } | null;
}

const firstNames = ['Ayu', 'Budi', 'Citra', 'Dimas', 'Eka', 'Fajar', 'Gita', 'Hendra', 'Indah', 'Joko', 'Kartika', 'Lestari'];
const lastNames = ['Santoso', 'Wijaya', 'Pratama', 'Saputra', 'Hidayat', 'Kusuma', 'Nugroho', 'Permata', 'Siregar', 'Halim'];

interface SimCustomer {
  id: number;
  wallet: string;
  kyc: 'none' | 'verified' | 'rejected';
}

export function startPlatformSimulator(options: SimulatorOptions): { stop(): Promise<void> } {
  const { db, baseUrl, log } = options;
  const random = options.random ?? Math.random;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const customers: SimCustomer[] = [];
  let secret = '';
  let price = { selling: 1_650_000, buyback: 1_560_000 };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { authorization: `Bearer ${secret}` };
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      headers['idempotency-key'] = randomUUID();
    }
    const response = await fetch(`${baseUrl}/api/platform${path}`, {
      method,
      headers,
      body: body ? JSON.stringify(body) : method === 'POST' ? '{}' : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  async function registerCustomer() {
    const first = pick(firstNames);
    const last = pick(lastNames);
    const tag = randomBytes(3).toString('hex');
    const wallet = `0x${randomBytes(20).toString('hex')}`;
    const answer = await call<PlatformCustomer>('POST', '/customers', {
      email: `${first}.${last}.${tag}@sim.example`.toLowerCase(),
      fullName: `${first} ${last}`,
      walletAddress: wallet,
    });
    if (answer.status === 201) customers.push({ id: answer.body.id, wallet, kyc: 'none' });
  }

  async function recordKyc(customer: SimCustomer) {
    const passed = random() < 0.85;
    const answer = await call('POST', `/customers/${customer.id}/kyc`, {
      status: passed ? 'SUCCESS' : 'FAILED',
      referenceNumber: `SIM-${randomBytes(4).toString('hex').toUpperCase()}`,
    });
    if (answer.status === 201) customer.kyc = passed ? 'verified' : 'rejected';
  }

  async function recordPurchase(customer: SimCustomer) {
    const grams = (Math.round((0.5 + random() * 20) * 1000) / 1000).toString();
    await call('POST', '/purchases', { customerId: customer.id, grams, priceIdr: price.selling, paidAt: new Date().toISOString() });
  }

  async function tickPrice() {
    const change = 1 + (random() - 0.5) * 0.01;
    const selling = Math.round(price.selling * change);
    price = { selling, buyback: Math.round(selling * 0.945) };
    await call('POST', '/prices', { sellingPrice: price.selling, buybackPrice: price.buyback, sourceTime: new Date().toISOString() });
  }

  async function requestRedemption(customer: SimCustomer) {
    const options = (await call<PlatformRedemptionOptions>('GET', '/redemption-options')).body;
    const choices = options.denominations.filter(
      (d) => d.redeemable && d.unreserved > 0 && (options.limit === null || d.denom <= options.limit),
    );
    if (choices.length === 0 || options.counter.timeSlots.length === 0) return;
    const denomination = pick(choices);
    // The first open counter day from two days on (WIB), in one of its windows.
    let day = new Date(Date.now() + 7 * 3_600_000 + 2 * 86_400_000);
    for (let i = 0; i < 7 && !options.counter.days.includes(day.getUTCDay() || 7); i++) day = new Date(day.getTime() + 86_400_000);
    const answer = await call<PlatformRedemption>('POST', '/redemptions', {
      customerId: customer.id,
      pieces: [{ denom: denomination.denom, amount: 1 }],
      appointmentDate: day.toISOString().slice(0, 10),
      timeSlot: pick(options.counter.timeSlots),
      fee: '0.05',
    });
    if (answer.status === 201) await escrowRedemption(customer, answer.body);
  }

  /**
   * The customer's side of settlement: total + fee to the escrow address. The simulator's wallets
   * exist only in the database until now: one short of tokens buys them first from demo wallets
   * (transfers, so the supply and the coverage stay); what those cannot cover (an unseeded demo)
   * is minted as a purchase would; and it is given gas (POL).
   */
  async function escrowRedemption(customer: SimCustomer, redemption: PlatformRedemption) {
    const escrow = options.escrow?.();
    if (!escrow) return;
    const amount = parseUnits(redemption.total, 18) + parseUnits(redemption.fee, 18);
    const held = await escrow.chain.balanceOf(customer.wallet);
    if (held < amount) {
      const short = await buyFromDemoWallets(escrow.chain, customer.wallet, amount - held);
      if (short > 0n) await escrow.chain.mint(customer.wallet, short);
    }
    await escrow.chain.fundGas(customer.wallet);
    await escrow.chain.transfer(customer.wallet, escrow.address, amount);
    log.info(
      { redemptionId: redemption.id, amount: `${redemption.total} + ${redemption.fee}` },
      'platform simulator: escrowed a redemption',
    );
  }

  /**
   * Transfers `amount` to `buyer` from demo customers' wallets (the demo chain funds the first
   * ones by id), at most half of each one's balance; answers what they could not cover.
   */
  async function buyFromDemoWallets(chain: Pick<DemoChain, 'balanceOf' | 'fundGas' | 'transfer'>, buyer: string, amount: bigint) {
    const wallets = (await customerWallets(db, 50)).filter((wallet) => wallet.toLowerCase() !== buyer.toLowerCase());
    const start = Math.floor(random() * wallets.length);
    let short = amount;
    for (let i = 0; i < wallets.length && short > 0n; i++) {
      const seller = wallets[(start + i) % wallets.length]!;
      const half = (await chain.balanceOf(seller)) / 2n;
      const sold = half < short ? half : short;
      if (sold <= 0n) continue;
      await chain.fundGas(seller);
      await chain.transfer(seller, buyer, sold);
      short -= sold;
    }
    return short;
  }

  async function step() {
    const unverified = customers.filter((c) => c.kyc === 'none');
    const verified = customers.filter((c) => c.kyc === 'verified');
    const roll = random();
    if (customers.length < 3 || roll < 0.2) await registerCustomer();
    else if (unverified.length > 0 && roll < 0.4) await recordKyc(pick(unverified));
    else if (verified.length > 0 && roll < 0.6) await recordPurchase(pick(verified));
    else if (roll < 0.85 || verified.length === 0) await tickPrice();
    else await requestRedemption(pick(verified));
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = step()
        .catch((error: unknown) => log.warn({ err: (error as Error).message }, 'platform simulator: a step failed'))
        .finally(schedule);
    }, options.intervalMs);
  };

  running = (async () => {
    // A fresh credential each start; the one of the last run is revoked (its secret lived only in that process).
    for (const old of await listCredentials(db)) {
      if (old.name === simulatorCredentialName && old.status === 'active') await revokeCredential(db, { adminId: null }, old.id);
    }
    secret = (await createSystemCredential(db, simulatorCredentialName, platformScopes)).secret;
    const current = await fetch(`${baseUrl}/api/price`)
      .then((r) => (r.ok ? (r.json() as Promise<{ harga_jual: number; harga_beli: number }>) : null))
      .catch(() => null);
    if (current) price = { selling: current.harga_jual, buyback: current.harga_beli };
    log.info(
      { everyMs: options.intervalMs },
      'platform simulator started: it calls the platform API (PLATFORM_SIMULATOR=false turns it off)',
    );
    schedule();
  })().catch((error: unknown) => log.warn({ err: (error as Error).message }, 'platform simulator did not start'));

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
