import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { ChainTransaction, EscrowDeposit, ReconciliationItem, ReconciliationSummary, RedemptionSettlement } from '@gold/contract';
import { selectRows } from '../../db/client';
import { insertCustomer, insertDenomination, insertRedemption } from '../../test/redemption-fixtures';
import { describeEachEngine } from '../../test/test-app';
import {
  customerWallet,
  escrowAddress,
  insertBurnTransfer,
  insertChainTransaction,
  insertDeposit,
  settlementAudit,
} from './settlement-fixtures';

/**
 * The settlement's read side and operator actions on rows written as the token backend writes
 * them: every kind of difference the reconciliation finds (in flight or not), the deposit and
 * outbox lists, the refund of an unmatched deposit and the retry of a failed transaction.
 */
describeEachEngine(
  'settlement',
  (t) => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
    const ids = {} as Record<
      | 'settled'
      | 'burnSent'
      | 'notBurned'
      | 'notIndexed'
      | 'rejected'
      | 'requested'
      | 'unmatched'
      | 'pendingUnmatched'
      | 'failedBurn'
      | 'sentBurn'
      | 'heldOpen',
      number
    >;
    let strayBurn = '';

    beforeAll(async () => {
      const { db } = t().database;
      const customer = await insertCustomer(db);
      const ten = await insertDenomination(db, 10, 100);
      const redemption = (status: Parameters<typeof insertRedemption>[1]['status']) =>
        insertRedemption(db, { customerId: customer.id, status, pieces: [{ denominationId: ten, denom: 10, amount: 1 }] });

      // Handed over, burned, the burn indexed as final: nothing to report.
      ids.settled = await redemption('REDEEMED');
      const settledDeposit = await insertDeposit(db, { amount: '10.1', redemptionId: ids.settled, release: 'burn' });
      const burn = await insertChainTransaction(db, {
        kind: 'burn',
        state: 'final',
        amount: '10',
        redemptionId: ids.settled,
        depositId: settledDeposit.id,
        minedBlock: 500,
      });
      await insertBurnTransfer(db, { hash: burn.hash!, amount: '10' });

      // Handed over, its burn sent: in flight.
      ids.burnSent = await redemption('REDEEMED');
      ids.sentBurn = (await insertChainTransaction(db, { kind: 'burn', state: 'sent', amount: '10', redemptionId: ids.burnSent })).id;

      // Fulfilled off-platform, its burn failed: not burned, and a failed transaction.
      ids.notBurned = await redemption('ON_WEB2');
      ids.failedBurn = (
        await insertChainTransaction(db, {
          kind: 'burn',
          state: 'failed',
          amount: '10',
          redemptionId: ids.notBurned,
          lastError: 'execution reverted: ERC20InsufficientBalance',
          createdAt: hoursAgo(5),
        })
      ).id;

      // Burned and final for the signer, the transfer still pending in the index: in flight.
      ids.notIndexed = await redemption('REDEEMED');
      const pendingBurn = await insertChainTransaction(db, {
        kind: 'burn',
        state: 'final',
        amount: '10',
        redemptionId: ids.notIndexed,
        minedBlock: 600,
      });
      await insertBurnTransfer(db, { hash: pendingBurn.hash!, amount: '10', final: false });

      // Rejected while its final deposit was held, never refunded.
      ids.rejected = await redemption('REJECTED');
      await insertDeposit(db, { amount: '10.1', redemptionId: ids.rejected, createdAt: hoursAgo(3) });

      // An open redemption holding its escrow.
      ids.requested = await redemption('REQUESTED');
      ids.heldOpen = (await insertDeposit(db, { amount: '10.1', redemptionId: ids.requested })).id;

      // Deposits no redemption took: one final (an operator's to refund), one pending.
      ids.unmatched = (await insertDeposit(db, { amount: '7', createdAt: hoursAgo(48) })).id;
      ids.pendingUnmatched = (await insertDeposit(db, { amount: '3', final: false })).id;

      // A burn from the escrow that no chain transaction sent.
      strayBurn = `0x${'5'.repeat(64)}`;
      await insertBurnTransfer(db, { hash: strayBurn, amount: '2.5' });
      // ...and a burn from someone else's wallet, which is none of the settlement's business.
      await insertBurnTransfer(db, { hash: `0x${'6'.repeat(64)}`, amount: '1', from: customerWallet });
    });

    const get = async <T>(url: string) => {
      const response = await t().injectAsAdmin({ method: 'GET', url: `/api/admin${url}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<T>();
    };
    const post = (url: string) => t().injectAsAdmin({ method: 'POST', url: `/api/admin${url}` });
    const reconciliation = (query = '') => get<{ data: ReconciliationItem[]; total: number }>(`/settlement/reconciliation${query}`);
    const items = async (query = '') =>
      (await reconciliation(query)).data.map((i) => [i.kind, i.inFlight, i.redemptionId ?? i.depositId ?? i.txHash] as const);

    it('answers 401 without a session', async () => {
      for (const [method, url] of [
        ['GET', '/api/admin/settlement/reconciliation'],
        ['GET', '/api/admin/settlement/reconciliation/summary'],
        ['GET', '/api/admin/export/reconciliation.csv'],
        ['GET', '/api/admin/settlement/deposits'],
        ['POST', '/api/admin/settlement/deposits/1/refund'],
        ['GET', '/api/admin/settlement/transactions'],
        ['POST', '/api/admin/settlement/transactions/1/retry'],
        ['GET', '/api/admin/redeem/1/settlement'],
      ] as const) {
        expect((await t().app.inject({ method, url })).statusCode, url).toBe(401);
      }
    });

    it('lists every difference with what it concerns, in flight apart, oldest first', async () => {
      const all = await reconciliation();
      expect(all.total).toBe(all.data.length);
      expect(all.data.map((i) => [i.kind, i.inFlight, i.redemptionId ?? i.depositId ?? i.txHash]).sort()).toEqual(
        [
          ['redemption-not-burned', true, ids.burnSent],
          ['redemption-not-burned', false, ids.notBurned],
          ['transaction-failed', false, ids.notBurned],
          ['burn-not-indexed', true, ids.notIndexed],
          ['rejected-not-refunded', false, ids.rejected],
          ['deposit-unmatched', false, ids.unmatched],
          ['deposit-unmatched', true, ids.pendingUnmatched],
          ['burn-unrecorded', false, strayBurn],
        ].sort(),
      );
      const since = all.data.map((i) => i.since);
      expect(since).toEqual([...since].sort());
      // The oldest: the deposit unmatched for two days.
      expect(all.data[0]).toMatchObject({ kind: 'deposit-unmatched', depositId: ids.unmatched, expected: '7', inFlight: false });
      expect(all.data[0]!.ageSeconds).toBeGreaterThanOrEqual(48 * 3600);
      expect(all.data.find((i) => i.kind === 'transaction-failed')).toMatchObject({
        transactionId: ids.failedBurn,
        redemptionId: ids.notBurned,
        expected: '10',
      });
      expect(all.data.find((i) => i.kind === 'redemption-not-burned' && i.inFlight)).toMatchObject({
        transactionId: ids.sentBurn,
        expected: '10',
        actual: '10',
      });
      expect(all.data.find((i) => i.kind === 'burn-unrecorded')).toMatchObject({ actual: '2.5', redemptionId: null });
    });

    it('filters differences from what is in flight, and by kind, paged', async () => {
      expect((await items('?view=in-flight')).map(([kind]) => kind).sort()).toEqual([
        'burn-not-indexed',
        'deposit-unmatched',
        'redemption-not-burned',
      ]);
      expect((await items('?view=differences')).every(([, inFlight]) => !inFlight)).toBe(true);
      expect(await items('?kind=rejected-not-refunded')).toEqual([['rejected-not-refunded', false, ids.rejected]]);
      const first = await reconciliation('?limit=3&page=0');
      const second = await reconciliation('?limit=3&page=1');
      const everything = await reconciliation('?order=asc');
      expect(first.total).toBe(8);
      expect([...first.data, ...second.data].map((i) => i.id)).toEqual(everything.data.slice(0, 6).map((i) => i.id));
      const newestFirst = await reconciliation('?order=desc');
      expect(newestFirst.data.map((i) => i.id)).toEqual(everything.data.map((i) => i.id).reverse());
    });

    it('counts per kind in the summary', async () => {
      const summary = await get<ReconciliationSummary>('/settlement/reconciliation/summary');
      expect(summary).toMatchObject({ differences: 5, inFlight: 3 });
      expect(summary.kinds).toContainEqual({ kind: 'deposit-unmatched', differences: 1, inFlight: 1 });
      expect(summary.kinds).toContainEqual({ kind: 'burn-amount-differs', differences: 0, inFlight: 0 });
    });

    it('exports the same items as CSV, audited', async () => {
      const response = await t().injectAsAdmin({ url: '/api/admin/export/reconciliation.csv?view=differences' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="reconciliation-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(lines[0]).toBe('id,kind,inFlight,redemptionId,depositId,transactionId,txHash,expected,actual,since,ageSeconds');
      expect(lines).toHaveLength(1 + 5);
      expect(lines[1]).toMatch(new RegExp(`^deposit-unmatched:${ids.unmatched},deposit-unmatched,false,,${ids.unmatched},`));
      const [exported] = await selectRows<{ entityId: string }>(
        t().database.db,
        sql`select entity_id as "entityId" from audit_log where action = 'export.csv' order by id desc limit 1`,
      );
      expect(exported?.entityId).toBe('reconciliation');
      expect((await t().injectAsAdmin({ url: '/api/admin/export/reconciliation.csv?limit=5' })).statusCode).toBe(400);
    });

    it('lists unmatched, held and all deposits with their transfer and refund', async () => {
      const unmatched = await get<{ data: EscrowDeposit[]; total: number }>('/settlement/deposits');
      expect(unmatched.data.map((d) => d.id)).toEqual([ids.pendingUnmatched, ids.unmatched]);
      expect(unmatched.data[1]).toMatchObject({
        from: customerWallet,
        amount: '7',
        final: true,
        redemptionId: null,
        unmatchedReason: 'no-open-request',
        release: null,
        refund: null,
      });
      const held = await get<{ data: EscrowDeposit[]; total: number }>('/settlement/deposits?view=held&limit=10');
      expect(held.total).toBe(4);
      expect(held.data.map((d) => d.id)).toContain(ids.heldOpen);
      expect((await get<{ total: number }>('/settlement/deposits?view=all&limit=1')).total).toBe(5);
      expect((await t().injectAsAdmin({ url: '/api/admin/settlement/deposits?view=mine' })).statusCode).toBe(400);
    });

    it('refunds an unmatched final deposit once, in one audited transaction; refuses the others with 409', async () => {
      const refusals = [
        [ids.pendingUnmatched, /not final yet/],
        [ids.heldOpen, new RegExp(`escrow of redemption ${ids.requested} \\(REQUESTED\\)`)],
      ] as const;
      for (const [id, message] of refusals) {
        const refused = await post(`/settlement/deposits/${id}/refund`);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toMatch(message);
      }
      expect((await post('/settlement/deposits/999999/refund')).statusCode).toBe(404);

      const refunded = await post(`/settlement/deposits/${ids.unmatched}/refund`);
      expect(refunded.statusCode, refunded.body).toBe(200);
      const deposit = refunded.json<EscrowDeposit>();
      expect(deposit).toMatchObject({ id: ids.unmatched, release: 'refund', refund: { state: 'queued', txHash: null } });
      expect(deposit.releasedAt).not.toBeNull();
      const queued = await get<{ data: ChainTransaction[] }>('/settlement/transactions?kind=refund&state=queued');
      expect(queued.data).toEqual([
        expect.objectContaining({ id: deposit.refund!.id, to: customerWallet, amount: '7', depositId: ids.unmatched, redemptionId: null }),
      ]);
      expect((await settlementAudit(t().database.db)).at(-1)).toMatchObject({
        action: 'settlement.refund-queued',
        entity: 'escrow-deposit',
        entityId: String(ids.unmatched),
      });
      const [event] = await selectRows<{ type: string }>(t().database.db, sql`select type from admin_events order by id desc limit 1`);
      expect(event?.type).toBe('settlement.changed');

      const again = await post(`/settlement/deposits/${ids.unmatched}/refund`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/already queued/);
      // The refund is now in flight, no longer a difference.
      expect(await items('?kind=deposit-unmatched&view=differences')).toEqual([]);
      expect((await get<{ data: EscrowDeposit[] }>('/settlement/deposits')).data.map((d) => d.id)).toEqual([ids.pendingUnmatched]);
    });

    it('retries only a failed transaction, once, as a new queued row', async () => {
      const notFailed = await post(`/settlement/transactions/${ids.sentBurn}/retry`);
      expect(notFailed.statusCode).toBe(409);
      expect(notFailed.json().message).toMatch(/it is sent, and only a failed transaction may be retried/);
      expect((await post('/settlement/transactions/999999/retry')).statusCode).toBe(404);

      const retried = await post(`/settlement/transactions/${ids.failedBurn}/retry`);
      expect(retried.statusCode, retried.body).toBe(200);
      const retry = retried.json<ChainTransaction>();
      expect(retry).toMatchObject({
        kind: 'burn',
        state: 'queued',
        redemptionId: ids.notBurned,
        amount: '10',
        to: escrowAddress,
        retryOf: ids.failedBurn,
        nonce: null,
        txHash: null,
      });
      const failed = (await get<{ data: ChainTransaction[] }>('/settlement/transactions?state=failed')).data;
      expect(failed).toEqual([
        expect.objectContaining({ id: ids.failedBurn, retriedBy: retry.id, lastError: expect.stringMatching(/reverted/) }),
      ]);
      expect((await settlementAudit(t().database.db)).at(-1)).toMatchObject({
        action: 'settlement.transaction-retried',
        entity: 'chain-transaction',
        entityId: String(ids.failedBurn),
        details: { retryId: retry.id },
      });
      const again = await post(`/settlement/transactions/${ids.failedBurn}/retry`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(new RegExp(`already retried as transaction ${retry.id}`));
      // The redemption's burn is in flight again; the failure is resolved.
      expect(await items('?kind=transaction-failed')).toEqual([]);
      expect(await items(`?kind=redemption-not-burned&view=in-flight`)).toContainEqual(['redemption-not-burned', true, ids.notBurned]);
    });

    it("answers a redemption's escrow and transactions for its detail page; 404 for an unknown one", async () => {
      const settled = await get<RedemptionSettlement>(`/redeem/${ids.settled}/settlement`);
      expect(settled.escrow).toMatchObject({ amount: '10.1', final: true, release: 'burn' });
      expect(settled.transactions).toEqual([expect.objectContaining({ kind: 'burn', state: 'final', amount: '10', lastError: null })]);
      const open = await get<RedemptionSettlement>(`/redeem/${ids.requested}/settlement`);
      expect(open).toEqual({ escrow: expect.objectContaining({ depositId: ids.heldOpen, release: null }), transactions: [] });
      expect((await t().injectAsAdmin({ url: '/api/admin/redeem/999999/settlement' })).statusCode).toBe(404);
    });

    it('waits a while for the indexer to see a burn the signer saw final, then calls it a difference', async () => {
      const db = t().database.db;
      const [burn] = await selectRows<{ id: number; hash: string }>(
        db,
        sql`select id, tx_hash as hash from chain_transactions where redemption_id = ${ids.notIndexed} and kind = 'burn'`,
      );
      await db.execute(sql`delete from token_transactions where txhash = ${burn!.hash}`);
      expect(await items('?kind=burn-not-indexed')).toEqual([['burn-not-indexed', true, ids.notIndexed]]);
      await db.execute(sql`update chain_transactions set final_at = now() - interval '11 minutes' where id = ${burn!.id}`);
      expect(await items('?kind=burn-not-indexed')).toEqual([['burn-not-indexed', false, ids.notIndexed]]);
    });
  },
  { env: { SETTLEMENT_ESCROW_ADDRESS: escrowAddress } },
);
