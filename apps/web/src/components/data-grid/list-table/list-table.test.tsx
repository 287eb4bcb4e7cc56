import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { listQuery, searchText, type Page } from '@gold/contract';
import { listCall } from '@/lib/list-call';
import { failWith, inTurn } from '@/testing/http';
import { listServer } from '@/testing/list-server';
import { currentUrl, renderInRouter } from '@/testing/render-app';
import { defineList, type ListDeclaration } from '../list-declaration';
import { useList } from '../use-list';
import { ListTable } from './list-table';

/** A small resource of its own, built the way every list screen is. */
const orderQuery = listQuery({
  sort: ['createdAt', 'name'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { search: searchText.optional() },
});
interface Order {
  id: number;
  name: string;
  note: string;
  createdAt: string;
}
const orders: Order[] = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  name: `Order ${String.fromCharCode(65 + ((i * 7) % 23))}`,
  note: i % 2 ? 'even' : 'odd',
  createdAt: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
}));
type OrderQuery = ReturnType<typeof orderQuery.parse>;
/** The answer as the list server sends it (a real feature parses it with the contract's `pageOf(row)`). */
const orderPage = { parse: (data: unknown) => data as Page<Order> };
const ordersTable = defineList({
  id: 'orders',
  label: 'Orders',
  query: orderQuery,
  call: listCall<OrderQuery, Order>({ path: '/orders', key: (query) => ['orders', query], response: orderPage }),
  noun: { one: 'order', other: 'orders' },
  errorTitle: 'Error fetching orders',
  filters: [{ kind: 'text', name: 'search', label: 'Search order' }],
  columns: () => [
    { field: 'name', headerName: 'Name', width: 150 },
    { field: 'note', headerName: 'Note', width: 150 },
    { field: 'createdAt', headerName: 'Created', width: 250 },
  ],
});

/** The same list with a detail page per row, a link of its own in the name cell and an optional column. */
const detailedOrdersTable = defineList({
  ...ordersTable,
  id: 'detailed-orders',
  detailHref: (row) => `/orders/${row.id}`,
  columns: () => [
    {
      field: 'name',
      headerName: 'Name',
      width: 150,
      renderCell: ({ row, tabIndex }) => (
        <a href={`/notes/${row.id}`} tabIndex={tabIndex}>
          {row.name}
        </a>
      ),
    },
    { field: 'note', headerName: 'Note', width: 150, optional: 1 },
    { field: 'createdAt', headerName: 'Created', width: 250 },
  ],
});

/** A screen of one declared list: it reads the list's URL once and draws the table. */
function OrdersScreen({ declaration = ordersTable }: { declaration?: ListDeclaration<OrderQuery, Order> }) {
  const list = useList(declaration);
  return <ListTable list={list} />;
}

function renderDetailedOrders() {
  const server = listServer(orderQuery, orders);
  const view = renderInRouter(<OrdersScreen declaration={detailedOrdersTable} />, { url: '/orders', handlers: { 'GET /orders': server } });
  return { ...view, server };
}

const headers = () => Array.from(grid().querySelectorAll('[role="columnheader"]'), (header) => header.textContent);

function renderOrders(url = '/orders', rows: Order[] = orders, answer?: Parameters<typeof renderInRouter>[1]) {
  const server = listServer(orderQuery, rows, { searchIn: ['name'] });
  const view = renderInRouter(<OrdersScreen />, { url, handlers: { 'GET /orders': server }, ...answer });
  return { ...view, server };
}

const grid = () => screen.getByRole('grid', { name: 'Orders' });
/** The names in the grid's rows, top to bottom (plain DOM queries: role queries are slow on a grid). */
const shownNames = () => Array.from(grid().querySelectorAll('[role="row"][data-id] [data-field="name"]'), (cell) => cell.textContent);
const pagerText = () => document.querySelector('.MuiTablePagination-displayedRows')?.textContent;

