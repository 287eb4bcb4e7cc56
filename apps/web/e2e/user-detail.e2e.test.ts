import type { APIRequestContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WatchedPage } from './support/browser';
import { useConsole } from './support/fixture';
import { apiReader, signIn } from './support/session';

/**
 * The customer screens against the real API process with the demo chain on (a local anvil node,
 * the demo token and funded wallets): the User List's balances are real reads of the chain, one
 * balances call per page; search by part of a name; copy a wallet; the detail page's fields.
 */

interface UserRow {
  id: number;
  fullName: string;
  email: string;
  walletAddress: string | null;
}
interface Balances {
  symbol: string;
  data: Array<{ address: string; token: { value: string }; native: { value: string } }>;
}

// Only reads: the run's shared server with the demo chain.
const e2e = useConsole({ data: 'demo-chain', server: 'shared' });
let watched: WatchedPage;
let page: Page;
let api: APIRequestContext;
let apiGet: <T>(path: string) => Promise<T>;
/** Every balances call the console made, by URL. */
const balanceCalls: string[] = [];

beforeAll(async () => {
  watched = await e2e.openPage();
  page = watched.page;
  api = watched.context.request;
  apiGet = apiReader(api, e2e.baseUrl);
  await watched.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.baseUrl });
  page.on('request', (request) => {
    if (request.url().includes('/api/admin/balances')) balanceCalls.push(request.url());
  });
  await signIn(page);
});

const apiPage = (query: string) => apiGet<{ data: UserRow[]; total: number }>(`/admin/list/users?${query}`);

