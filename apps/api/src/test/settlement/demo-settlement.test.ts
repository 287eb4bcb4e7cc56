import { rmSync } from 'node:fs';
import { parseUnits, type Address } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import type { RedemptionSettlement, ReservesResponse } from '@gold/contract';
import { call, signIn, startApiProcess, waitUntil, type ApiProcess } from '../api-processes';
import { newWallet } from '../platform/platform-client';
import { migratedDataDir } from '../test-databases';
import { transferEvent, zeroAddress } from '../../modules/chain/chain-definition';
import { testAdmin } from '../test-app';
import { addStockOverHttp } from '../vault-fixtures';
import {
  anvilToken,
  escrow,
  registerVerifiedCustomer,
  requestRedemption,
  checkIdentityDocument,
  sendAndCheckCode,
  waitForStatus,
} from '../../../harness/settlement-cycle';

/** anvil's first and second dev accounts: the demo's escrow (the token owner) and treasury. */
const demoEscrow = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' as Address;
const demoTreasury = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

/**
 * The demo as `npm start` runs it (the embedded database, the demo chain, the signer as the
 * API's child): a redemption requested through the platform API, escrowed on chain, handed
 * over at the counter, burned; the reconciliation clean and the coverage what it was.
 */
describe('settlement on the demo chain', () => {
  const started: Array<{ api: ApiProcess; dataDir: string }> = [];
  afterAll(async () => {
    for (const { api, dataDir } of started) {
      await api.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  async function startDemo(env: Record<string, string> = {}) {
    const dataDir = await migratedDataDir();
    const api = await startApiProcess({
      DATA_DIR: dataDir,
      DEMO_CHAIN: 'true',
      SETTLEMENT_INTERVAL_MS: '100',
      ADMIN_EMAIL: testAdmin.email,
      ADMIN_PASSWORD: testAdmin.password,
      ...env,
    });
    started.push({ api, dataDir });
    let chain: { rpcUrl: string; token: Address } | undefined;
    await waitUntil('the demo chain', () => {
      const found = /demo chain: anvil at (http:\/\/[\d.:]+), token (0x[0-9a-fA-F]{40})/.exec(api.output());
      if (found) chain = { rpcUrl: found[1]!, token: found[2] as Address };
      return found !== null;
    });
    // The first admin is an Administrator (credentials); a Supervisor it adds moves stock and works the counter.
    const administratorCookie = await signIn(api.baseUrl, testAdmin);
    const supervisor = { email: 'supervisor.demo@example.com', password: testAdmin.password };
    const added = await call(api.baseUrl, '/api/admin/add', {
      cookie: administratorCookie,
      body: { fullname: 'Demo Supervisor', ...supervisor, role: 'Supervisor', reauth: { password: testAdmin.password } },
    });
    expect(added.status).toBe(201);
    const cookie = await signIn(api.baseUrl, supervisor);
    return { api, cookie, administratorCookie, token: anvilToken(chain!.rpcUrl, chain!.token, demoEscrow) };
  }

  async function reserves(api: ApiProcess, cookie: string) {
    const answer = await call<ReservesResponse>(api.baseUrl, '/api/admin/reserves', { cookie });
    expect(answer.status).toBe(200);
    return answer.body.reading!;
  }

  it('escrow, hand-over, burn final: no difference, coverage unchanged', { timeout: 240_000 }, async () => {
    const { api, cookie, administratorCookie, token } = await startDemo();
    const credential = await call<{ secret: string }>(api.baseUrl, '/api/admin/credentials', {
      cookie: administratorCookie,
      body: { name: 'demo platform', scopes: ['customers', 'kyc', 'redemptions'], reauth: { password: testAdmin.password } },
    });
    expect(credential.status).toBe(201);
    const { secret } = credential.body;

    // 20 g in the vault against 20 tokens: 10.05 for the customer (a 10 g piece and its fee), 9.95 elsewhere.
    expect((await addStockOverHttp(api.baseUrl, cookie, testAdmin, 10, 2)).status).toBeLessThan(300);
    const wallet = newWallet();
    await token.mint(wallet, parseUnits('10.05', 18));
    await token.mint(newWallet(), parseUnits('9.95', 18));
    await waitUntil('the reserves to read the mints', async () => (await reserves(api, cookie)).supply === '20', 60_000, 250);
    const before = await reserves(api, cookie);
    expect(before).toMatchObject({ supply: '20', vaultGrams: '20', coveragePercent: '100', backed: true });

    const customerId = await registerVerifiedCustomer(api.baseUrl, secret, wallet);
    const redemption = await requestRedemption(api.baseUrl, secret, customerId, 10, '0.05');
    expect(redemption).toMatchObject({ status: 'REQUESTED', total: '10', fee: '0.05' });
    const escrowed = await escrow(token, wallet, demoEscrow, redemption.escrowAmount);
    await waitForStatus(api.baseUrl, cookie, redemption.id, 'PREPARATION');

    await sendAndCheckCode(api.baseUrl, cookie, redemption.id);
    await checkIdentityDocument(api.baseUrl, cookie, redemption.id);
    const approved = await call<{ status: string }>(api.baseUrl, '/api/admin/redeem/approve', { body: { id: redemption.id }, cookie });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('REDEEMED');

    const settlement = async () =>
      (await call<RedemptionSettlement>(api.baseUrl, `/api/admin/redeem/${redemption.id}/settlement`, { cookie })).body;
    await waitUntil(
      'the burn and the fee to be final',
      async () => {
        const { transactions } = await settlement();
        return transactions.length === 2 && transactions.every((tx) => tx.state === 'final');
      },
      120_000,
      250,
    );
    const { escrow: deposit, transactions } = await settlement();
    expect(deposit).toMatchObject({ txhash: escrowed.hash, amount: '10.05', final: true, release: 'burn' });
    const burn = transactions.find((tx) => tx.kind === 'burn')!;
    expect(burn).toMatchObject({ amount: '10', state: 'final' });
    expect(transactions.find((tx) => tx.kind === 'fee')).toMatchObject({ amount: '0.05', state: 'final' });

    // On chain: the burn of the total from the escrow, the fee at the treasury, nothing left in escrow.
    const burns = await token.burns(escrowed.blockNumber);
    expect(burns).toEqual([expect.objectContaining({ from: demoEscrow, amount: parseUnits('10', 18), txHash: burn.txHash })]);
    expect(await token.balanceOf(demoTreasury)).toBe(parseUnits('0.05', 18));
    expect(await token.balanceOf(demoEscrow)).toBe(0n);

    await waitUntil(
      'the reconciliation to hold nothing, in flight or not',
      async () => {
        const summary = await call<{ differences: number; inFlight: number }>(api.baseUrl, '/api/admin/settlement/reconciliation/summary', {
          cookie,
        });
        return summary.status === 200 && summary.body.differences === 0 && summary.body.inFlight === 0;
      },
      60_000,
      250,
    );
    const list = await call<{ data: unknown[] }>(api.baseUrl, '/api/admin/settlement/reconciliation', { cookie });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);

    await waitUntil('the reserves to read the burn', async () => (await reserves(api, cookie)).supply === '10', 60_000, 250);
    const after = await reserves(api, cookie);
    expect(after).toMatchObject({ supply: '10', vaultGrams: '10', coveragePercent: before.coveragePercent, backed: true });
    expect(after.shortfallGrams).toBe(before.shortfallGrams);
  });

  it(
    'on the seeded demo, the simulated platform escrows what its customers redeem, bought from demo wallets: PREPARATION',
    { timeout: 240_000 },
    async () => {
      const { api, cookie, token } = await startDemo({
        SEED_DEMO_DATA: 'true',
        PLATFORM_SIMULATOR: 'true',
        PLATFORM_SIMULATOR_INTERVAL_MS: '100',
      });
      for (const denom of [1, 2, 5]) {
        expect((await addStockOverHttp(api.baseUrl, cookie, testAdmin, denom, 50)).status).toBeLessThan(300);
      }
      let id: number | undefined;
      await waitUntil(
        'a simulated redemption in PREPARATION',
        async () => {
          const list = await call<{ data: Array<{ id: number }> }>(api.baseUrl, '/api/admin/list/redeems?status=PREPARATION&limit=10', {
            cookie,
          });
          // The simulator's customers (their e-mail at sim.example), not the seeded ones.
          for (const item of list.body.data) {
            const detail = await call<{ user: { email: string } }>(api.baseUrl, `/api/admin/redeem/${item.id}`, { cookie });
            if (detail.body.user.email.endsWith('@sim.example')) id = item.id;
          }
          return id !== undefined;
        },
        180_000,
        500,
      );
      const settlement = (await call<RedemptionSettlement>(api.baseUrl, `/api/admin/redeem/${id}/settlement`, { cookie })).body;
      expect(settlement.escrow).toMatchObject({ final: true, release: null });
      const detail = (
        await call<{ total: string; totalFee: string; user: { walletAddress: string } }>(api.baseUrl, `/api/admin/redeem/${id}`, { cookie })
      ).body;
      const receipt = await token.client.getTransactionReceipt({ hash: settlement.escrow!.txhash as `0x${string}` });
      expect(receipt.from.toLowerCase()).toBe(detail.user.walletAddress.toLowerCase());
      expect(parseUnits(settlement.escrow!.amount, 18)).toBe(parseUnits(detail.total, 18) + parseUnits(detail.totalFee, 18));
      // The customer's tokens came from a seeded demo wallet (a transfer, not a mint): the supply stays.
      const bought = await token.client.getLogs({
        address: token.address,
        event: transferEvent,
        args: { to: detail.user.walletAddress as Address },
        fromBlock: 0n,
        strict: true,
      });
      expect(bought.length).toBeGreaterThan(0);
      expect(bought.every((log) => log.args.from !== zeroAddress)).toBe(true);
    },
  );
});
