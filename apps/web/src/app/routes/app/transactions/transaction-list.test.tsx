import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { transactionListQuery, type Transaction } from '@gold/contract';
import { failWith, inTurn, jsonResponse } from '@/testing/http';
import { countAnswer, listServer } from '@/testing/list-server';
import { applyLanguage } from '@/lib/i18n';
import { currentUrl, renderSignedIn, testAdmin, signInTestAdminAs } from '@/testing/render-app';

const zero = '0x0000000000000000000000000000000000000000';
const hex = (n: number, digits: number) => n.toString(16).padStart(digits, '0');
const wallet = (n: number) => `0x${hex(n, 2).repeat(20)}`;

function createTransactions(count: number): Transaction[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    txhash: `0x${hex(i + 1, 4)}${'ab'.repeat(30)}`,
    logIndex: 0,
    from: i % 5 === 0 ? zero : wallet(i % 7),
    to: i % 6 === 0 ? null : wallet((i + 1) % 7),
    date: new Date(Date.UTC(2026, 0, 1, 10, 0) + i * 3_600_000).toISOString(),
    amount: i === 0 ? '1234.5678' : String(i),
    status: i % 5 === 0 ? 'MINT' : 'TRANSFER',
    // The newest is in a block not final yet.
    pending: i === count - 1,
  }));
}

const server = (rows = createTransactions(23)) => listServer(transactionListQuery, rows, { searchIn: ['txhash', 'from', 'to'] });
const grid = () => screen.getByRole('grid', { name: 'Transactions' });
/** Waits (as long as a loaded machine needs) until the grid shows `count` rows. */
const shows = (count: number) => waitFor(() => expect(column('txhash')).toHaveLength(count), { timeout: 30_000 });
const column = (field: string) =>
  Array.from(grid().querySelectorAll(`[role="row"][data-id] [data-field="${field}"]`), (cell) => cell.textContent);

