import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { parseUnits } from 'viem';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
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
  checkIdentityDocument,
  sendAndCheckCode,
  statusOf,
  type AnvilToken,
} from '../../../harness/settlement-cycle';

const handOvers = 100;

/** Runs `work` over the items, `width` at a time. */
async function inGroups<T, R>(items: T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width) {
    results.push(...(await Promise.all(items.slice(i, i + width).map((item, j) => work(item, i + j)))));
  }
  return results;
}

/**
 * Two API processes on one PostgreSQL database and one signer process (`npm run signer`):
 * hand-overs approved at once on both end in one burn each, the signer's nonces consecutive.
 */
describeEachEngine(
  'hand-overs through two API processes and one signer',
  (t) => {
    let chain: DemoChain;
    let token: AnvilToken;
    const apis: ApiProcess[] = [];
    let signer: ChildProcess | undefined;
    let signerOutput = '';
    beforeAll(async () => {
      chain = await startDemoChain({ wallets: [] });
      token = anvilToken(chain.rpcUrl, chain.tokenAddress, chain.ownerAddress);
      const env = {
        DATABASE_URL: t().database.url!,
        RPC_URL: chain.rpcUrl,
        TOKEN_ADDRESS: chain.tokenAddress,
        TOKEN_DEPLOYMENT_BLOCK: String(chain.deploymentBlock),
        SETTLEMENT_ESCROW_ADDRESS: chain.ownerAddress,
        SETTLEMENT_TREASURY_ADDRESS: chain.secondAccount,
        SETTLEMENT_INTERVAL_MS: '100',
        ADMIN_EMAIL: testAdmin.email,
        ADMIN_PASSWORD: testAdmin.password,
      };
      apis.push(...(await Promise.all([startApiProcess(env), startApiProcess(env)])));
    }, 120_000);
    afterAll(async () => {
      if (signer && signer.exitCode === null) {
        const exited = new Promise((resolve) => signer!.once('exit', resolve));
        signer.kill('SIGTERM');
        await exited;
      }
      await Promise.all(apis.map((api) => api.stop()));
      await chain?.stop();
    });

    const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(t().database.db, query);

    it(`${handOvers} concurrent hand-overs end in ${handOvers} burns, no nonce gap, no duplicate`, { timeout: 600_000 }, async () => {
      const [a, b] = apis as [ApiProcess, ApiProcess];
      const cookies = [await signInSupervisor(a.baseUrl, testAdmin), await signInSupervisor(b.baseUrl, testAdmin)];
      const { secret } = await createSystemCredential(t().database.db, 'hand-overs platform', ['customers', 'kyc', 'redemptions']);
      expect((await addStockOverHttp(a.baseUrl, cookies[0]!, testAdmin, 1, handOvers)).status).toBeLessThan(300);

      const wallets = Array.from({ length: handOvers }, () => newWallet());
      const redemptions = await inGroups(wallets, 10, async (wallet) => {
        const customerId = await registerVerifiedCustomer(a.baseUrl, secret, wallet);
        return { wallet, ...(await requestRedemption(b.baseUrl, secret, customerId, 1, '0.05')) };
      });
      // The owner mints one at a time (its nonces), then the customers escrow ten at a time.
      for (const r of redemptions) await token.mint(r.wallet, r.escrowAmount);
      await inGroups(redemptions, 10, (r) => escrow(token, r.wallet, chain.ownerAddress, r.escrowAmount));
      await token.mine(65);
      const preparation = () => rows<{ n: number }>(sql`select count(*)::int as n from redemptions where status = 'PREPARATION'`);
      await waitUntil('every escrow final', async () => (await preparation())[0]!.n === handOvers, 120_000, 250);
      await inGroups(redemptions, 10, async (r, i) => {
        await sendAndCheckCode(apis[i % 2]!.baseUrl, cookies[i % 2]!, r.id);
        await checkIdentityDocument(apis[i % 2]!.baseUrl, cookies[i % 2]!, r.id);
      });

      // The signer starts now: nothing else sends from the owner's account from here on.
      const firstNonce = await token.client.getTransactionCount({ address: chain.ownerAddress, blockTag: 'pending' });
      const firstBlock = (await token.client.getBlockNumber()) + 1n;
      signer = spawn(process.execPath, [join(inject('apiBundles'), 'signer.js')], {
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          DATABASE_URL: t().database.url!,
          RPC_URL: chain.rpcUrl,
          TOKEN_ADDRESS: chain.tokenAddress,
          SIGNER_ANVIL_DEV_KEY: 'true',
          SIGNER_FINALIZED_TAG: 'false',
          CHAIN_CONFIRMATIONS: '0',
          SIGNER_POLL_MS: '100',
        },
      });
      signer.stdout!.on('data', (chunk) => (signerOutput += chunk));
      signer.stderr!.on('data', (chunk) => (signerOutput += chunk));

      // All at once, half on each process. Approvals of one denomination take its stock row in turn, so
      // some wait past the pool's acquire time-out on this small machine: 503 with Retry-After, and the
      // operator's console sends again, as this does. A 503 can also come after the commit (the answer's
      // read of the redemption found no connection): the retry is then refused (409) and the
      // redemption is REDEEMED; either way one hand-over, which the outbox below proves.
      const approve = async (id: number, i: number) => {
        for (let attempt = 0; ; attempt++) {
          const answer = await call(apis[i % 2]!.baseUrl, '/api/admin/redeem/approve', { body: { id }, cookie: cookies[i % 2]! });
          if (answer.status === 409 && attempt > 0) return (await statusOf(a.baseUrl, cookies[0]!, id)) === 'REDEEMED' ? 200 : 409;
          if (answer.status !== 503) return answer.status;
          await new Promise((resolve) => setTimeout(resolve, Number(answer.headers['retry-after'] ?? 1) * 1000));
        }
      };
      const approvals = await Promise.all(redemptions.map((r, i) => approve(r.id, i)));
      expect(approvals).toEqual(redemptions.map(() => 200));

      const finalCount = () => rows<{ n: number }>(sql`select count(*)::int as n from chain_transactions where state = 'final'`);
      await waitUntil(
        'every burn and fee final',
        async () => {
          if (signer!.exitCode !== null) throw new Error(`the signer exited (${signer!.exitCode}):\n${signerOutput}`);
          return (await finalCount())[0]!.n === 2 * handOvers;
        },
        300_000,
        250,
      );

      const outbox = await rows<{ kind: string; redemptionId: number; nonce: number; txHash: string; state: string; fromAddress: string }>(
        sql`select kind, redemption_id as "redemptionId", nonce::int as nonce, tx_hash as "txHash", state, from_address as "fromAddress"
              from chain_transactions order by nonce`,
      );
      expect(outbox).toHaveLength(2 * handOvers);
      expect(new Set(outbox.map((row) => row.state))).toEqual(new Set(['final']));
      expect(new Set(outbox.map((row) => row.fromAddress.toLowerCase()))).toEqual(new Set([chain.ownerAddress]));
      // Consecutive from the account's next nonce: no gap, none twice.
      expect(outbox.map((row) => row.nonce)).toEqual(outbox.map((_, i) => firstNonce + i));
      expect(await token.client.getTransactionCount({ address: chain.ownerAddress })).toBe(firstNonce + 2 * handOvers);
      for (const kind of ['burn', 'fee']) {
        const ids = outbox.filter((row) => row.kind === kind).map((row) => row.redemptionId);
        expect(ids.sort((x, y) => x - y)).toEqual(redemptions.map((r) => r.id).sort((x, y) => x - y));
      }

      // On chain: one burn per hand-over, of its total, from the escrow, each sent by the outbox.
      const burns = await token.burns(firstBlock);
      expect(burns).toHaveLength(handOvers);
      expect(new Set(burns.map((burn) => burn.from))).toEqual(new Set([chain.ownerAddress]));
      expect(burns.every((burn) => burn.amount === parseUnits('1', 18))).toBe(true);
      expect(new Set(burns.map((burn) => burn.txHash))).toEqual(
        new Set(outbox.filter((row) => row.kind === 'burn').map((row) => row.txHash)),
      );
      expect(await token.balanceOf(chain.secondAccount)).toBe(BigInt(handOvers) * parseUnits('0.05', 18));
      const redeemed = await rows<{ n: number }>(sql`select count(*)::int as n from redemptions where status = 'REDEEMED'`);
      expect(redeemed[0]!.n).toBe(handOvers);
    });
  },
  { engines: ['postgres'] },
);
