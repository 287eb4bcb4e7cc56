import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { redemptionListQuery, customerListQuery } from '@gold/contract';
import { createCustomer, createCustomers } from '@/testing/data-generators';
import { failWith, jsonResponse, type Handlers } from '@/testing/http';
import { countAnswer, listServer } from '@/testing/list-server';
import { applyLanguage } from '@/lib/i18n';
import { renderSignedIn, testAdmin } from '@/testing/render-app';
import { createRedemptionRow, createRedemptionRows } from '@/testing/redemption-fixtures';

const price = {
  harga_jual: 1_504_000,
  harga_beli: 1_414_000,
  createdAt: '2026-11-22T02:00:00.000Z',
  stale: false,
  staleAfterMinutes: 60,
};
const priceHistory = {
  data: [
    { date: '2026-10-25', harga_jual: 1_483_000, harga_beli: 1_400_000 },
    { date: '2026-11-01', harga_jual: 1_471_000, harga_beli: 1_390_000 },
    { date: '2026-11-22', harga_jual: 1_504_000, harga_beli: 1_414_000 },
  ],
};

function dashboardHandlers(overrides: Handlers = {}) {
  const longName = 'Raden Ajeng Kartini Sosroningrat';
  const redemptions = listServer(redemptionListQuery, [
    ...createRedemptionRows(7),
    createRedemptionRow({
      id: 99,
      user: { id: 1, fullName: longName },
      total: '1250.5',
      status: 'PREPARATION',
      createdAt: '2026-12-01T01:00:00Z',
    }),
  ]);
  const customers = listServer(customerListQuery, [
    ...createCustomers(8),
    createCustomer({ id: 50, fullName: longName, emailStatus: 'UNVERIFIED', createdAt: '2026-12-01T00:00:00Z' }),
  ]);
  const handlers: Handlers = {
    'GET /admin/count/users': countAnswer(500),
    'GET /admin/count/redeems': countAnswer(1_300),
    'GET /admin/total/gidrredeemed': () => jsonResponse(200, { total: '28670.5' }),
    'GET /price': () => jsonResponse(200, price),
    'GET /admin/price/history': () => jsonResponse(200, priceHistory),
    'GET /admin/list/redeems': redemptions,
    'GET /admin/list/users': customers,
    ...overrides,
  };
  return { handlers, redemptions, customers };
}

