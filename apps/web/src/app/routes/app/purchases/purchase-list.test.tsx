import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { purchaseListQuery, type PurchaseRow } from '@gold/contract';
import { failWith, jsonResponse } from '@/testing/http';
import { listServer } from '@/testing/list-server';
import { applyLanguage } from '@/lib/i18n';
import { currentUrl, renderSignedIn, testAdmin, signInTestAdminAs } from '@/testing/render-app';

function createPurchases(count: number): PurchaseRow[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    userId: 100 + (i % 4),
    fullname: ['Budi Santoso', 'Ayu Lestari', 'Rina Wijaya', 'Agus Salim'][i % 4]!,
    NIK: i % 4 === 3 ? null : `31710101019000${String(i).padStart(2, '0')}`,
    email: ['budi@example.com', 'ayu@example.com', 'rina@example.com', 'agus@example.com'][i % 4]!,
    WIBdate: '2026-03-02 00:30:00',
    amount: i === 0 ? '0.125' : String(i + 1),
    price: 1_600_000,
    createdAt: new Date(Date.UTC(2026, 2, 1, 17, 30) + i * 60_000).toISOString(),
  }));
}

const server = (rows = createPurchases(14)) => listServer(purchaseListQuery, rows, { searchIn: ['fullname', 'email'] });
const totalOrder = (n: number) => () => jsonResponse(200, { data: [{ totalOrder: n }] });
const grid = () => screen.getByRole('grid', { name: 'GIDR purchases' });
const column = (field: string) =>
  Array.from(grid().querySelectorAll(`[role="row"][data-id] [data-field="${field}"]`), (cell) => cell.textContent);
const shows = (count: number) => waitFor(() => expect(column('fullname')).toHaveLength(count), { timeout: 30_000 });

describe('/purchased-list', () => {
  // Export CSV is an Auditor's (or a Supervisor's): exports carry personal data.
  signInTestAdminAs({ role: 'Auditor' });

  it('shows the {product} Redeemed card (data[0].totalOrder) and the newest purchases with the spec’s columns', async () => {
    const list = server();
    renderSignedIn('/purchased-list', { 'GET /admin/list/order': list, 'GET /admin/count/order': totalOrder(2_345) });
    expect(await screen.findByRole('heading', { level: 1, name: 'GIDR Purchased List' })).toBeTruthy();
    await shows(10);
    expect(within(screen.getByRole('region', { name: 'GIDR Redeemed' })).getByText('2.345')).toBeTruthy();
    expect(list.queries).toEqual([{ limit: 10, page: 0, sort: 'date', order: 'desc' }]);
    const headers = Array.from(grid().querySelectorAll('[role="columnheader"]'), (header) => header.textContent);
    expect(headers).toEqual(['No', 'UID', 'Fullname', 'NIK', 'Email', 'Date', 'Amount in GIDR']);
    expect(column('no').slice(0, 2)).toEqual(['1', '2']);
    expect(column('fullname')[0]).toBe('Ayu Lestari');
    expect(column('NIK').slice(0, 3)).toEqual(['3171010101900013', '3171010101900012', '-']);
    expect(column('userId')[0]).toBe('101');
    const uid = grid().querySelector('[role="row"][data-id="14"] [data-field="userId"] a')!;
    expect(uid.getAttribute('href')).toBe('/user-list/101');
  });

  it('shows exact amounts, WIB dates, sorts by amount and searches the buyer on the server', async () => {
    const list = server();
    const { router } = renderSignedIn('/purchased-list?sort=amount&order=asc', {
      'GET /admin/list/order': list,
      'GET /admin/count/order': totalOrder(14),
    });
    await shows(10);
    expect(column('amount')[0]).toBe('0,13');
    // 17:30 UTC on 1 March is 00:30 on 2 March in Jakarta.
    expect(column('date')[0]).toMatch(/^02 Mar 2026,? 00[.:]30 WIB$/);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search purchase' }), { target: { value: 'rina' } });
    await waitFor(() => expect(list.lastQuery()).toMatchObject({ search: 'rina', sort: 'amount', order: 'asc', page: 0 }), {
      timeout: 30_000,
    });
    await shows(3);
    expect(currentUrl(router)).toBe('/purchased-list?sort=amount&order=asc&search=rina');
    const exportLink = screen.getByRole('link', { name: 'Export CSV of the rows that match the filter' });
    expect(exportLink.getAttribute('href')).toBe('/api/admin/export/orders.csv?sort=amount&order=asc&search=rina');
  });

  it('shows the server’s message when the count cannot be read', async () => {
    renderSignedIn('/purchased-list', {
      'GET /admin/list/order': server(),
      'GET /admin/count/order': failWith(503, 'Database unavailable'),
    });
    expect(await screen.findByText('Database unavailable', {}, { timeout: 30_000 })).toBeTruthy();
  });

  it('speaks Indonesian when the admin chose it: title, count card, grid name, search, headers and buyer links', async () => {
    try {
      renderSignedIn('/purchased-list', {
        'GET /account/session': () => jsonResponse(200, { admin: { ...testAdmin, role: 'Auditor', language: 'id' } }),
        'GET /admin/list/order': server(),
        'GET /admin/count/order': totalOrder(14),
      });
      expect(await screen.findByRole('heading', { level: 1, name: 'Daftar Pembelian GIDR' }, { timeout: 30_000 })).toBeTruthy();
      const list = await screen.findByRole('grid', { name: 'Pembelian GIDR' });
      await waitFor(() => expect(list.querySelectorAll('[role="row"][data-id]')).toHaveLength(10), { timeout: 30_000 });
      expect(within(screen.getByRole('region', { name: 'GIDR Ditukarkan' })).getByText('14')).toBeTruthy();
      expect(screen.getByRole('searchbox', { name: 'Cari pembelian' })).toBeTruthy();
      expect(Array.from(list.querySelectorAll('[role="columnheader"]'), (header) => header.textContent)).toEqual([
        'No',
        'UID',
        'Nama Lengkap',
        'NIK',
        'Email',
        'Tanggal',
        'Jumlah dalam GIDR',
      ]);
      expect(within(list).getAllByRole('link', { name: 'Pengguna 101: Ayu Lestari' }).length).toBeGreaterThan(0);
    } finally {
      await applyLanguage('en');
    }
  });
});