/** 2 decimals, Indonesian format, from the exact decimal text (as the console formats it). */
const twoDecimals = new Intl.NumberFormat('id-ID', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const formatAmount = (value: string) => twoDecimals.format(value as unknown as number);

const grid = () => page.getByRole('grid', { name: 'Users' });
const shownIds = () =>
  grid()
    .locator('[role="row"][data-id]')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-id'))));
const columnText = (field: string) => grid().locator(`[role="row"][data-id] [data-field="${field}"]`).allTextContents();
const eventually = { timeout: 15_000 };
/** The value beside a label of the detail page. */
const detailField = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

describe('customer screens on the demo chain', () => {
  it('shows each customer’s {product} and POL balances read from the local chain, one balances call for the page', async () => {
    const first = await apiPage('limit=10&page=0&sort=createdAt&order=desc');
    const wallets = first.data.map((row) => row.walletAddress).filter((address): address is string => !!address);
    expect(wallets.length).toBeGreaterThan(0);
    const balances = await apiGet<Balances>(`/admin/balances?addresses=${wallets.join(',')}`);
    const byAddress = new Map(balances.data.map((balance) => [balance.address, balance]));
    const expected = (kind: 'token' | 'native') =>
      first.data.map((row) => {
        const balance = row.walletAddress ? byAddress.get(row.walletAddress.toLowerCase()) : undefined;
        return balance ? formatAmount(balance[kind].value) : '-';
      });
    // The demo funds its wallets: real amounts, not zeros.
    expect(balances.data.some((balance) => balance.native.value !== '0')).toBe(true);
    expect(balances.data.some((balance) => balance.token.value !== '0')).toBe(true);

    balanceCalls.length = 0;
    await page.goto('/user-list');
    await expect.poll(shownIds, eventually).toEqual(first.data.map((row) => row.id));
    const { productSymbol } = await apiGet<{ productSymbol: string }>('/app-config');
    await grid().getByRole('columnheader', { name: productSymbol, exact: true }).waitFor();
    await expect.poll(() => columnText('tokenBalance'), eventually).toEqual(expected('token'));
    expect(await columnText('polBalance')).toEqual(expected('native'));
    expect(balanceCalls).toHaveLength(1);
    const asked = new URL(balanceCalls[0]!).searchParams.get('addresses')!.split(',');
    expect(asked).toEqual([...new Set(wallets.map((address) => address.toLowerCase()))]);
    await page.screenshot({ path: '/tmp/e2e-user-list-balances.png', fullPage: true });
  });

  it('finds a customer by part of a name, copies the wallet, and opens the detail with its fields', async () => {
    const sample = (await apiPage('limit=1&page=7&sort=createdAt&order=desc')).data[0]!;
    expect(sample.walletAddress).toBeTruthy();
    // Part of a word of the name, not a whole word.
    const word = sample.fullName.split(' ').find((part) => part.length >= 5) ?? sample.fullName;
    const part = word.slice(1, 5).toLowerCase();
    const matches = await apiPage(`limit=10&page=0&sort=createdAt&order=desc&search=${encodeURIComponent(part)}`);
    expect(matches.total).toBeGreaterThan(0);

    await page.goto('/user-list');
    await page.getByRole('searchbox', { name: 'Search user' }).fill(part);
    await page.waitForURL(`**/user-list?search=${encodeURIComponent(part)}`);
    await expect.poll(shownIds, eventually).toEqual(matches.data.map((row) => row.id));
    for (const row of matches.data) expect(`${row.fullName} ${row.email}`.toLowerCase()).toContain(part);

    // The sample may be on a later page of the matches: narrow the search to its e-mail.
    await page.getByRole('searchbox', { name: 'Search user' }).fill(sample.email);
    await expect.poll(shownIds, eventually).toEqual([sample.id]);
    const row = grid().locator(`[role="row"][data-id="${sample.id}"]`);
    await row.getByRole('button', { name: 'copy wallet address' }).click();
    await page.getByText('Wallet address copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sample.walletAddress);

    await row.getByRole('link', { name: `View ${sample.fullName}` }).click();
    await page.waitForURL(`**/user-list/${sample.id}`);
    await page.getByRole('heading', { level: 1, name: 'View User Detail' }).waitFor();
    await page.getByRole('heading', { level: 2, name: sample.fullName }).waitFor();

    const detail = await apiGet<{
      nik: string | null;
      email: string;
      phoneNumber: string | null;
      ekycStatus: string;
      kycReferenceNumber: string | null;
      Wallet: { publicAddress: string } | null;
    }>(`/admin/users/${sample.id}`);
    const wallet = detail.Wallet?.publicAddress ?? sample.walletAddress!;
    const [balance] = (await apiGet<Balances>(`/admin/balances?addresses=${wallet}`)).data;
    const { productSymbol } = await apiGet<{ productSymbol: string }>('/app-config');

    expect(await detailField('Fullname').textContent()).toBe(sample.fullName);
    expect(await detailField('Email').textContent()).toBe(detail.email);
    expect(await detailField('NIK').textContent()).toBe(detail.nik ?? '-');
    expect(await detailField('Phone').textContent()).toBe(detail.phoneNumber ?? '-');
    expect(await detailField('Public Wallet Address').textContent()).toBe(wallet);
    await expect.poll(() => detailField(`${productSymbol} Balance`).textContent(), eventually).toBe(formatAmount(balance!.token.value));
    expect(await detailField('Polygon Balance').textContent()).toBe(formatAmount(balance!.native.value));
    const kycLabel = detail.ekycStatus === 'VERIFIED' || detail.ekycStatus === 'PENDING' ? detail.ekycStatus : 'Unverified';
    expect(await detailField('KYC Status').textContent()).toBe(kycLabel);
    if (detail.ekycStatus === 'VERIFIED') {
      expect(await detailField('KYC Reference ID').textContent()).toBe(detail.kycReferenceNumber ?? '-');
    } else {
      expect(await page.locator('dt', { hasText: 'KYC Reference ID' }).count()).toBe(0);
    }
    await page.screenshot({ path: '/tmp/e2e-user-detail.png', fullPage: true });
  });

  it('says that an unknown customer was not found, with a way back to the list', async () => {
    await page.goto('/user-list/2147483647');
    await page.getByText('User 2147483647 not found').waitFor();
    await page.getByRole('link', { name: 'Back to User List' }).click();
    await page.waitForURL('**/user-list');
  });

  it('asked nothing of another origin and threw no error', () => {
    expect(watched.foreignRequests).toEqual([]);
    expect(watched.pageErrors).toEqual([]);
  });
});
