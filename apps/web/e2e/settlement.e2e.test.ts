import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ChainTransactionListResponse,
  EscrowDepositListResponse,
  RedemptionSettlement,
  ReconciliationListResponse,
} from '@gold/contract';
import type { WatchedPage } from './support/browser';
import { useConsole } from './support/fixture';
import { openSignedInPage } from './support/session';

/**
 * The Settlement screen on the built console and the real API: rows written into the database
 * before the server starts, as the token backend writes them (the indexer's transfers, the
 * settlement step's deposits, the signer's failed burn). An operator sees them in the
 * reconciliation, refunds the unmatched deposit and retries the failed burn, each confirmed,
 * and the redemption's page shows its settlement.
 */

const escrow = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const stranger = '0x00000000000000000000000000000000005e77ee';
const hash = (digit: string) => `0x${digit.repeat(64)}`;

interface Prepared {
  redemptionId: number;
  depositId: number;
  failedBurnId: number;
}
let prepared: Prepared | undefined;

/** The token backend's rows: a handed-over redemption whose burn failed, and a deposit no redemption took (from an unknown wallet). */
async function writeSettlementRows(dataDir: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  try {
    const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0]!;
    // A handed-over redemption whose burn failed: the demo's burn of it (seeded final) as the signer would have left it.
    const burn = await one<{ id: number; redemptionId: number }>(
      `select c.id, c.redemption_id as "redemptionId" from chain_transactions c
         join redemptions r on r.id = c.redemption_id
        where c.kind = 'burn' and c.state = 'final' and r.status = 'REDEEMED' order by c.id limit 1`,
    );
    await db.query(
      `delete from token_transactions where type = 'BURN' and txhash = (select tx_hash from chain_transactions where id = $1)`,
      [burn.id],
    );
    await db.query(
      `update chain_transactions
          set state = 'failed', chain_id = 31337, nonce = 0, signed_tx = '0x02f8', tx_hash = $2, sent_hashes = array[$2], mined_hash = null,
              final_at = null, broadcasts = 1, last_error = 'execution reverted: ERC20InsufficientBalance', updated_at = now() - interval '20 hours'
        where id = $1`,
      [burn.id, hash('2')],
    );
    const stray = await one<{ id: number }>(
      `insert into token_transactions (txhash, log_index, from_address, to_address, amount, type, occurred_at, final)
       values ($1, 0, $2, $3, '3.5', 'TRANSFER', now() - interval '3 hours', true) returning id`,
      [hash('3'), stranger, escrow],
    );
    const unmatched = await one<{ id: number }>(
      `insert into escrow_deposits (transfer_id, from_address, amount, unmatched_reason, created_at)
       values ($1, $2, '3.5', 'unknown-wallet', now() - interval '3 hours') returning id`,
      [stray.id, stranger],
    );
    prepared = { redemptionId: burn.redemptionId, depositId: unmatched.id, failedBurnId: burn.id };
  } finally {
    await db.close();
  }
}

// Refunds and retries: a server of its own, on the demo data with the rows above.
const e2e = useConsole({ data: 'demo', server: 'own', prepare: writeSettlementRows });
let watched: WatchedPage;
let page: Page;
let apiGet: <T>(path: string) => Promise<T>;
const rows = () => prepared!;

beforeAll(async () => {
  // Moving tokens by hand (refund, retry) is a Supervisor's.
  ({ watched, page, apiGet } = await openSignedInPage(e2e, { width: 1400, height: 1000 }, 'supervisor'));
});

const grid = (name: string) => page.getByRole('grid', { name });
const row = (name: string, text: string | RegExp) => grid(name).locator('[role="row"]').filter({ hasText: text });

