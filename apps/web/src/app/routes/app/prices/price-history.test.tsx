import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { priceListQuery, type StoredPrice } from '@gold/contract';
import { failWith, inTurn, jsonResponse } from '@/testing/http';
import { listServer } from '@/testing/list-server';
import { applyLanguage } from '@/lib/i18n';
import { currentUrl, renderSignedIn, testAdmin } from '@/testing/render-app';

/** One price a day from 1 October 2026 (09:00 WIB), rising by Rp 1.000 a day; the buy-back price Rp 90.000 lower. */
function createPrices(count: number): StoredPrice[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    harga_jual: 1_480_000 + i * 1000,
    harga_beli: 1_390_000 + i * 1000,
    createdAt: new Date(Date.UTC(2026, 9, 1, 2) + i * 86_400_000).toISOString(),
  }));
}

const server = (rows = createPrices(23)) => listServer(priceListQuery, rows);
const grid = () => screen.getByRole('grid', { name: 'Prices' });
const column = (field: string) =>
  Array.from(grid().querySelectorAll(`[role="row"][data-id] [data-field="${field}"]`), (cell) => cell.textContent);
/** Waits (as long as a loaded machine needs) until the grid shows `count` rows. */
const shows = (count: number) => waitFor(() => expect(column('createdAt')).toHaveLength(count), { timeout: 30_000 });

describe('/price-history', () => {
  it('lists the stored prices newest first, paged on the server, under the dashboard, and charts the page', async () => {
    const list = server();
    renderSignedIn('/price-history', { 'GET /admin/list/prices': list });
    expect(await screen.findByRole('heading', { level: 1, name: 'Price History' })).toBeTruthy();
    const crumbs = within(screen.getByRole('navigation', { name: 'breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((crumb) => crumb.textContent)).toEqual(['Dashboard', 'Price History']);
    await shows(10);
    expect(list.queries).toEqual([{ limit: 10, page: 0, sort: 'createdAt', order: 'desc' }]);

    const headers = Array.from(grid().querySelectorAll('[role="columnheader"]'), (header) => [
      header.textContent,
      header.getAttribute('aria-sort') ?? 'not sortable',
    ]);
    expect(headers).toEqual([
      ['No', 'not sortable'],
      ['Set At', 'descending'],
      ['Selling Price per GIDR', 'none'],
      ['Buy-back Price per GIDR', 'none'],
    ]);
    expect(column('no').slice(0, 2)).toEqual(['1', '2']);
    // 02:00 UTC on 23 October is 09:00 in Jakarta.
    expect(column('createdAt')[0]).toMatch(/^23 Okt 2026,? 09[.:]00 WIB$/);
    expect(column('harga_jual')[0]).toBe('Rp\u00a01.502.000');
    expect(column('harga_beli')[0]).toBe('Rp\u00a01.412.000');

    // The chart shows the same ten prices, oldest first.
    const chart = screen.getByRole('region', { name: 'Prices on this page' });
    expect(
      await within(chart).findByText(
        'Selling price from 14 Okt 2026 to 23 Okt 2026: Rp 1.493.000 to Rp 1.502.000, lowest Rp 1.493.000, highest Rp 1.502.000.',
      ),
    ).toBeTruthy();
  });

  it('sorts by the selling price on the server, pages in the URL and charts the page shown', async () => {
    const list = server();
    const { router } = renderSignedIn('/price-history', { 'GET /admin/list/prices': list });
    await shows(10);
    fireEvent.click(within(grid()).getByText('Selling Price per GIDR'));
    await waitFor(() => expect(list.lastQuery()).toMatchObject({ sort: 'harga_jual', order: 'desc', page: 0 }));
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(list.lastQuery()).toMatchObject({ sort: 'harga_jual', order: 'desc', page: 1, limit: 10 }));
    await waitFor(() => expect(column('no')[0]).toBe('11'));
    expect(currentUrl(router)).toBe('/price-history?page=2&sort=harga_jual&order=desc');
    expect(column('harga_jual')[0]).toBe('Rp\u00a01.492.000');
    expect(
      await within(screen.getByRole('region', { name: 'Prices on this page' })).findByText(
        'Selling price from 04 Okt 2026 to 13 Okt 2026: Rp 1.483.000 to Rp 1.492.000, lowest Rp 1.483.000, highest Rp 1.492.000.',
      ),
    ).toBeTruthy();
  });

  it('numbers the last page’s rows across pages', async () => {
    renderSignedIn('/price-history?page=3', { 'GET /admin/list/prices': server() });
    await shows(3);
    expect(column('no')).toEqual(['21', '22', '23']);
    expect(column('harga_jual')).toEqual(['Rp\u00a01.482.000', 'Rp\u00a01.481.000', 'Rp\u00a01.480.000']);
  });

  it('says No prices yet. and draws no chart when none is stored', async () => {
    renderSignedIn('/price-history', { 'GET /admin/list/prices': () => jsonResponse(200, { data: [], total: 0 }) });
    expect(await within(await screen.findByRole('grid', { name: 'Prices' })).findByText('No prices yet.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Prices on this page' })).toBeNull();
  });

  it('shows the server’s message with Retry when the list cannot be loaded', async () => {
    renderSignedIn('/price-history', { 'GET /admin/list/prices': inTurn(failWith(503, 'Database unavailable'), server()) });
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    expect(screen.getByText('Error fetching prices')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await shows(10);
  });

  it('speaks Indonesian when the admin chose it: title, headers (the row number stays No), chart and its sentence', async () => {
    try {
      renderSignedIn('/price-history', {
        'GET /account/session': () => jsonResponse(200, { admin: { ...testAdmin, language: 'id' } }),
        'GET /admin/list/prices': server(),
      });
      expect(await screen.findByRole('heading', { level: 1, name: 'Riwayat Harga' }, { timeout: 30_000 })).toBeTruthy();
      const list = await screen.findByRole('grid', { name: 'Harga' });
      await waitFor(() => expect(list.querySelectorAll('[role="row"][data-id]')).toHaveLength(10), { timeout: 30_000 });
      expect(Array.from(list.querySelectorAll('[role="columnheader"]'), (header) => header.textContent)).toEqual([
        'No',
        'Ditetapkan Pada',
        'Harga Jual per GIDR',
        'Harga Beli Kembali per GIDR',
      ]);
      expect(
        await within(screen.getByRole('region', { name: 'Harga di halaman ini' })).findByText(
          'Harga jual dari 14 Okt 2026 sampai 23 Okt 2026: Rp 1.493.000 menjadi Rp 1.502.000, terendah Rp 1.493.000, tertinggi Rp 1.502.000.',
        ),
      ).toBeTruthy();
    } finally {
      await applyLanguage('en');
    }
  });
});
