import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { downloadedText, type WatchedPage } from './support/browser';
import { useConsole } from './support/fixture';
import { openSignedInPage } from './support/session';

/**
 * The Transaction List against the real API process with the demo chain on: the transactions
 * are the demo's real Transfer logs, read by the watcher from a local anvil node. Each page
 * shown equals the API's answer for the same query, a detail opens, and Export CSV downloads
 * the list's rows.
 */

interface TransactionRow {
  id: number;
  txhash: string;
  from: string | null;
  to: string | null;
  date: string;
  amount: string;
  status: 'MINT' | 'TRANSFER' | 'BURN';
}
type TransactionPage = { data: TransactionRow[]; total: number };

// Only reads: the run's shared server with the demo chain.
const e2e = useConsole({ data: 'demo-chain', server: 'shared' });
let watched: WatchedPage;
let page: Page;
let apiGet: <T>(path: string) => Promise<T>;

beforeAll(async () => {
  // Export CSV is an Auditor's or a Supervisor's (exports carry personal data and are audited).
  ({ watched, page, apiGet } = await openSignedInPage(e2e, undefined, 'auditor'));
});

const apiList = (query: string) => apiGet<TransactionPage>(`/admin/list/transactions?${query}`);

/** RFC 4180 records (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      record.push(cell);
      cell = '';
    } else if (!quoted && char === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else {
      cell += char;
    }
  }
  if (cell !== '' || record.length > 0) records.push([...record, cell]);
  return records;
}

const grid = () => page.getByRole('grid', { name: 'Transactions' });
const shownIds = () =>
  grid()
    .locator('[role="row"][data-id]')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-id'))));
const columnText = (field: string) => grid().locator(`[role="row"][data-id] [data-field="${field}"]`).allTextContents();
const eventually = { timeout: 30_000 };
const shortened = (text: string | null) => (text ? `${text.slice(0, 20)}...` : '-');

describe('Transaction List on the demo chain', () => {
  it('shows the demo’s on-chain transfers, newest first, as the API lists them', async () => {
    // The watcher reads the demo's Transfer logs after start-up: wait until it has caught up.
    let seen = -1;
    await expect
      .poll(
        async () => {
          const { count } = await apiGet<{ count: number }>('/admin/count/transactions');
          const settled = count > 0 && count === seen;
          seen = count;
          return settled;
        },
        { timeout: 120_000, interval: 1_000 },
      )
      .toBe(true);
    const all = await apiList('sort=date&order=desc');
    expect(all.total).toBe(seen);
    // Mints, transfers and burns: real token movements of the demo, not made-up rows.
    expect(new Set(all.data.map((row) => row.status))).toEqual(new Set(['MINT', 'TRANSFER', 'BURN']));

    const first = await apiList('limit=10&page=0&sort=date&order=desc');
    await page.goto('/transaction-list');
    await page.getByRole('heading', { level: 1, name: 'Transaction List' }).waitFor();
    await expect.poll(shownIds, eventually).toEqual(first.data.map((row) => row.id));
    expect(await columnText('txhash')).toEqual(first.data.map((row) => shortened(row.txhash)));
    expect(await columnText('from')).toEqual(first.data.map((row) => shortened(row.from)));
    expect(await columnText('to')).toEqual(first.data.map((row) => shortened(row.to)));
    const card = page.getByRole('region', { name: 'Transactions Made' });
    await expect.poll(() => card.textContent(), eventually).toContain(seen.toLocaleString('id-ID'));

    // The second page, sorted by amount, smallest first.
    const second = await apiList('limit=10&page=1&sort=amount&order=asc');
    await page.goto('/transaction-list?page=2&sort=amount&order=asc');
    await expect.poll(shownIds, eventually).toEqual(second.data.map((row) => row.id));
    await page.screenshot({ path: '/tmp/e2e-transaction-list.png', fullPage: true });
  });

  it('opens a transaction’s detail from the list', async () => {
    const [newest] = (await apiList('limit=1&page=0&sort=date&order=desc')).data;
    await page.goto('/transaction-list');
    const row = grid().locator(`[role="row"][data-id="${newest!.id}"]`);
    await row.getByRole('link', { name: 'View transaction 1' }).click();
    await page.waitForURL(`**/transaction-list/${newest!.id}`);
    await page.getByRole('heading', { level: 1, name: 'View Transaction Detail' }).waitFor();
    const detailField = (label: string) =>
      page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => detailField('Transaction Hash').textContent(), eventually).toBe(newest!.txhash);
    expect(await detailField('From').textContent()).toBe(newest!.from ?? '-');
    expect(await detailField('To').textContent()).toBe(newest!.to ?? '-');
    expect(await detailField('Type').textContent()).toBe({ MINT: 'Mint', TRANSFER: 'Transfer', BURN: 'Burn' }[newest!.status]);
  });

  it('downloads a CSV export with the rows the list’s filter selects, in the list’s order', async () => {
    const transfers = await apiList('type=TRANSFER&sort=amount&order=desc');
    expect(transfers.total).toBeGreaterThan(0);
    await page.goto('/transaction-list?sort=amount&order=desc&type=TRANSFER');
    await expect.poll(shownIds, eventually).toEqual(transfers.data.slice(0, 10).map((row) => row.id));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV of the rows that match the filter' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await downloadedText(download);
    const [header, ...lines] = parseCsv(text.replace(/^\uFEFF/, ''));
    expect(header).toEqual(['id', 'txhash', 'logIndex', 'from', 'to', 'date', 'amount', 'status']);
    expect(lines.map((line) => Number(line[0]))).toEqual(transfers.data.map((row) => row.id));
    expect(lines.map((line) => [line[1], line[3], line[4], line[6], line[7]])).toEqual(
      transfers.data.map((row) => [row.txhash, row.from ?? '', row.to ?? '', row.amount, row.status]),
    );
  });

  it('shows the {product} Purchased List as the API lists it, and exports it', async () => {
    const { productSymbol } = await apiGet<{ productSymbol: string }>('/app-config');
    const first = await apiGet<{ data: Array<{ id: number; fullname: string }>; total: number }>(
      '/admin/list/order?limit=10&page=0&sort=date&order=desc',
    );
    expect(first.total).toBeGreaterThan(0);
    await page.goto('/purchased-list');
    await page.getByRole('heading', { level: 1, name: `${productSymbol} Purchased List` }).waitFor();
    const orders = page.getByRole('grid', { name: `${productSymbol} purchases` });
    const orderIds = () =>
      orders.locator('[role="row"][data-id]').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-id'))));
    await expect.poll(orderIds, eventually).toEqual(first.data.map((row) => row.id));
    expect(await orders.locator('[role="row"][data-id] [data-field="fullname"]').allTextContents()).toEqual(
      first.data.map((row) => row.fullname),
    );
    const { data } = await apiGet<{ data: Array<{ totalOrder: number }> }>('/admin/count/order');
    const card = page.getByRole('region', { name: `${productSymbol} Redeemed` });
    await expect.poll(() => card.textContent(), eventually).toContain(data[0]!.totalOrder.toLocaleString('id-ID'));
    await page.screenshot({ path: '/tmp/e2e-purchased-list.png', fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV of every row' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const [, ...lines] = parseCsv((await downloadedText(download)).replace(/^\uFEFF/, ''));
    expect(lines).toHaveLength(first.total);
    expect(lines.slice(0, 10).map((line) => Number(line[0]))).toEqual(first.data.map((row) => row.id));
  });

  it('asked nothing of another origin and threw no error', () => {
    expect(watched.foreignRequests).toEqual([]);
    expect(watched.pageErrors).toEqual([]);
  });
});
