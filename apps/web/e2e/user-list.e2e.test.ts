import type { APIRequestContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WatchedPage } from './support/browser';
import { useConsole } from './support/fixture';
import { signIn } from './support/session';

/**
 * The User List against the real API process and the demo customers in its database: paging,
 * sorting and searching happen on the server (each page shown is the page the API answers for
 * the same query), and the list's state lives in the URL (reload, back and forward, a shared link).
 */

interface UserRow {
  id: number;
  fullName: string;
  email: string;
  walletAddress: string | null;
}

// Only reads: the run's shared demo-data server.
const e2e = useConsole({ data: 'demo', server: 'shared' });
let watched: WatchedPage;
let page: Page;
let api: APIRequestContext;

beforeAll(async () => {
  watched = await e2e.openPage();
  page = watched.page;
  api = watched.context.request;
  await signIn(page);
});

/** The API's own answer for a list query (the page's cookies), to compare what the page shows with. */
async function apiPage(query: Record<string, string | number>): Promise<{ data: UserRow[]; total: number }> {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const response = await api.get(`${e2e.baseUrl}/api/admin/list/users?${search.toString()}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { data: UserRow[]; total: number };
}

const grid = () => page.getByRole('grid', { name: 'Users' });
/** The ids of the rows shown, top to bottom. */
const shownIds = () =>
  grid()
    .locator('[role="row"][data-id]')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-id'))));
const shownNames = () => grid().locator('[role="row"][data-id] [data-field="fullName"]').allTextContents();
const pager = () => page.locator('.MuiTablePagination-displayedRows').textContent();
const pathAndQuery = () => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};
/** How long to wait for the page to show something (a bound on waiting, not a timing assertion). */
const eventually = { timeout: 10_000 };
/** Waits until the grid shows exactly these rows (the API's answer for the same query). */
async function expectRows(rows: UserRow[]) {
  await expect.poll(shownIds, eventually).toEqual(rows.map((row) => row.id));
}

const newestFirst = { sort: 'createdAt', order: 'desc' };

describe('User List on the demo customers', () => {
  it('shows the count card and the newest customers, 10 to a page', async () => {
    const count = (await (await api.get(`${e2e.baseUrl}/api/admin/count/users`)).json()) as { count: number };
    expect(count.count).toBeGreaterThan(100);
    const first = await apiPage({ limit: 10, page: 0, ...newestFirst });
    expect(first.total).toBe(count.count);

    await page.goto('/user-list');
    await page.getByRole('heading', { level: 1, name: 'User List' }).waitFor();
    const card = page.getByRole('region', { name: 'Registered Users' });
    await expect.poll(() => card.textContent(), eventually).toContain(count.count.toLocaleString('id-ID'));
    await expectRows(first.data);
    expect(await pager()).toBe(`1–10 of ${first.total}`);
    expect(await page.title()).toBe('Back Office | User List');
    await page.screenshot({ path: '/tmp/e2e-user-list.png', fullPage: true });
  });

  it('pages on the server with the page in the URL, and the page size', async () => {
    await page.goto('/user-list');
    await expectRows((await apiPage({ limit: 10, page: 0, ...newestFirst })).data);

    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.waitForURL('**/user-list?page=2');
    await expectRows((await apiPage({ limit: 10, page: 1, ...newestFirst })).data);

    await page.getByRole('combobox', { name: /Rows per page/ }).click();
    await page.getByRole('option', { name: '25' }).click();
    // Rows 11-20 were shown: with 25 a page, row 11 is on the first page.
    await page.waitForURL('**/user-list?size=25');
    await expectRows((await apiPage({ limit: 25, page: 0, ...newestFirst })).data);
  });

  it('sorts on the server by the column header clicked, from the first page', async () => {
    await page.goto('/user-list?page=3');
    await expectRows((await apiPage({ limit: 10, page: 2, ...newestFirst })).data);

    await grid().getByRole('columnheader', { name: 'Fullname' }).click();
    await page.waitForURL('**/user-list?sort=fullName&order=asc');
    const ascending = await apiPage({ limit: 10, page: 0, sort: 'fullName', order: 'asc' });
    await expectRows(ascending.data);
    const names = await shownNames();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'id')));

    await grid().getByRole('columnheader', { name: 'Fullname' }).click();
    await page.waitForURL('**/user-list?sort=fullName&order=desc');
    await expectRows((await apiPage({ limit: 10, page: 0, sort: 'fullName', order: 'desc' })).data);
  });

  it('searches names and e-mails on the server once typing pauses', async () => {
    // A word of a real customer's name, in another case: the server matches regardless of case.
    const sample = (await apiPage({ limit: 1, page: 5, ...newestFirst })).data[0]!;
    const word = sample.fullName.split(' ').at(-1)!.toUpperCase();
    const matches = await apiPage({ limit: 10, page: 0, ...newestFirst, search: word });
    expect(matches.total).toBeGreaterThan(0);

    await page.goto('/user-list?page=2');
    await page.getByRole('searchbox', { name: 'Search user' }).pressSequentially(word, { delay: 20 });
    await page.waitForURL(`**/user-list?search=${encodeURIComponent(word)}`);
    await expectRows(matches.data);
    expect(await pager()).toBe(`1–${matches.data.length} of ${matches.total}`);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'match' }).textContent(), eventually)
      .toBe(`${matches.total} ${matches.total === 1 ? 'user matches' : 'users match'} “${word}”`);
    for (const row of matches.data) expect(`${row.fullName} ${row.email}`.toUpperCase()).toContain(word);

    // An e-mail address finds its customer.
    await page.getByRole('searchbox', { name: 'Search user' }).fill(sample.email);
    await expect.poll(shownIds, eventually).toEqual([sample.id]);
  });

  it('keeps the page, size, sort and search through a reload, back and forward, and a shared link', async () => {
    const word = 'a';
    const state = `/user-list?page=2&size=25&sort=email&order=asc&search=${word}`;
    const query = { limit: 25, page: 1, sort: 'email', order: 'asc', search: word };
    const expected = await apiPage(query);
    expect(expected.data.length).toBeGreaterThan(0);

    await page.goto(state);
    await expectRows(expected.data);
    expect(await page.getByRole('searchbox', { name: 'Search user' }).inputValue()).toBe(word);

    await page.reload();
    await expectRows(expected.data);
    expect(pathAndQuery()).toBe(state);

    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.waitForURL('**/user-list?page=3&size=25&sort=email&order=asc&search=a');
    await expectRows((await apiPage({ ...query, page: 2 })).data);

    await page.goBack();
    expect(pathAndQuery()).toBe(state);
    await expectRows(expected.data);
    await page.goForward();
    await expectRows((await apiPage({ ...query, page: 2 })).data);

    // The same link in a new tab of the same admin: the same rows.
    const other = await watched.context.newPage();
    await other.goto(state);
    await expect
      .poll(
        () =>
          other
            .locator('[role="grid"] [role="row"][data-id]')
            .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-id')))),
        eventually,
      )
      .toEqual(expected.data.map((row) => row.id));
    await other.close();
  });

  it('falls back to the defaults for values the server would refuse', async () => {
    await page.goto('/user-list?page=-4&size=7&sort=password&order=up');
    await expectRows((await apiPage({ limit: 10, page: 0, ...newestFirst })).data);
  });

  it('opens a customer’s detail page from the row’s link', async () => {
    const first = (await apiPage({ limit: 10, page: 0, ...newestFirst })).data[0]!;
    await page.goto('/user-list');
    await expectRows((await apiPage({ limit: 10, page: 0, ...newestFirst })).data);
    await grid()
      .getByRole('link', { name: `View ${first.fullName}` })
      .click();
    await page.waitForURL(`**/user-list/${first.id}`);
    await page.getByRole('heading', { level: 1, name: 'View User Detail' }).waitFor();
  });

  it('shows a dash and a retry in each balance cell when the chain cannot be read (this server runs no chain)', async () => {
    const first = await apiPage({ limit: 10, page: 0, ...newestFirst });
    const failed = await api.get(`${e2e.baseUrl}/api/admin/balances?addresses=0x${'1'.repeat(40)}`);
    expect(failed.status()).toBe(503);

    await page.goto('/user-list');
    await expectRows(first.data);
    const withWallets = first.data.filter((row) => row.walletAddress).length;
    const retries = grid().getByRole('button', { name: 'Retry reading the POL balance' });
    await expect.poll(() => retries.count(), eventually).toBe(withWallets);
    expect(new Set(await grid().locator('[role="row"][data-id] [data-field="polBalance"]').allTextContents())).toEqual(new Set(['-']));
    // Retry asks again (and is refused again here): the cells come back with their retry; the page keeps working.
    const answered = page.waitForResponse((response) => response.url().includes('/api/admin/balances'));
    await retries.first().click();
    expect((await answered).status()).toBe(503);
    await expect.poll(() => retries.count(), eventually).toBe(withWallets);
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expectRows((await apiPage({ limit: 10, page: 1, ...newestFirst })).data);
  });

  it('asked nothing of another origin and threw no error', () => {
    expect(watched.foreignRequests).toEqual([]);
    expect(watched.pageErrors).toEqual([]);
  });
});