describe('Settlement', () => {
  it('opens from the menu on the reconciliation: the failed burn and the unmatched deposit, oldest first, with their age', async () => {
    await page.getByRole('link', { name: 'Settlement' }).click();
    await page.waitForURL('**/settlement');
    await page.getByRole('heading', { level: 1, name: 'Settlement' }).waitFor();
    const api = await apiGet<ReconciliationListResponse>('/admin/settlement/reconciliation?view=differences&limit=100');
    const failed = api.data.find((item) => item.kind === 'transaction-failed')!;
    expect(failed).toMatchObject({ transactionId: rows().failedBurnId, redemptionId: rows().redemptionId });
    expect(api.data.find((item) => item.kind === 'deposit-unmatched')).toMatchObject({ depositId: rows().depositId, expected: '3.5' });

    await page.goto('/settlement?view=differences&kind=transaction-failed');
    await row('Reconciliation', 'Transaction failed').first().waitFor();
    expect(await row('Reconciliation', 'Transaction failed').innerText()).toMatch(/20 h \d+ min/);
    await page.goto('/settlement?view=differences');
    await row('Reconciliation', 'Unmatched deposit').first().waitFor();
    await page.screenshot({ path: 'docs/screenshots/settlement.png', fullPage: true });
  });

  it('refunds the unmatched deposit after a confirmation', async () => {
    await page.getByRole('tab', { name: 'Escrow deposits' }).click();
    await page.waitForURL('**/settlement/deposits');
    const refund = page.getByRole('button', { name: `Refund deposit ${rows().depositId}` });
    await refund.click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.innerText()).toContain(stranger);
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await page.getByText(`Refund of deposit ${rows().depositId} queued`).waitFor();
    await expect.poll(() => refund.count()).toBe(0);

    const all = await apiGet<EscrowDepositListResponse>('/admin/settlement/deposits?view=all&limit=100');
    expect(all.data.find((deposit) => deposit.id === rows().depositId)).toMatchObject({
      release: 'refund',
      refund: { state: 'queued' },
    });
    const inFlight = await apiGet<ReconciliationListResponse>('/admin/settlement/reconciliation?kind=deposit-unmatched&limit=10');
    expect(inFlight.data).toEqual([expect.objectContaining({ depositId: rows().depositId, inFlight: true })]);
  });

  it('retries the failed burn after a confirmation', async () => {
    await page.getByRole('tab', { name: 'Chain transactions' }).click();
    await page.waitForURL('**/settlement/transactions');
    // The demo's history holds many final burns and refunds: the failed ones, filtered as an operator would.
    await page.goto('/settlement/transactions?state=failed');
    const failed = row('Chain transactions', 'Failed');
    await failed.first().waitFor();
    await page.getByRole('button', { name: `Retry transaction ${rows().failedBurnId}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Retry' }).click();
    const outbox = await apiGet<ChainTransactionListResponse>('/admin/settlement/transactions?kind=burn&limit=10');
    const retry = outbox.data.find((transaction) => transaction.retryOf === rows().failedBurnId)!;
    expect(retry).toMatchObject({ state: 'queued', redemptionId: rows().redemptionId });
    await page.getByText(`Transaction ${rows().failedBurnId} queued again as ${retry.id}`).waitFor();
    await row('Chain transactions', `retried as ${retry.id}`).waitFor();
    await page.screenshot({ path: '/tmp/settlement-transactions.png', fullPage: true });
  });

  it("shows the redemption's escrow and its burns on its page", async () => {
    await page.goto(`/redemption-list/detail?id=${rows().redemptionId}`);
    const card = page.getByRole('region', { name: 'Settlement' });
    await card.getByTestId('settlement-escrow').waitFor();
    expect(await card.getByTestId('settlement-escrow').innerText()).toMatch(/Final/);
    const settlement = await apiGet<RedemptionSettlement>(`/admin/redeem/${rows().redemptionId}/settlement`);
    expect(settlement.transactions.map((t) => t.state)).toEqual(['failed', 'queued']);
    await card.getByText('Failed').waitFor();
    await card.getByText('Queued').waitFor();
  });

  it('asked nothing of another origin and threw no error', () => {
    expect(watched.foreignRequests).toEqual([]);
    expect(watched.pageErrors).toEqual([]);
  });
});