describe('ListTable', () => {
  it('shows the first page of the server’s rows, newest first, with the total in the pager', async () => {
    const { server } = renderOrders();
    await waitFor(() => expect(shownNames()).toHaveLength(10));
    expect(server.queries).toEqual([{ limit: 10, page: 0, sort: 'createdAt', order: 'desc' }]);
    expect(shownNames()[0]).toBe(orders[22]!.name);
    expect(pagerText()).toBe('1–10 of 23');
  });

  it('pages on the server, with the page in the URL', async () => {
    const { server, router } = renderOrders();
    await waitFor(() => expect(shownNames()).toHaveLength(10));
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(shownNames()[0]).toBe(orders[12]!.name));
    expect(pagerText()).toBe('11–20 of 23');
    expect(currentUrl(router)).toBe('/orders?page=2');
    expect(server.lastQuery()).toMatchObject({ page: 1, limit: 10 });

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(shownNames()).toHaveLength(3));
    expect(currentUrl(router)).toBe('/orders?page=3');
  });

  it('offers the page sizes 10, 25 and 100 and asks for the size chosen', async () => {
    const { server, router } = renderOrders();
    await waitFor(() => expect(shownNames()).toHaveLength(10));
    // jsdom has no layout: the grid hides the size select as on a narrow screen, still in the DOM.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Rows per page/, hidden: true }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['10', '25', '100']);
    fireEvent.click(options[1]!);
    await waitFor(() => expect(shownNames()).toHaveLength(23));
    expect(currentUrl(router)).toBe('/orders?size=25');
    expect(server.lastQuery()).toMatchObject({ page: 0, limit: 25 });
  });

  it('sorts on the server by a whitelisted column, back on the first page; other columns do not sort', async () => {
    const { server, router } = renderOrders('/orders?page=2');
    await waitFor(() => expect(pagerText()).toBe('11–20 of 23'));

    fireEvent.click(within(grid()).getByText('Name'));
    await waitFor(() => expect(server.lastQuery()).toMatchObject({ sort: 'name', order: 'asc', page: 0 }));
    expect(currentUrl(router)).toBe('/orders?sort=name&order=asc');
    await waitFor(() => expect(shownNames()[0]).toBe('Order A'));
    const nameHeader = within(grid()).getAllByRole('columnheader')[0]!;
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(within(grid()).getByText('Name'));
    await waitFor(() => expect(shownNames()[0]).toBe('Order W'));
    expect(currentUrl(router)).toBe('/orders?sort=name&order=desc');

    const asked = server.queries.length;
    fireEvent.click(within(grid()).getByText('Note'));
    // A column the server cannot sort by says nothing of sorting.
    expect(within(grid()).getAllByRole('columnheader')[1]!.hasAttribute('aria-sort')).toBe(false);
    expect(currentUrl(router)).toBe('/orders?sort=name&order=desc');
    expect(server.queries).toHaveLength(asked);
  });

  it('searches on the server once typing pauses, from the first page, and says how many match', async () => {
    const { server, router } = renderOrders('/orders?page=2');
    await waitFor(() => expect(pagerText()).toBe('11–20 of 23'));
    const box = screen.getByRole('searchbox', { name: 'Search order' });
    for (const text of ['o', 'or', 'order ', 'order c']) fireEvent.change(box, { target: { value: text } });

    await waitFor(() => expect(shownNames()).toEqual(['Order C']));
    expect(currentUrl(router)).toBe('/orders?search=order+c');
    const searches = server.queries.filter((query) => query.search !== undefined);
    expect(searches).toEqual([{ limit: 10, page: 0, sort: 'createdAt', order: 'desc', search: 'order c' }]);
    expect(screen.getByRole('status').textContent).toBe('1 order matches “order c”');

    fireEvent.click(screen.getByRole('button', { name: 'clear search' }));
    await waitFor(() => expect(shownNames()).toHaveLength(10));
    expect(currentUrl(router)).toBe('/orders');
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s message when the list cannot be loaded, and loads it again on Retry', async () => {
    const server = listServer(orderQuery, orders);
    renderInRouter(<OrdersScreen />, {
      url: '/orders',
      handlers: { 'GET /orders': inTurn(failWith(503, 'Database unavailable'), server) },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error fetching orders');
    expect(alert.textContent).toContain('Database unavailable');
    expect(within(grid()).getByText('No orders to show.')).toBeTruthy();

    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(shownNames()).toHaveLength(10));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when there is nothing yet, and when nothing matches the search', async () => {
    const empty = renderOrders('/orders', []);
    expect(await within(grid()).findByText('No orders yet.')).toBeTruthy();
    expect(pagerText()).toBe('0–0 of 0');
    empty.unmount();

    renderOrders('/orders?search=zzz');
    expect(await within(grid()).findByText('No orders match “zzz”.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('0 orders match “zzz”');
  });

  it('opens on the page, size, sort and search of the URL (a reload or a shared link)', async () => {
    const { server } = renderOrders('/orders?page=2&size=10&sort=name&order=asc&search=order');
    await waitFor(() => expect(pagerText()).toBe('11–20 of 23'));
    expect(server.queries).toEqual([{ limit: 10, page: 1, sort: 'name', order: 'asc', search: 'order' }]);
    expect(shownNames()[0]).toBe('Order K');
    expect((screen.getByRole('searchbox', { name: 'Search order' }) as HTMLInputElement).value).toBe('order');
  });

  it('follows back and forward: the page and the search box show what the URL says', async () => {
    const { router } = renderOrders();
    await waitFor(() => expect(shownNames()).toHaveLength(10));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search order' }), { target: { value: 'order' } });
    await waitFor(() => expect(currentUrl(router)).toBe('/orders?search=order'));
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(pagerText()).toBe('11–20 of 23'));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(pagerText()).toBe('1–10 of 23'));
    await act(() => router.navigate(-1));
    expect(currentUrl(router)).toBe('/orders');
    expect((screen.getByRole('searchbox', { name: 'Search order' }) as HTMLInputElement).value).toBe('');
    await act(() => router.navigate(2));
    await waitFor(() => expect(pagerText()).toBe('11–20 of 23'));
    expect((screen.getByRole('searchbox', { name: 'Search order' }) as HTMLInputElement).value).toBe('order');
  });

  it('moves from a page past the end to the last page, replacing the URL rather than adding a step', async () => {
    const { router, server } = renderOrders('/orders?page=9');
    await waitFor(() => expect(currentUrl(router)).toBe('/orders?page=3'));
    await waitFor(() => expect(shownNames()).toHaveLength(3));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(server.lastQuery()).toMatchObject({ page: 2 });
  });

  it('opens a row’s detail on a click anywhere in it or Enter on one of its cells; a control in the row keeps its own action', async () => {
    const { router } = renderDetailedOrders();
    await waitFor(() => expect(shownNames()).toHaveLength(10));
    const cell = (id: number, field: string) =>
      grid().querySelector(`[role="row"][data-id="${id}"] [data-field="${field}"]`) as HTMLElement;

    fireEvent.click(cell(23, 'createdAt'));
    await waitFor(() => expect(currentUrl(router)).toBe('/orders/23'));
    await act(() => router.navigate('/orders'));

    fireEvent.keyDown(cell(22, 'note'), { key: 'Enter' });
    await waitFor(() => expect(currentUrl(router)).toBe('/orders/22'));
    await act(() => router.navigate('/orders'));

    // A modified click (a new tab) and a click on the cell's own link are not the row's.
    fireEvent.click(cell(21, 'note'), { ctrlKey: true });
    const link = within(cell(21, 'name')).getByRole('link');
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    expect(currentUrl(router)).toBe('/orders');
  });

  it('hides an optional column that does not fit, and keeps the admin’s own choice for the list', async () => {
    // jsdom lays nothing out: the list is given the width of a narrow screen.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(480);
    const narrow = renderDetailedOrders();
    await waitFor(() => expect(shownNames()).toHaveLength(10));
    expect(headers()).toEqual(['Name', 'Created']);
    narrow.unmount();

    localStorage.setItem('gold.list-columns.detailed-orders', JSON.stringify({ note: true }));
    renderDetailedOrders();
    await waitFor(() => expect(shownNames()).toHaveLength(10));
    expect(headers()).toEqual(['Name', 'Note', 'Created']);

    // Hidden from the column menu: remembered for this list.
    fireEvent.click(grid().querySelector('button[aria-label="Note column menu"]')!);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Hide column' }));
    await waitFor(() => expect(headers()).toEqual(['Name', 'Created']));
    expect(JSON.parse(localStorage.getItem('gold.list-columns.detailed-orders')!)).toEqual({ note: false });

    // Shown again from Manage columns, where every column has its checkbox.
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.click(grid().querySelector('button[aria-label="Name column menu"]')!);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Manage columns' }));
    const choices = await screen.findAllByRole('menuitemcheckbox');
    expect(choices.map((choice) => [choice.textContent, choice.getAttribute('aria-checked')])).toEqual([
      ['Name', 'true'],
      ['Note', 'false'],
      ['Created', 'true'],
    ]);
    fireEvent.click(choices[1]!);
    expect(screen.getAllByRole('menuitemcheckbox')[1]!.getAttribute('aria-checked')).toBe('true');
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(headers()).toEqual(['Name', 'Note', 'Created']);
    expect(JSON.parse(localStorage.getItem('gold.list-columns.detailed-orders')!)).toEqual({ note: true });
  });

  it('is one tab stop for its rows: the arrows move between them, and the row the keyboard is on lends its links the tab stop', async () => {
    renderDetailedOrders();
    await waitFor(() => expect(shownNames()).toHaveLength(10));
    const row = (id: number) => grid().querySelector(`[role="row"][data-id="${id}"]`) as HTMLElement;
    const tabStops = () =>
      Array.from(grid().querySelectorAll('tbody [tabindex="0"]'), (element) => element.closest('[data-id]')!.getAttribute('data-id'));
    // The first row (newest first: 23) holds the tab stop, for itself and its link.
    expect(tabStops()).toEqual(['23', '23']);

    row(23).focus();
    fireEvent.keyDown(row(23), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(row(22));
    expect(tabStops()).toEqual(['22', '22']);
    fireEvent.keyDown(row(22), { key: 'End' });
    expect(document.activeElement).toBe(row(14));
    fireEvent.keyDown(row(14), { key: 'Home' });
    expect(document.activeElement).toBe(row(23));
    fireEvent.keyDown(row(23), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(row(23));
  });
});
