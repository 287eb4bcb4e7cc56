import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { customerListQuery } from '@gold/contract';
import { balancesServer } from '@/testing/balances-server';
import { createCustomer, createCustomers } from '@/testing/data-generators';
import { failWith, heldAnswer, inTurn, jsonResponse } from '@/testing/http';
import { countAnswer, listServer } from '@/testing/list-server';
import { applyLanguage } from '@/lib/i18n';
import { currentUrl, renderSignedIn, testAdmin, signInTestAdminAs } from '@/testing/render-app';

const customersServer = (rows = createCustomers(34)) => listServer(customerListQuery, rows, { searchIn: ['fullName', 'email'] });

const customersGrid = () => screen.getByRole('grid', { name: 'Users' });
/** The shown rows' cells of one column (plain DOM queries: role queries are slow on a grid). */
const column = (field: string) =>
  Array.from(customersGrid().querySelectorAll(`[role="row"][data-id] [data-field="${field}"]`), (cell) => cell.textContent);
/** The balances call answering zero for every wallet (tests about other columns). */
const noBalances = () => ({ 'GET /admin/balances': balancesServer() });
const countCard = () => screen.getByRole('region', { name: 'Registered Users' });

/** How long a wait may last: a data grid renders slowly in jsdom on a busy machine (a bound, not a timing assertion). */
const busy = { timeout: 30_000 };