describe('/transaction-list', () => {
  // Export CSV is an Auditor's (or a Supervisor's): exports carry personal data.
  signInTestAdminAs({ role: 'Auditor' });

  it('shows Transactions Made and the newest transactions first with the spec’s columns', async () => {
    const rows = createTransactions(23);
    const list = server(rows);
    renderSignedIn('/transaction-list', { 'GET /admin/list/transactions': list, 'GET /admin/count/transactions': countAnswer(1_500_000) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Transaction List' })).toBeTruthy();
    await shows(10);
    expect(within(screen.getByRole('region', { name: 'Transactions Made' })).getByText('1.500.000')).toBeTruthy();
    expect(list.queries).toEqual([{ limit: 10, page: 0, sort: 'date', order: 'desc' }]);

    const headers = Array.from(grid().querySelectorAll('[role="columnheader"]'), (header) => [
      header.textContent,
      header.getAttribute('aria-sort') ?? 'not sortable',
    ]);
    expect(headers).toEqual([
      ['No', 'not sortable'],
      ['Transaction Hash', 'not sortable'],
      ['From', 'not sortable'],
      ['To', 'not sortable'],
      ['Date', 'descending'],
      ['Amount in GIDR', 'none'],
      ['Detail', 'not sortable'],
    ]);
    const newest = rows[22]!;
    expect(column('no').slice(0, 3)).toEqual(['1', '2', '3']);
    expect(column('txhash')[0]).toBe(`${newest.txhash.slice(0, 20)}...`);
    expect(column('from')[0]).toBe(`${newest.from!.slice(0, 20)}...`);
    const row = grid().querySelector(`[role="row"][data-id="${newest.id}"]`) as HTMLElement;
    expect(within(row).getByRole('link', { name: 'View transaction 1' }).getAttribute('href')).toBe(`/transaction-list/${newest.id}`);
    expect(within(row).getByRole('button', { name: 'copy transaction hash' })).toBeTruthy();
    // The newest transfer's block is not final yet: marked in its date cell, and only that one.
    const dates = Array.from(grid().querySelectorAll('[role="row"][data-id] [data-field="date"]'));
    expect(within(dates[0] as HTMLElement).getByText('Pending')).toBeTruthy();
    expect(dates.slice(1).every((cell) => !cell.textContent!.includes('Pending'))).toBe(true);
  });

  it('numbers the rows across pages, shows a dash for a missing address, dates in WIB and exact amounts', async () => {
    const rows = createTransactions(23);
    rows[21] = { ...rows[21]!, to: null, amount: '1234.5678' };
    renderSignedIn('/transaction-list?page=3&sort=date&order=asc', {
      'GET /admin/list/transactions': server(rows),
      'GET /admin/count/transactions': countAnswer(23),
    });
    await shows(3);
    expect(column('no')).toEqual(['21', '22', '23']);
    expect(column('to')[1]).toBe('-');
    expect(column('amount')[1]).toBe('1.234,57');
    // 06:00 UTC on 2 January is 13:00 in Jakarta.
    expect(column('date')[0]).toMatch(/^02 Jan 2026,? 13[.:]00 WIB$/);
  });

  it('searches by hash or address, filters by type on the server, in the URL', async () => {
    const list = server();
    const { router } = renderSignedIn('/transaction-list', {
      'GET /admin/list/transactions': list,
      'GET /admin/count/transactions': countAnswer(23),
    });
    await shows(10);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search transaction' }), { target: { value: '0x0003' } });
    await waitFor(() => expect(list.lastQuery()).toMatchObject({ search: '0x0003', page: 0 }));
    await shows(1);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Mint' }));
    await waitFor(() => expect(list.lastQuery()).toMatchObject({ search: '0x0003', type: 'MINT' }));
    expect(currentUrl(router)).toBe('/transaction-list?search=0x0003&type=MINT');

    const exportLink = screen.getByRole('link', { name: 'Export CSV of the rows that match the filter' });
    expect(exportLink.getAttribute('href')).toBe('/api/admin/export/transactions.csv?sort=date&order=desc&search=0x0003&type=MINT');
  });

  it('says why a search that is not a hash or an address finds every transaction, and sends none', async () => {
    const list = server();
    renderSignedIn('/transaction-list?search=budi', {
      'GET /admin/list/transactions': list,
      'GET /admin/count/transactions': countAnswer(23),
    });
    await shows(10);
    expect(screen.getByText(/“budi” is not a transaction hash or a wallet address/)).toBeTruthy();
    expect(list.queries.every((query) => query.search === undefined)).toBe(true);
  });

  it('says above the list, loudly, when the chain indexer has halted, and nothing while it runs', async () => {
    const indexer = {
      state: 'halted',
      headBlock: 70_120,
      finalizedBlock: 70_056,
      indexedBlock: 70_100,
      lagBlocks: 20,
      lagSeconds: 40,
      stalled: false,
      lastError: 'reorganisation deeper than 256 blocks at block 70101',
      lastErrorAt: '2026-01-02T03:04:05.000Z',
      lastReorg: null,
      updatedAt: '2026-01-02T03:04:06.000Z',
    };
    const halted = renderSignedIn('/transaction-list', {
      'GET /admin/list/transactions': server(),
      'GET /admin/count/transactions': countAnswer(23),
      'GET /health/ready': () => jsonResponse(200, { status: 'ok', database: 'up', indexer, alerts: [] }),
    });
    const banner = await screen.findByTestId('indexer-halted-banner', {}, { timeout: 30_000 });
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toContain('Chain indexing has stopped');
    expect(banner.textContent).toContain('reorganisation deeper than 256 blocks at block 70101.');
    await shows(10);
    halted.queryClient.clear();
    cleanup();

    renderSignedIn('/transaction-list', {
      'GET /admin/list/transactions': server(),
      'GET /admin/count/transactions': countAnswer(23),
      'GET /health/ready': () =>
        jsonResponse(200, { status: 'ok', database: 'up', indexer: { ...indexer, state: 'running', lastError: null } }),
    });
    await shows(10);
    expect(screen.queryByTestId('indexer-halted-banner')).toBeNull();
  });

  it('shows the server’s message with Retry when the list cannot be loaded', async () => {
    renderSignedIn('/transaction-list', {
      'GET /admin/list/transactions': inTurn(failWith(503, 'Database unavailable'), server()),
      'GET /admin/count/transactions': countAnswer(23),
    });
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    expect(screen.getByText('Error fetching transactions')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await shows(10);
  });

  it('speaks Indonesian when the admin chose it: count card, search, type filter, headers and links', async () => {
    try {
      renderSignedIn('/transaction-list', {
        'GET /account/session': () => jsonResponse(200, { admin: { ...testAdmin, role: 'Auditor', language: 'id' } }),
        'GET /admin/list/transactions': server(),
        'GET /admin/count/transactions': countAnswer(23),
      });
      expect(await screen.findByRole('heading', { level: 1, name: 'Daftar Transaksi' }, { timeout: 30_000 })).toBeTruthy();
      const list = await screen.findByRole('grid', { name: 'Transaksi' });
      await waitFor(() => expect(list.querySelectorAll('[role="row"][data-id]')).toHaveLength(10), { timeout: 30_000 });
      expect(within(screen.getByRole('region', { name: 'Total Transaksi' })).getByText('23')).toBeTruthy();
      expect(screen.getByRole('searchbox', { name: 'Cari transaksi' })).toBeTruthy();
      expect(screen.getByRole('combobox', { name: 'Jenis' }).textContent).toBe('Semua jenis');
      expect(Array.from(list.querySelectorAll('[role="columnheader"]'), (header) => header.textContent)).toEqual([
        'No',
        'Hash Transaksi',
        'Dari',
        'Ke',
        'Tanggal',
        'Jumlah dalam GIDR',
        'Detail',
      ]);
      expect(within(list).getByRole('link', { name: 'Lihat transaksi 1' })).toBeTruthy();
      expect(within(list).getAllByRole('button', { name: 'salin hash transaksi' })).toHaveLength(10);
    } finally {
      await applyLanguage('en');
    }
  });
});