const region = (name: string) => screen.getByRole('region', { name });
const tableRows = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('/dashboard', () => {
  it('shows the three count cards, each with its View All link', async () => {
    renderSignedIn('/dashboard', dashboardHandlers().handlers);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(await within(region('Total Users')).findByText('500')).toBeTruthy();
    expect(await within(region('Total Redemptions')).findByText('1.300')).toBeTruthy();
    expect(await within(region('Total GIDR Redeemed')).findByText('28.670,50')).toBeTruthy();
    const viewAll = (name: string) =>
      within(region(name))
        .getByRole('link', { name: `View All: ${name}` })
        .getAttribute('href');
    expect(viewAll('Total Users')).toBe('/user-list');
    expect(viewAll('Total Redemptions')).toBe('/redemption-list');
    expect(viewAll('Total GIDR Redeemed')).toBe('/redemption-list?status=REDEEMED');
  });

  it('shows the latest price in rupiah and the last 30 days beside it', async () => {
    const { calls } = renderSignedIn('/dashboard', dashboardHandlers().handlers);
    const latest = await screen.findByRole('region', { name: 'Latest Price' });
    expect(await within(latest).findByText('Rp 1.504.000')).toBeTruthy();
    expect(within(latest).getByText('Buy-back: Rp 1.414.000')).toBeTruthy();
    expect(within(latest).getByRole('link', { name: 'View All: Latest Price' }).getAttribute('href')).toBe('/price-history');
    expect(within(latest).queryByText('Stale price')).toBeNull();
    const chart = region('Price, last 30 days');
    expect(
      await within(chart).findByText(
        'Selling price from 25 Okt 2026 to 22 Nov 2026: Rp 1.483.000 to Rp 1.504.000, lowest Rp 1.471.000, highest Rp 1.504.000.',
      ),
    ).toBeTruthy();
    expect(calls.find((call) => call.url.includes('/admin/price/history'))?.url).toBe('/api/admin/price/history?days=30');
  });

  it('flags a price older than the server’s limit as stale, in English and Indonesian', async () => {
    const stale = { ...price, stale: true, staleAfterMinutes: 90 };
    renderSignedIn('/dashboard', dashboardHandlers({ 'GET /price': () => jsonResponse(200, stale) }).handlers);
    const latest = await screen.findByRole('region', { name: 'Latest Price' });
    const flag = await within(latest).findByRole('status');
    expect(within(flag).getByText('Stale price')).toBeTruthy();
    expect(within(flag).getByText('Older than 90 minutes: the price feed may have stopped.')).toBeTruthy();
    // The price itself still shows: stale is a warning, not a refusal.
    expect(within(latest).getByText('Rp 1.504.000')).toBeTruthy();
    try {
      await applyLanguage('id');
      const terbaru = await screen.findByRole('region', { name: 'Harga Terbaru' });
      expect(await within(terbaru).findByText('Harga usang')).toBeTruthy();
      expect(within(terbaru).getByText('Lebih lama dari 90 menit: sumber harga mungkin berhenti mengirim pembaruan.')).toBeTruthy();
    } finally {
      await applyLanguage('en');
    }
  });

  it('shows the 5 latest redemptions, names cut to 20 characters', async () => {
    const { handlers, redemptions } = dashboardHandlers();
    renderSignedIn('/dashboard', handlers);
    await waitFor(() => expect(tableRows('Latest Redemptions')).toHaveLength(5));
    expect(redemptions.lastQuery()).toEqual({ limit: 5, page: 0, sort: 'createdAt', order: 'desc' });
    expect(tableRows('Latest Redemptions')[0]).toEqual([
      '1',
      'Raden Ajeng Kartini ...',
      '01 Des 2026',
      '23 Nov 2026',
      '1.250,50',
      'PREPARATION',
    ]);
    expect(tableRows('Latest Redemptions').map((row) => row[0])).toEqual(['1', '2', '3', '4', '5']);
    expect(within(region('Latest Redemptions')).getByRole('link', { name: 'View All: Latest Redemptions' }).getAttribute('href')).toBe(
      '/redemption-list',
    );
  });

  it('shows the 5 newest registered customers, names cut to 20 characters, verified or not', async () => {
    const { handlers, customers } = dashboardHandlers();
    renderSignedIn('/dashboard', handlers);
    await waitFor(() => expect(tableRows('Registered Users')).toHaveLength(5));
    expect(customers.lastQuery()).toEqual({ limit: 5, page: 0, sort: 'createdAt', order: 'desc' });
    const [first, second] = tableRows('Registered Users');
    expect(first).toEqual(['Raden Ajeng Kartini ...', 'customer50@example.com', '17 Mei 1990', 'Male', 'Jawa Barat', 'Unverified']);
    expect(second?.at(-1)).toBe('Verified');
    expect(within(region('Registered Users')).getByRole('link', { name: 'View All: Registered Users' }).getAttribute('href')).toBe(
      '/user-list',
    );
  });

  it('shows a failing call’s message in its own card, the rest of the dashboard still filled', async () => {
    renderSignedIn(
      '/dashboard',
      dashboardHandlers({
        'GET /price': failWith(404, 'No price has been recorded yet'),
        'GET /admin/count/redeems': failWith(503, 'Database unavailable'),
      }).handlers,
    );
    expect(
      await within(await screen.findByRole('region', { name: 'Latest Price' })).findByText('No price has been recorded yet'),
    ).toBeTruthy();
    expect(await within(region('Total Redemptions')).findByText('Database unavailable')).toBeTruthy();
    expect(await within(region('Total Users')).findByText('500')).toBeTruthy();
    await waitFor(() => expect(tableRows('Latest Redemptions')).toHaveLength(5));
  });

  it('speaks Indonesian when the admin chose it: cards, panels, View All links, price and chart sentence, the customers table', async () => {
    try {
      renderSignedIn('/dashboard', {
        ...dashboardHandlers().handlers,
        'GET /account/session': () => jsonResponse(200, { admin: { ...testAdmin, language: 'id' } }),
      });
      expect(await screen.findByRole('heading', { level: 1, name: 'Dasbor' }, { timeout: 30_000 })).toBeTruthy();
      expect(await within(region('Total Pengguna')).findByText('500')).toBeTruthy();
      expect(region('Total Penukaran')).toBeTruthy();
      expect(region('Total GIDR Ditukarkan')).toBeTruthy();
      const latest = region('Harga Terbaru');
      expect(await within(latest).findByText('Harga beli kembali: Rp 1.414.000')).toBeTruthy();
      expect(within(latest).getByText('per GIDR (1 gram), harga jual')).toBeTruthy();
      expect(within(latest).getByRole('link', { name: 'Lihat Semua: Harga Terbaru' }).getAttribute('href')).toBe('/price-history');
      expect(
        await within(region('Harga, 30 hari terakhir')).findByText(
          'Harga jual dari 25 Okt 2026 sampai 22 Nov 2026: Rp 1.483.000 menjadi Rp 1.504.000, terendah Rp 1.471.000, tertinggi Rp 1.504.000.',
        ),
      ).toBeTruthy();
      const customers = region('Pengguna Terdaftar');
      expect(within(customers).getByRole('link', { name: 'Lihat Semua: Pengguna Terdaftar' })).toBeTruthy();
      expect(Array.from(customers.querySelectorAll('th'), (header) => header.textContent)).toEqual([
        'Nama Lengkap',
        'Email',
        'Tanggal Lahir',
        'Jenis Kelamin',
        'Provinsi',
        'Status Email',
      ]);
      expect(await within(customers).findAllByText('Belum Terverifikasi')).toHaveLength(1);
      expect(region('Penukaran Terbaru')).toBeTruthy();
    } finally {
      await applyLanguage('en');
    }
  });
});