describe('/user-list', () => {
  // Export CSV is an Auditor's (or a Supervisor's): exports carry personal data.
  signInTestAdminAs({ role: 'Auditor' });

  it('shows the Registered Users count and the newest customers first, 10 to a page', async () => {
    const customers = customersServer();
    renderSignedIn('/user-list', { 'GET /admin/list/users': customers, 'GET /admin/count/users': countAnswer(1_234_567), ...noBalances() });
    expect(await screen.findByRole('heading', { level: 1, name: 'User List' }, busy)).toBeTruthy();
    await waitFor(() => expect(column('fullName')).toHaveLength(10), busy);
    expect(within(countCard()).getByText('1.234.567')).toBeTruthy();
    expect(customers.queries).toEqual([{ limit: 10, page: 0, sort: 'createdAt', order: 'desc' }]);
    expect(column('fullName')[0]).toBe('Customer 034');

    const headers = Array.from(customersGrid().querySelectorAll('[role="columnheader"]'), (header) => [
      header.textContent,
      header.getAttribute('aria-sort') ?? 'not sortable',
    ]);
    expect(headers).toEqual([
      ['Fullname', 'none'],
      ['Email', 'none'],
      ['Date of Birth', 'none'],
      ['Gender', 'none'],
      ['Province', 'none'],
      ['Wallet Address', 'not sortable'],
      ['GIDR', 'not sortable'],
      ['POL', 'not sortable'],
      ['KYC Status', 'none'],
      ['Registered', 'descending'],
      ['Detail', 'not sortable'],
    ]);
  });

  it('shows each customer’s fields: dates in WIB, the wallet shortened to 20 characters, the KYC chip and a detail link', async () => {
    const rows = [
      createCustomer({ id: 7, fullName: 'Siti Rahmawati', dob: '1991-03-05', gender: 'FEMALE', province: 'Bali', ekycStatus: 'VERIFIED' }),
      createCustomer({ id: 8, ekycStatus: 'PENDING', walletAddress: null, province: null, dob: null, gender: null }),
      createCustomer({ id: 9, ekycStatus: 'REJECTED' }),
      createCustomer({ id: 10, ekycStatus: 'UNVERIFIED', createdAt: '2025-02-28T20:30:00Z' }),
    ];
    renderSignedIn('/user-list', {
      'GET /admin/list/users': customersServer(rows),
      'GET /admin/count/users': countAnswer(4),
      ...noBalances(),
    });
    await waitFor(() => expect(column('fullName')).toHaveLength(4), busy);

    const row = (id: number) => customersGrid().querySelector(`[role="row"][data-id="${id}"]`) as HTMLElement;
    const cell = (id: number, field: string) => row(id).querySelector(`[data-field="${field}"]`)!.textContent;
    expect(cell(7, 'dob')).toBe('05 Mar 1991');
    expect(cell(7, 'gender')).toBe('Female');
    expect(cell(7, 'province')).toBe('Bali');
    expect(cell(7, 'walletAddress')).toBe(`${rows[0]!.walletAddress!.slice(0, 20)}...`);
    expect([7, 8, 9, 10].map((id) => cell(id, 'ekycStatus'))).toEqual(['VERIFIED', 'PENDING', 'Unverified', 'Unverified']);
    expect([cell(8, 'walletAddress'), cell(8, 'province'), cell(8, 'dob'), cell(8, 'gender')]).toEqual(['-', '-', '-', '-']);
    // 20:30 UTC on 28 February is already 1 March in Jakarta.
    expect(cell(10, 'createdAt')).toBe('01 Mar 2025');

    const link = within(row(7)).getByRole('link', { name: 'View Siti Rahmawati' });
    expect(link.getAttribute('href')).toBe('/user-list/7');
  });

  it('searches customers by name or e-mail on the server with the ‘Search user’ box', async () => {
    const rows = [
      createCustomer({ id: 1, fullName: 'Budi Santoso', email: 'budi@example.com' }),
      createCustomer({ id: 2, fullName: 'Ayu Lestari', email: 'santo.ayu@example.com' }),
      createCustomer({ id: 3, fullName: 'Rina Wijaya', email: 'rina@example.com' }),
    ];
    const customers = customersServer(rows);
    const { router } = renderSignedIn('/user-list', {
      'GET /admin/list/users': customers,
      'GET /admin/count/users': countAnswer(3),
      ...noBalances(),
    });
    await waitFor(() => expect(column('fullName')).toHaveLength(3), busy);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search user' }), { target: { value: 'SANTO' } });
    await waitFor(() => expect(column('fullName')).toEqual(['Ayu Lestari', 'Budi Santoso']), busy);
    expect(customers.lastQuery()).toEqual({ limit: 10, page: 0, sort: 'createdAt', order: 'desc', search: 'SANTO' });
    expect(currentUrl(router)).toBe('/user-list?search=SANTO');
    expect(screen.getByRole('status').textContent).toBe('2 users match “SANTO”');
    // The count card counts every customer, not the matches.
    expect(within(countCard()).getByText('3')).toBeTruthy();
    // The export takes the list's search and sort, every row of them.
    const exportLink = screen.getByRole('link', { name: 'Export CSV of the rows that match the filter' });
    expect(exportLink.getAttribute('href')).toBe('/api/admin/export/users.csv?sort=createdAt&order=desc&search=SANTO');
  });

  it('sorts by a column on the server when its header is clicked', async () => {
    const customers = customersServer();
    const { router } = renderSignedIn('/user-list?page=3', {
      'GET /admin/list/users': customers,
      'GET /admin/count/users': countAnswer(34),
      ...noBalances(),
    });
    await waitFor(() => expect(column('fullName')).toHaveLength(10), busy);
    fireEvent.click(within(customersGrid()).getByText('Email'));
    await waitFor(() => expect(customers.lastQuery()).toMatchObject({ sort: 'email', order: 'asc', page: 0 }));
    expect(currentUrl(router)).toBe('/user-list?sort=email&order=asc');
    await waitFor(() =>
      expect(column('email').slice(0, 3)).toEqual(['customer1@example.com', 'customer10@example.com', 'customer11@example.com']),
    );
  });

  it('says ‘Error fetching users’ with the server’s message, and Retry loads the list', async () => {
    const customers = customersServer();
    renderSignedIn('/user-list', {
      'GET /admin/list/users': inTurn(failWith(500, 'The database did not answer in time'), customers),
      'GET /admin/count/users': countAnswer(34),
      ...noBalances(),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error fetching users');
    expect(alert.textContent).toContain('The database did not answer in time');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(column('fullName')).toHaveLength(10), busy);
  });

  it('shows the count card’s own error and retries it alone', async () => {
    renderSignedIn('/user-list', {
      'GET /admin/list/users': customersServer(),
      'GET /admin/count/users': inTurn(failWith(503, 'Database unavailable'), countAnswer(34)),
      ...noBalances(),
    });
    const card = await screen.findByRole('region', { name: 'Registered Users' });
    expect(await within(card).findByText('Database unavailable')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByText('34')).toBeTruthy();
  });

  it('shows that it is loading until the first page arrives, then says when there are no customers', async () => {
    const held = heldAnswer(customersServer([]));
    renderSignedIn('/user-list', { 'GET /admin/list/users': held.handler, 'GET /admin/count/users': countAnswer(0) });
    await screen.findByRole('heading', { level: 1, name: 'User List' }, busy);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Loading users…'));
    expect(customersGrid().getAttribute('aria-busy')).toBe('true');
    held.release();
    expect(await within(customersGrid()).findByText('No users yet.')).toBeTruthy();
    // The header row alone.
    expect(customersGrid().getAttribute('aria-rowcount')).toBe('1');
    expect(customersGrid().getAttribute('aria-busy')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('copies a wallet address to the clipboard', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const rows = [createCustomer({ id: 5, walletAddress: '0x1234567890abcdef1234567890abcdef12345678' })];
    renderSignedIn('/user-list', {
      'GET /admin/list/users': customersServer(rows),
      'GET /admin/count/users': countAnswer(1),
      ...noBalances(),
    });
    await waitFor(() => expect(column('fullName')).toHaveLength(1), busy);
    fireEvent.click(within(customersGrid()).getByRole('button', { name: 'copy wallet address' }));
    expect(writeText).toHaveBeenCalledWith('0x1234567890abcdef1234567890abcdef12345678');
    expect(await screen.findByText('Wallet address copied')).toBeTruthy();
  });

  it('starts loading a customer when the detail link is pointed at, and opens the detail with it', async () => {
    const rows = [createCustomer({ id: 7, fullName: 'Siti Rahmawati', walletAddress: null })];
    const detail = { ...rows[0]!, address: null, nik: null, phoneNumber: null, Wallet: null, notifications: [], kycReferenceNumber: null };
    const { calls, router } = renderSignedIn('/user-list', {
      'GET /admin/list/users': customersServer(rows),
      'GET /admin/count/users': countAnswer(1),
      'GET /admin/users/7': () => jsonResponse(200, detail),
    });
    await waitFor(() => expect(column('fullName')).toHaveLength(1), busy);
    const link = within(customersGrid()).getByRole('link', { name: 'View Siti Rahmawati' });
    const detailCalls = () => calls.filter((call) => call.url === '/api/admin/users/7');
    fireEvent.mouseEnter(link);
    await waitFor(() => expect(detailCalls()).toHaveLength(1));
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { level: 2, name: 'Siti Rahmawati' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/user-list/7');
    expect(detailCalls()).toHaveLength(1);
  });

  it('speaks Indonesian when the admin chose it: title, count card, search, headers, cells and links', async () => {
    try {
      const rows = [
        createCustomer({ id: 7, fullName: 'Siti Rahmawati', gender: 'FEMALE', ekycStatus: 'VERIFIED' }),
        createCustomer({ id: 8, gender: 'MALE', ekycStatus: 'REJECTED' }),
      ];
      renderSignedIn('/user-list', {
        'GET /account/session': () => jsonResponse(200, { admin: { ...testAdmin, role: 'Auditor', language: 'id' } }),
        'GET /admin/list/users': customersServer(rows),
        'GET /admin/count/users': countAnswer(2),
        ...noBalances(),
      });
      expect(await screen.findByRole('heading', { level: 1, name: 'Daftar Pengguna' }, { timeout: 30_000 })).toBeTruthy();
      const grid = await screen.findByRole('grid', { name: 'Pengguna' });
      await waitFor(() => expect(grid.querySelectorAll('[role="row"][data-id]')).toHaveLength(2));
      expect(within(screen.getByRole('region', { name: 'Pengguna Terdaftar' })).getByText('2')).toBeTruthy();
      expect(screen.getByRole('searchbox', { name: 'Cari pengguna' })).toBeTruthy();
      expect(Array.from(grid.querySelectorAll('[role="columnheader"]'), (header) => header.textContent)).toEqual([
        'Nama Lengkap',
        'Email',
        'Tanggal Lahir',
        'Jenis Kelamin',
        'Provinsi',
        'Alamat Dompet',
        'GIDR',
        'POL',
        'Status KYC',
        'Terdaftar',
        'Detail',
      ]);
      const cell = (id: number, field: string) => grid.querySelector(`[role="row"][data-id="${id}"] [data-field="${field}"]`)!.textContent;
      expect([cell(7, 'gender'), cell(8, 'gender')]).toEqual(['Perempuan', 'Laki-laki']);
      expect([cell(7, 'ekycStatus'), cell(8, 'ekycStatus')]).toEqual(['TERVERIFIKASI', 'Belum Terverifikasi']);
      expect(within(grid).getByRole('link', { name: 'Lihat Siti Rahmawati' }).getAttribute('href')).toBe('/user-list/7');
      expect(within(grid).getAllByRole('button', { name: 'salin alamat dompet' })).toHaveLength(2);
      expect(screen.getByRole('link', { name: 'Ekspor CSV semua baris' })).toBeTruthy();
    } finally {
      await applyLanguage('en');
    }
  });

  describe('balances', () => {
    /** Customers 1-12, each with a wallet of its own; the newest (12) first. */
    const walletOf = (id: number) => `0x${id.toString(16).padStart(40, 'b')}`;
    const balanceCells = (field: 'tokenBalance' | 'polBalance') => column(field);
    const cellsIn = (field: string, selector: string) =>
      customersGrid().querySelectorAll(`[role="row"][data-id] [data-field="${field}"] ${selector}`).length;

    it('shows each page’s {product} and POL balances from one call for its wallets, a spinner in each cell until it answers', async () => {
      const rows = createCustomers(12, (index) => ({
        walletAddress:
          index === 9
            ? null
            : walletOf(index + 1)
                .toUpperCase()
                .replace('0X', '0x'),
      }));
      const balances = balancesServer({
        [walletOf(12)]: { token: '1234.567', native: '0.5' },
        [walletOf(11)]: { token: '0.004', native: '12' },
      });
      const held = heldAnswer(balances);
      const { router } = renderSignedIn('/user-list', {
        'GET /admin/list/users': customersServer(rows),
        'GET /admin/count/users': countAnswer(12),
        'GET /admin/balances': inTurn(held.handler, balances),
      });
      await waitFor(() => expect(column('fullName')).toHaveLength(10), busy);
      // Customer 10 has no wallet: a dash at once; the 9 others wait for the balances.
      await waitFor(() => expect(cellsIn('tokenBalance', '[role="progressbar"][aria-label="Loading GIDR balance"]')).toBe(9));
      expect(cellsIn('polBalance', '[role="progressbar"][aria-label="Loading POL balance"]')).toBe(9);
      held.release();
      await waitFor(() => expect(balanceCells('tokenBalance').slice(0, 4)).toEqual(['1.234,57', '0,00', '-', '0,00']));
      expect(balanceCells('polBalance').slice(0, 4)).toEqual(['0,50', '12,00', '-', '0,00']);
      // One call for the page: its wallets in lower case, the one without a wallet left out.
      expect(balances.requests).toEqual([[12, 11, 9, 8, 7, 6, 5, 4, 3].map(walletOf)]);

      fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
      await waitFor(() => expect(column('fullName')).toEqual(['Customer 002', 'Customer 001']), busy);
      await waitFor(() => expect(balanceCells('tokenBalance')).toEqual(['0,00', '0,00']));
      expect(balances.requests.at(-1)).toEqual([walletOf(2), walletOf(1)]);

      // Back to the first page within the cache's life: its balances show again without a call.
      router.navigate(-1);
      await waitFor(() => expect(column('fullName')).toHaveLength(10), busy);
      expect(balanceCells('tokenBalance').slice(0, 2)).toEqual(['1.234,57', '0,00']);
      expect(balances.requests).toHaveLength(2);
    });

    it('shows a dash and a labelled retry in each cell when the chain cannot be read; retry reads the page again', async () => {
      const rows = createCustomers(3, (index) => ({ walletAddress: walletOf(index + 1) }));
      const balances = balancesServer({ [walletOf(3)]: { token: '10', native: '0.25' } });
      renderSignedIn('/user-list', {
        'GET /admin/list/users': customersServer(rows),
        'GET /admin/count/users': countAnswer(3),
        'GET /admin/balances': inTurn(failWith(503, 'Balances could not be read from the chain: no answer'), balances),
      });
      await waitFor(() => expect(cellsIn('tokenBalance', 'button[aria-label="Retry reading the GIDR balance"]')).toBe(3));
      expect(cellsIn('polBalance', 'button[aria-label="Retry reading the POL balance"]')).toBe(3);
      expect(balanceCells('tokenBalance')).toEqual(['-', '-', '-']);
      // The rest of the page is untouched.
      expect(column('fullName')).toEqual(['Customer 003', 'Customer 002', 'Customer 001']);

      const retry = customersGrid().querySelector<HTMLButtonElement>('button[aria-label="Retry reading the POL balance"]')!;
      expect(retry.tagName).toBe('BUTTON');
      fireEvent.click(retry);
      await waitFor(() => expect(balanceCells('tokenBalance')).toEqual(['10,00', '0,00', '0,00']));
      expect(balanceCells('polBalance')).toEqual(['0,25', '0,00', '0,00']);
      expect(balances.requests).toHaveLength(1);
    });

    it('asks for no balances for a page without valid wallets, and shows dashes', async () => {
      const rows = [createCustomer({ id: 1, walletAddress: null }), createCustomer({ id: 2, walletAddress: 'not-a-wallet' })];
      const { calls } = renderSignedIn('/user-list', {
        'GET /admin/list/users': customersServer(rows),
        'GET /admin/count/users': countAnswer(2),
      });
      await waitFor(() => expect(column('fullName')).toHaveLength(2), busy);
      expect(balanceCells('tokenBalance')).toEqual(['-', '-']);
      expect(balanceCells('polBalance')).toEqual(['-', '-']);
      expect(calls.filter((call) => call.url.includes('/admin/balances'))).toEqual([]);
    });
  });
});
