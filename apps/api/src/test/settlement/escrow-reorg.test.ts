import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { createSystemCredential } from '../../modules/credentials/credentials.repository';
import { startDemoChain, type DemoChain } from '../../modules/chain';
import { call, startApiProcess, waitUntil, type ApiProcess, signInSupervisor } from '../api-processes';
import { newWallet } from '../platform/platform-client';
import { describeEachEngine, testAdmin } from '../test-app';
import { addStockOverHttp } from '../vault-fixtures';
import {
  anvilToken,
  escrow,
  registerVerifiedCustomer,
  requestRedemption,
  sendAndCheckCode,
  statusOf,
  waitForStatus,
  type AnvilToken,
} from '../../../harness/settlement-cycle';

/**
 * A reorganisation that drops an escrow transfer before it is final moves nothing: a real API
 * process on a chain whose finality is the node's `finalized` tag (anvil: 64 blocks under the
 * head), the escrow sent, seen and matched while pending, then abandoned with its block.
 */
describeEachEngine(
  'an escrow dropped by a reorganisation',
  (t) => {
    let chain: DemoChain;
    let token: AnvilToken;
    let api: ApiProcess;
    beforeAll(async () => {
      chain = await startDemoChain({ wallets: [] });
      token = anvilToken(chain.rpcUrl, chain.tokenAddress, chain.ownerAddress);
      api = await startApiProcess({
        DATABASE_URL: t().database.url!,
        RPC_URL: chain.rpcUrl,
        TOKEN_ADDRESS: chain.tokenAddress,
        TOKEN_DEPLOYMENT_BLOCK: String(chain.deploymentBlock),
        SETTLEMENT_ESCROW_ADDRESS: chain.ownerAddress,
        SETTLEMENT_TREASURY_ADDRESS: chain.secondAccount,
        SETTLEMENT_INTERVAL_MS: '100',
        ADMIN_EMAIL: testAdmin.email,
        ADMIN_PASSWORD: testAdmin.password,
      });
    }, 120_000);
    afterAll(async () => {
      await api?.stop();
      await chain?.stop();
    });

    const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(t().database.db, query);

    it('matches the pending escrow, moves nothing, and after the reorganisation holds no deposit', { timeout: 180_000 }, async () => {
      const cookie = await signInSupervisor(api.baseUrl, testAdmin);
      const { secret } = await createSystemCredential(t().database.db, 'reorg platform', ['customers', 'kyc', 'redemptions']);
      expect((await addStockOverHttp(api.baseUrl, cookie, testAdmin, 10, 3)).status).toBeLessThan(300);
      const wallet = newWallet();
      const customerId = await registerVerifiedCustomer(api.baseUrl, secret, wallet);
      const redemption = await requestRedemption(api.baseUrl, secret, customerId, 10, '0.05');
      await token.mint(wallet, redemption.escrowAmount);
      // The vault's pieces of 10 g: stock, redeemed, reserved and available.
      const stock = async () => {
        const { body } = await call<{ data: Array<Record<string, unknown>> }>(api.baseUrl, '/api/admin/denoms', { cookie });
        const row = body.data.find((d) => d.denom === 10)!;
        return { amount: row.amount, redeemed: row.redeemed, reserved: row.reserved, available: row.available };
      };
      const stockBefore = await stock();

      const snapshot = await token.rpc('evm_snapshot');
      const sent = await escrow(token, wallet, chain.ownerAddress, redemption.escrowAmount);
      // Seen and matched while pending: the deposit is the redemption's, its transfer not final.
      await waitUntil(
        'the pending escrow to be matched',
        async () =>
          (
            await rows<{ n: number }>(
              sql`select count(*)::int as n from escrow_deposits d join token_transactions t on t.id = d.transfer_id
                   where d.redemption_id = ${redemption.id} and t.txhash = ${sent.hash} and not t.final`,
            )
          )[0]!.n === 1,
        60_000,
        200,
      );
      expect(await statusOf(api.baseUrl, cookie, redemption.id)).toBe('REQUESTED');
      await sendAndCheckCode(api.baseUrl, cookie, redemption.id);
      const refused = await call<{ message: string }>(api.baseUrl, '/api/admin/redeem/approve', { body: { id: redemption.id }, cookie });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/escrow/i);

      // The escrow's block is abandoned; the new branch grows past the finality depth.
      await token.rpc('evm_revert', [snapshot]);
      await token.mine(70);
      await waitUntil(
        'the abandoned transfer to be gone',
        async () =>
          (await rows<{ n: number }>(sql`select count(*)::int as n from token_transactions where txhash = ${sent.hash}`))[0]!.n === 0,
        60_000,
        200,
      );
      expect(await token.balanceOf(wallet)).toBe(redemption.escrowAmount);
      expect(await rows(sql`select id from escrow_deposits`)).toEqual([]);
      expect(await rows(sql`select id from chain_transactions`)).toEqual([]);
      expect(await statusOf(api.baseUrl, cookie, redemption.id)).toBe('REQUESTED');
      expect((await call(api.baseUrl, '/api/admin/redeem/approve', { body: { id: redemption.id }, cookie })).status).toBe(409);
      expect(await stock()).toEqual(stockBefore);

      // The customer sends again: this escrow, once final, is the one that counts.
      const again = await escrow(token, wallet, chain.ownerAddress, redemption.escrowAmount);
      await token.mine(65);
      await waitForStatus(api.baseUrl, cookie, redemption.id, 'PREPARATION');
      const deposits = await rows<{ txhash: string; release: string | null }>(
        sql`select t.txhash, d.release from escrow_deposits d join token_transactions t on t.id = d.transfer_id`,
      );
      expect(deposits).toEqual([{ txhash: again.hash, release: null }]);
      expect(await rows(sql`select id from chain_transactions`)).toEqual([]);
      expect(await stock()).toEqual(stockBefore);
    });
  },
  { engines: ['postgres'] },
);
