import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TransactionDetail } from '@gold/contract';
import { failWith, inTurn, jsonResponse } from '@/testing/http';
import { renderSignedIn } from '@/testing/render-app';

const transaction: TransactionDetail = {
  id: 42,
  txhash: `0x${'3c'.repeat(32)}`,
  logIndex: 1,
  from: null,
  to: `0x${'a1'.repeat(20)}`,
  date: '2026-03-05T07:30:00.000Z',
  amount: '25.005',
  status: 'MINT',
  pending: false,
  blockNumber: 71234,
};

/** The value shown beside a label of the detail's description list. */
const valueOf = (label: string) => {
  const term = within(screen.getByRole('region', { name: 'Transaction' })).getByText(label, { selector: 'dt' });
  return term.nextElementSibling!.textContent;
};

describe('/transaction-list/:id', () => {
  it('shows the transaction read-only: whole hash and addresses, a dash for a missing one, WIB date, type and amount', async () => {
    renderSignedIn('/transaction-list/42', { 'GET /admin/transaction/detail/42': () => jsonResponse(200, { data: [transaction] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'View Transaction Detail' })).toBeTruthy();
    await waitFor(() => expect(valueOf('Transaction Hash')).toBe(transaction.txhash), { timeout: 30_000 });
    expect(valueOf('From')).toBe('-');
    expect(valueOf('To')).toBe(transaction.to);
    expect(valueOf('Date')).toMatch(/^05 Mar 2026,? 14[.:]30 WIB$/);
    expect(valueOf('Type')).toBe('Mint');
    expect(valueOf('Amount in GIDR')).toBe('25,01');
    expect(valueOf('Finality')).toBe('FinalBlock 71.234');
    expect(screen.getByRole('button', { name: 'copy transaction hash' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Transaction List' }).getAttribute('href')).toBe('/transaction-list');
  });

  it('marks a transfer whose block is not final yet as pending, with its block', async () => {
    renderSignedIn('/transaction-list/42', {
      'GET /admin/transaction/detail/42': () => jsonResponse(200, { data: [{ ...transaction, pending: true }] }),
    });
    await waitFor(() => expect(valueOf('Finality')).toContain('Pending'), { timeout: 30_000 });
    expect(valueOf('Finality')).toBe('PendingBlock 71.234Not final yet: its block can still be replaced on the chain');
  });

  it('shows the server’s message for an unknown transaction', async () => {
    renderSignedIn('/transaction-list/9', { 'GET /admin/transaction/detail/9': failWith(404, 'Transaction 9 not found') });
    expect(await screen.findByText('Transaction 9 not found', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('asks nothing for an id that cannot exist', async () => {
    const { calls } = renderSignedIn('/transaction-list/abc');
    expect(await screen.findByText('There is no transaction with this id.', {}, { timeout: 30_000 })).toBeTruthy();
    expect(calls.some((call) => call.url.includes('/transaction/detail'))).toBe(false);
  });

  it('offers Retry when the server could not answer', async () => {
    renderSignedIn('/transaction-list/42', {
      'GET /admin/transaction/detail/42': inTurn(failWith(503, 'Database unavailable'), () => jsonResponse(200, { data: [transaction] })),
    });
    expect(await screen.findByText('Database unavailable', {}, { timeout: 30_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(valueOf('Type')).toBe('Mint'), { timeout: 30_000 });
  });
});
