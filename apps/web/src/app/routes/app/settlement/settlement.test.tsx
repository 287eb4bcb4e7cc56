import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  chainTransactionListQuery,
  escrowDepositListQuery,
  type ChainTransaction,
  type EscrowDeposit,
  type ReconciliationItem,
  type ReconciliationSummary,
} from '@gold/contract';
import { jsonResponse, type StubbedRequest } from '@/testing/http';
import { listServer } from '@/testing/list-server';
import { renderSignedIn, signInTestAdminAs } from '@/testing/render-app';

/** The Settlement screen's three tabs on stubbed API answers: the reconciliation, a refund and a retry, each confirmed. */

const hash = (digit: string) => `0x${digit.repeat(64)}`;

const items: ReconciliationItem[] = [
  {
    id: 'deposit-unmatched:4',
    kind: 'deposit-unmatched',
    inFlight: false,
    redemptionId: null,
    depositId: 4,
    transactionId: null,
    txHash: hash('a'),
    expected: '7',
    actual: null,
    since: '2026-11-25T08:00:00.000Z',
    ageSeconds: 2 * 86400 + 3 * 3600,
  },
  {
    id: 'redemption-not-burned:9',
    kind: 'redemption-not-burned',
    inFlight: true,
    redemptionId: 12,
    depositId: null,
    transactionId: 9,
    txHash: hash('b'),
    expected: '10',
    actual: '10',
    since: '2026-11-27T08:00:00.000Z',
    ageSeconds: 300,
  },
];

const summary: ReconciliationSummary = { differences: 1, inFlight: 1, kinds: [] };

const deposit = (overrides: Partial<EscrowDeposit>): EscrowDeposit => ({
  id: 4,
  txhash: hash('a'),
  from: '0x00000000000000000000000000000000000c0ffe',
  amount: '7',
  final: true,
  redemptionId: null,
  unmatchedReason: 'no-open-request',
  release: null,
  releasedAt: null,
  refund: null,
  createdAt: '2026-11-25T08:00:00.000Z',
  ...overrides,
});

const transaction = (overrides: Partial<ChainTransaction>): ChainTransaction => ({
  id: 9,
  kind: 'burn',
  state: 'failed',
  redemptionId: 12,
  depositId: 3,
  to: '0x00000000000000000000000000000000000e5c20',
  amount: '10',
  nonce: 4,
  txHash: hash('b'),
  broadcasts: 1,
  lastError: 'execution reverted',
  retryOf: null,
  retriedBy: null,
  createdAt: '2026-11-27T08:00:00.000Z',
  updatedAt: '2026-11-27T08:05:00.000Z',
  finalAt: null,
  ...overrides,
});

describe('/settlement', () => {
  // Moving tokens by hand and exports are a Supervisor's.
  signInTestAdminAs({ role: 'Supervisor' });

  it('lists the differences oldest first with their age, in flight marked, the counts above and the CSV of the same filters', async () => {
    renderSignedIn('/settlement?view=differences', {
      'GET /admin/settlement/reconciliation': () => jsonResponse(200, { data: items, total: items.length }),
      'GET /admin/settlement/reconciliation/summary': () => jsonResponse(200, summary),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Settlement' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Reconciliation', selected: true })).toBeTruthy();
    const first = (await screen.findByText('Unmatched deposit')).closest<HTMLElement>('[role="row"]')!;
    expect(within(first).getByText('2 d 3 h')).toBeTruthy();
    expect(within(first).getByText('Deposit 4')).toBeTruthy();
    const second = screen.getByText('Handed over, not burned').closest<HTMLElement>('[role="row"]')!;
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(second).getByText('In flight')).toBeTruthy();
    expect(within(second).getByRole('link', { name: 'Redemption 12' }).getAttribute('href')).toBe('/redemption-list/detail?id=12');
    const differences = screen.getByRole('region', { name: 'Differences' });
    expect(within(differences).getByText('1')).toBeTruthy();
    const csv = screen.getByRole('link', { name: /Export CSV/ });
    expect(csv.getAttribute('href')).toBe('/api/admin/export/reconciliation.csv?sort=since&order=asc&view=differences');
  });

  it('refunds an unmatched deposit after the operator confirms it', async () => {
    const rows = [deposit({})];
    const refunds: StubbedRequest[] = [];
    const { calls } = renderSignedIn('/settlement/deposits', {
      'GET /admin/settlement/deposits': listServer(escrowDepositListQuery, rows),
      'POST /admin/settlement/deposits/4/refund': (request) => {
        refunds.push(request);
        rows[0] = deposit({ release: 'refund', refund: { id: 30, state: 'queued', txHash: null } });
        return jsonResponse(200, rows[0]);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Refund deposit 4' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/go back to 0x00000000000000000000000000000000000c0ffe/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refund of deposit 4 queued')).toBeTruthy();
    expect(refunds).toHaveLength(1);
    // The list is read again: the deposit's refund is queued, no button any more.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Refund deposit 4' })).toBeNull());
    expect(calls.filter((c) => c.method === 'GET' && c.url.includes('/admin/settlement/deposits')).length).toBeGreaterThan(1);
  });

  it('retries a failed transaction after the operator confirms it; a cancel sends nothing', async () => {
    const rows = [transaction({}), transaction({ id: 8, kind: 'refund', state: 'final', lastError: null, redemptionId: null })];
    const retries: StubbedRequest[] = [];
    const { calls } = renderSignedIn('/settlement/transactions', {
      'GET /admin/settlement/transactions': listServer(chainTransactionListQuery, rows),
      'POST /admin/settlement/transactions/9/retry': (request) => {
        retries.push(request);
        rows[0] = transaction({ retriedBy: 10 });
        rows.unshift(transaction({ id: 10, state: 'queued', retryOf: 9, nonce: null, txHash: null, lastError: null }));
        return jsonResponse(200, rows[0]);
      },
    });
    const table = await screen.findByRole('grid', { name: 'Chain transactions' });
    expect(await within(table).findByText('Failed')).toBeTruthy();
    expect(within(table).getByText('Final')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Retry transaction 8' })).toBeNull();

    fireEvent.click(within(table).getByRole('button', { name: 'Retry transaction 9' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.click(within(table).getByRole('button', { name: 'Retry transaction 9' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Transaction 9 queued again as 10')).toBeTruthy();
    expect(retries).toHaveLength(1);
    expect(await within(table).findByText('retried as 10')).toBeTruthy();
    expect(within(table).getByText('Queued')).toBeTruthy();
  });
});
