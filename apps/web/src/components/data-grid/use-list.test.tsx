import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listQuery, searchText, type Page } from '@gold/contract';
import { listCall } from '@/lib/list-call';
import { listServer } from '@/testing/list-server';
import { currentUrl, renderInRouter } from '@/testing/render-app';
import { useList, type List } from './use-list';

const orderQuery = listQuery({
  sort: ['createdAt', 'name', 'status'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { search: searchText.optional(), status: searchText.optional() },
});

type OrderQuery = ReturnType<typeof orderQuery.parse>;
interface Order {
  id: number;
  name: string;
  status: string;
  createdAt: string;
}
/** Enough rows that no page a test asks for is past the end (the list would correct it). */
const orders: Order[] = Array.from({ length: 1000 }, (_, i) => ({
  id: i + 1,
  name: `Order ${i + 1}`,
  status: 'OPEN',
  createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
}));
const orderPage = { parse: (data: unknown) => data as Page<Order> };
const ordersCall = listCall<OrderQuery, Order>({ path: '/orders', key: (query) => ['orders', query], response: orderPage });

/** Renders the hook on a page at `url`; `state()` is its latest answer. */
function renderListState(url: string, options: { pageSize?: number } = {}) {
  let latest: List<OrderQuery, Order> | undefined;
  const server = listServer(orderQuery, orders, { searchIn: ['name'] });
  const declaration = { query: orderQuery, call: ordersCall, ...options };
  function Probe() {
    latest = useList(declaration);
    return <output aria-label="query">{JSON.stringify(latest.query)}</output>;
  }
  const view = renderInRouter(<Probe />, { url, handlers: { 'GET /orders': server } });
  return { ...view, server, state: () => latest! };
}

describe('useList', () => {
  it('without parameters gives the first page, the default size and the resource’s default sort', () => {
    const { state } = renderListState('/orders');
    expect(state().query).toEqual({ limit: 10, page: 0, sort: 'createdAt', order: 'desc' });
    expect(state().filters).toEqual({});
    expect(state().sortFields).toEqual(['createdAt', 'name', 'status']);
  });

  it('reads a 1-based page, the size, sort, order and filters into the contract’s query (0-based page)', () => {
    const { state } = renderListState('/orders?page=3&size=25&sort=name&order=asc&search=%20santo%20&status=OPEN');
    expect(state().query).toEqual({ limit: 25, page: 2, sort: 'name', order: 'asc', search: 'santo', status: 'OPEN' });
    expect(state().filters.search).toBe('santo');
    expect(state().page).toBe(2);
  });

  it.each([
    ['page=0', { page: 0 }],
    ['page=-2', { page: 0 }],
    ['page=2.5', { page: 0 }],
    ['page=abc', { page: 0 }],
    ['page=99999999999', { page: 0 }],
    ['size=50', { limit: 10 }],
    ['size=1000', { limit: 10 }],
    ['size=25abc', { limit: 10 }],
    ['sort=password', { sort: 'createdAt' }],
    ['sort=__proto__', { sort: 'createdAt' }],
    ['order=sideways', { order: 'desc' }],
    [`search=${'x'.repeat(101)}`, {}],
    ['search=%20%20', {}],
  ])('falls back to the default for an invalid %s', (param, expected) => {
    const { state } = renderListState(`/orders?${param}`);
    expect(state().query).toEqual({ limit: 10, page: 0, sort: 'createdAt', order: 'desc', ...expected });
  });

  it('writes a new page as a history entry, 1-based, leaving defaults out of the URL', () => {
    const { state, router } = renderListState('/orders?tab=open');
    act(() => state().setPagination({ page: 1, pageSize: 10 }));
    expect(currentUrl(router)).toBe('/orders?tab=open&page=2');
    expect(router.state.historyAction).toBe('PUSH');
    expect(state().query).toMatchObject({ page: 1, limit: 10 });

    act(() => state().setPagination({ page: 0, pageSize: 10 }));
    expect(currentUrl(router)).toBe('/orders?tab=open');
  });

  it('keeps the first row shown when the page size changes', () => {
    const { state, router } = renderListState('/orders?page=6');
    act(() => state().setPagination({ page: 5, pageSize: 25 }));
    // Rows 51-60 were shown: rows 51-75 are page 3 of 25.
    expect(currentUrl(router)).toBe('/orders?page=3&size=25');
    act(() => state().setPagination({ page: 2, pageSize: 10 }));
    expect(currentUrl(router)).toBe('/orders?page=6');
  });

  it('goes back to the first page when the sort, the search or a filter changes', () => {
    const { state, router } = renderListState('/orders?page=4');
    act(() => state().setSort('name', 'asc'));
    expect(currentUrl(router)).toBe('/orders?sort=name&order=asc');

    act(() => state().setPagination({ page: 2, pageSize: 10 }));
    act(() => state().setFilter('search', '  santo '));
    expect(currentUrl(router)).toBe('/orders?sort=name&order=asc&search=santo');

    act(() => state().setPagination({ page: 2, pageSize: 10 }));
    act(() => state().setFilter('status', 'OPEN'));
    expect(currentUrl(router)).toBe('/orders?sort=name&order=asc&search=santo&status=OPEN');

    act(() => state().setFilter('search', ''));
    act(() => state().setSort(null));
    expect(currentUrl(router)).toBe('/orders?status=OPEN');
  });

  it('can replace the history entry instead of adding one (a correction, not a step)', () => {
    const { state, router } = renderListState('/orders?page=40');
    act(() => state().setPagination({ page: 2, pageSize: 10 }, { replace: true }));
    expect(currentUrl(router)).toBe('/orders?page=3');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('does not add a history entry for a change to what is already shown', () => {
    const { state, router } = renderListState('/orders?page=2&junk=1');
    act(() => state().setPagination({ page: 1, pageSize: 10 }));
    act(() => state().setSort('createdAt', 'desc'));
    expect(currentUrl(router)).toBe('/orders?page=2&junk=1');
    expect(router.state.historyAction).toBe('POP');
  });

  it('builds a second change on the first even before the router has shown the first', () => {
    const { state, router } = renderListState('/orders?page=5');
    const before = state();
    act(() => {
      before.setSort('name', 'asc');
      // What the grid does right after a sort, with the props of the render before it.
      before.setPagination({ page: 0, pageSize: 10 });
    });
    expect(currentUrl(router)).toBe('/orders?sort=name&order=asc');
  });

  it('follows back and forward', async () => {
    const { state, router } = renderListState('/orders');
    act(() => state().setPagination({ page: 1, pageSize: 10 }));
    act(() => state().setPagination({ page: 2, pageSize: 10 }));
    await act(() => router.navigate(-1));
    expect(state().page).toBe(1);
    expect(JSON.parse(screen.getByLabelText('query').textContent!)).toMatchObject({ page: 1 });
    await act(() => router.navigate(1));
    expect(state().page).toBe(2);
  });

  it('keeps one page size when the list has one (cards): the URL’s size is neither read nor written', () => {
    const { state, router } = renderListState('/orders?page=2&size=25', { pageSize: 6 });
    expect(state().query).toEqual({ limit: 6, page: 1, sort: 'createdAt', order: 'desc' });
    act(() => state().setPagination({ page: 2, pageSize: 100 }));
    expect(currentUrl(router)).toBe('/orders?page=3');
    expect(state().query).toMatchObject({ limit: 6, page: 2 });
  });

  it('tells which filters the URL names with a value the contract refuses, and leaves them out of the query', () => {
    const { state } = renderListState(`/orders?search=${'x'.repeat(101)}&status=OPEN`);
    expect(state().refused).toEqual({ search: 'x'.repeat(101) });
    expect(state().query).toEqual({ limit: 10, page: 0, sort: 'createdAt', order: 'desc', status: 'OPEN' });
  });

  it('sets or clears several filters as one step, back to the first page', () => {
    const { state, router } = renderListState('/orders?page=3&search=santo&status=OPEN');
    act(() => state().setFilters({ search: '', status: '' }));
    expect(currentUrl(router)).toBe('/orders');
    expect(router.state.historyAction).toBe('PUSH');
    act(() => state().setFilters({ search: '', status: '' }));
    expect(currentUrl(router)).toBe('/orders');
  });

  it('reads a link kept from before the search had its API name (`?q=`), and shows the new name in the same history entry', async () => {
    const { state, router, server } = renderListState('/orders?page=2&q=order+1');
    expect(state().query).toEqual({ limit: 10, page: 1, sort: 'createdAt', order: 'desc', search: 'order 1' });
    await waitFor(() => expect(currentUrl(router)).toBe('/orders?page=2&search=order+1'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(server.queries.every((query) => query.search === 'order 1')).toBe(true);
  });

  it('asks the API for the page of the URL and keeps the last total while the next page loads', async () => {
    const { state, server } = renderListState('/orders?page=3');
    await waitFor(() => expect(state().rows).toHaveLength(10));
    expect(server.queries).toEqual([{ limit: 10, page: 2, sort: 'createdAt', order: 'desc' }]);
    expect(state().rows[0]).toMatchObject({ no: 21 });
    expect(state().total).toBe(1000);
    expect(state().lastPage).toBe(99);
    act(() => state().setPagination({ page: 3, pageSize: 10 }));
    expect(state().total).toBe(1000);
  });
});
