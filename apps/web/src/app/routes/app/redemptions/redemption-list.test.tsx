import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { redemptionListQuery, type RedemptionListItem, type RedemptionListQuery } from '@gold/contract';
import { failWith, jsonResponse, type Handler } from '@/testing/http';
import { countAnswer, listServer } from '@/testing/list-server';
import { applyLanguage } from '@/lib/i18n';
import { currentUrl, renderSignedIn, testAdmin, signInTestAdminAs } from '@/testing/render-app';
import { createRedemption, createRedemptionRows } from '@/testing/redemption-fixtures';

/** The list route: the contract's query, the status filter (which listServer leaves to the resource), paging and sorting. */
function redemptionsServer(rows: RedemptionListItem[]) {
  const queries: RedemptionListQuery[] = [];
  const handler: Handler = (request) => {
    const status = new URL(request.url, 'http://x').searchParams.get('status');
    const page = listServer(redemptionListQuery, status ? rows.filter((row) => row.status === status) : rows);
    const answer = page(request);
    const query = page.lastQuery();
    if (query) queries.push(query);
    return answer;
  };
  return Object.assign(handler, { queries, lastQuery: () => queries.at(-1) });
}

const statuses = ['REQUESTED', 'PREPARATION', 'REDEEMED', 'ON_WEB2', 'REJECTED'] as const;
const rowsOfEveryStatus = () => createRedemptionRows(34, (index) => ({ status: statuses[index % 5]! }));

const grid = () => screen.getByRole('grid', { name: 'Redemptions' });
const column = (field: string) =>
  Array.from(grid().querySelectorAll(`[role="row"][data-id] [data-field="${field}"]`), (cell) => cell.textContent);
const row = (id: number) => grid().querySelector(`[role="row"][data-id="${id}"]`) as HTMLElement;
const postsOf = (calls: Array<{ method: string; url: string; body: unknown }>) =>
  calls.filter((call) => call.method === 'POST').map((call) => [new URL(call.url, 'http://x').pathname.replace('/api', ''), call.body]);

describe('/redemption-list', () => {
  // The counter's work (and its review page) is a Supervisor's or a Teller's.
  signInTestAdminAs({ role: 'Supervisor' });

  it('shows the total card and the newest requests first, with the spec’s columns', async () => {
    const server = redemptionsServer(rowsOfEveryStatus());
    renderSignedIn('/redemption-list', { 'GET /admin/list/redeems': server, 'GET /admin/count/redeems': countAnswer(1234) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Redemption List' })).toBeTruthy();
    await waitFor(() => expect(column('id')).toHaveLength(10));
    expect(within(screen.getByRole('region', { name: 'Total Redemptions' })).getByText('1.234')).toBeTruthy();
    expect(server.queries).toEqual([{ limit: 10, page: 0, sort: 'createdAt', order: 'desc' }]);
    expect(column('id').slice(0, 3)).toEqual(['34', '33', '32']);

    const headers = Array.from(grid().querySelectorAll('[role="columnheader"]'), (header) => [
      header.textContent,
      header.getAttribute('aria-sort') ?? 'not sortable',
    ]);
    expect(headers).toEqual([
      ['ID', 'not sortable'],
      ['Fullname', 'not sortable'],
      ['Request Date', 'descending'],
      ['GIDR Value', 'none'],
      ['Collection Date', 'none'],
      ['Status', 'not sortable'],
      ['Actions', 'not sortable'],
    ]);
  });

  it('shows each row’s fields, the status chip in the spec’s colour and links to the customer and the review', async () => {
    const rows = createRedemptionRows(5, (index) => ({
      status: statuses[index]!,
      total: index === 0 ? '1250.5' : '10',
      appointmentDate: '2026-12-02',
      createdAt: '2026-11-22T20:30:00Z',
      user: { id: 70 + index, fullName: `Customer ${index}` },
    }));
    renderSignedIn('/redemption-list', { 'GET /admin/list/redeems': redemptionsServer(rows), 'GET /admin/count/redeems': countAnswer(5) });
    await waitFor(() => expect(column('id')).toHaveLength(5));
    const cell = (id: number, field: string) => row(id).querySelector(`[data-field="${field}"]`)!;
    expect(cell(1, 'total').textContent).toBe('1.250,50');
    // 20:30 UTC is already the next day in Jakarta.
    expect(cell(1, 'createdAt').textContent).toBe('23 Nov 2026');
    expect(cell(1, 'appointmentDate').textContent).toBe('02 Des 2026');
    const chipColour = (id: number) => {
      const chip = cell(id, 'status').querySelector('.MuiChip-root')!;
      return [chip.textContent, ['Warning', 'Success', 'Error'].find((colour) => chip.classList.contains(`MuiChip-color${colour}`))];
    };
    expect([1, 2, 3, 4, 5].map(chipColour)).toEqual([
      ['REQUESTED', 'Warning'],
      ['PREPARATION', 'Warning'],
      ['REDEEMED', 'Success'],
      ['ON_WEB2', 'Success'],
      ['REJECTED', 'Error'],
    ]);
    expect(within(row(1)).getByRole('link', { name: 'Customer 0' }).getAttribute('href')).toBe('/user-list/70');
    expect(within(row(1)).getByRole('link', { name: 'Review redemption 1' }).getAttribute('href')).toBe('/redeem?id=1');
    expect(within(row(1)).getByRole('link', { name: 'Details of redemption 1' }).getAttribute('href')).toBe('/redemption-list/detail?id=1');

    // Prepare (labelled Approve) only on PREPARATION, reject on REQUESTED and PREPARATION.
    const actions = (id: number) =>
      within(row(id))
        .queryAllByRole('button')
        .map((button) => button.getAttribute('aria-label'));
    expect(actions(1)).toEqual(['Reject redemption 1']);
    expect(actions(2)).toEqual(['Approve redemption 2', 'Reject redemption 2']);
    expect([actions(3), actions(4), actions(5)]).toEqual([[], [], []]);
  });

  it('speaks Indonesian when the admin chose it: headers, statuses, row actions, the confirmation and the server’s refusal', async () => {
    const rows = createRedemptionRows(3, () => ({ status: 'REQUESTED' }));
    try {
      renderSignedIn('/redemption-list', {
        'GET /account/session': () => jsonResponse(200, { admin: { ...testAdmin, role: 'Supervisor', language: 'id' } }),
        'GET /admin/list/redeems': redemptionsServer(rows),
        'GET /admin/count/redeems': countAnswer(3),
        'POST /admin/redeem/reject': failWith(409, 'Cannot reject a redemption that is REJECTED'),
      });
      const list = await screen.findByRole('grid', { name: 'Penukaran' });
      await waitFor(() => expect(list.querySelectorAll('[role="row"][data-id]')).toHaveLength(3));
      const row3 = list.querySelector('[role="row"][data-id="3"]') as HTMLElement;
      const headers = Array.from(list.querySelectorAll('[role="columnheader"]'), (header) => header.textContent);
      expect(headers).toEqual(['ID', 'Nama Lengkap', 'Tanggal Permintaan', 'Nilai GIDR', 'Tanggal Pengambilan', 'Status', 'Aksi']);
      // What a screen reader says of each header, and its tooltip: the same words.
      expect(
        within(list)
          .getAllByRole('columnheader')
          .map((header) => header.getAttribute('aria-label')),
      ).toEqual(headers);
      expect(row3.querySelector('[data-field="status"]')!.textContent).toBe('DIMINTA');
      fireEvent.click(within(row3).getByRole('button', { name: 'Tolak penukaran 3' }));
      const dialog = await screen.findByRole('dialog', { name: 'Tolak penukaran 3?' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Tolak' }));
      expect(await screen.findByText('Gagal: Tidak dapat menolak penukaran yang berstatus REJECTED')).toBeTruthy();
    } finally {
      await applyLanguage('en');
    }
  });

  it('prepares a PREPARATION request (its button reads Approve) after a confirmation, then shows the first page', async () => {
    const rows = createRedemptionRows(34, () => ({ status: 'PREPARATION' }));
    const server = redemptionsServer(rows);
    const prepare: Handler = (request) => {
      const target = rows.find((candidate) => candidate.id === (request.body as { id: number }).id)!;
      target.status = 'ON_WEB2';
      return jsonResponse(200, createRedemption({ id: target.id, status: 'ON_WEB2' }));
    };
    const { calls, router } = renderSignedIn('/redemption-list?page=2', {
      'GET /admin/list/redeems': server,
      'GET /admin/count/redeems': countAnswer(34),
      'POST /admin/redeem/prepare': prepare,
    });
    await waitFor(() => expect(column('id')[0]).toBe('24'));

    fireEvent.click(within(row(24)).getByRole('button', { name: 'Approve redemption 24' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve redemption 24?' });
    expect(dialog.textContent).toContain('Customer 24’s request for 25,00 GIDR (PREPARATION) moves to ON_WEB2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(postsOf(calls)).toEqual([]);

    fireEvent.click(within(row(24)).getByRole('button', { name: 'Approve redemption 24' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Redemption Approved Successfully')).toBeTruthy();
    expect(postsOf(calls)).toEqual([['/admin/redeem/prepare', { id: 24 }]]);
    await waitFor(() => expect(currentUrl(router)).toBe('/redemption-list'));
    await waitFor(() => expect(column('id')[0]).toBe('34'));
    expect(server.lastQuery()).toEqual({ limit: 10, page: 0, sort: 'createdAt', order: 'desc' });
  });

  it('rejects with the reason none, says so, and goes back to the first page', async () => {
    const rows = createRedemptionRows(34, () => ({ status: 'REQUESTED' }));
    const server = redemptionsServer(rows);
    const reject: Handler = (request) => {
      const { id } = request.body as { id: number };
      rows.find((candidate) => candidate.id === id)!.status = 'REJECTED';
      return jsonResponse(200, createRedemption({ id, status: 'REJECTED', details: 'none' }));
    };
    const { calls, router } = renderSignedIn('/redemption-list?page=2&size=25', {
      'GET /admin/list/redeems': server,
      'GET /admin/count/redeems': countAnswer(34),
      'POST /admin/redeem/reject': reject,
    });
    await waitFor(() => expect(column('id')).toHaveLength(9));

    fireEvent.click(within(row(3)).getByRole('button', { name: 'Reject redemption 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject redemption 3?' });
    expect(dialog.textContent).toContain('rejected with the reason “none”');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText('Redemption Rejected Successfully')).toBeTruthy();
    expect(postsOf(calls)).toEqual([['/admin/redeem/reject', { id: 3, reason: 'none' }]]);
    await waitFor(() => expect(currentUrl(router)).toBe('/redemption-list?size=25'));
    await waitFor(() => expect(server.lastQuery()).toEqual({ limit: 25, page: 0, sort: 'createdAt', order: 'desc' }));
  });

  it('shows the server’s message when an action is refused', async () => {
    const rows = createRedemptionRows(3, () => ({ status: 'PREPARATION' }));
    renderSignedIn('/redemption-list', {
      'GET /admin/list/redeems': redemptionsServer(rows),
      'GET /admin/count/redeems': countAnswer(3),
      'POST /admin/redeem/prepare': failWith(409, 'Cannot prepare a redemption that is ON_WEB2'),
    });
    await waitFor(() => expect(column('id')).toHaveLength(3));
    fireEvent.click(within(row(2)).getByRole('button', { name: 'Approve redemption 2' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Fail: Cannot prepare a redemption that is ON_WEB2')).toBeTruthy();
  });

  it('filters by status on the server, with the filter in the URL', async () => {
    const server = redemptionsServer(rowsOfEveryStatus());
    const { router } = renderSignedIn('/redemption-list?page=2', {
      'GET /admin/list/redeems': server,
      'GET /admin/count/redeems': countAnswer(34),
    });
    await waitFor(() => expect(column('id')).toHaveLength(10));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'PREPARATION' }));
    await waitFor(() =>
      expect(server.lastQuery()).toEqual({ limit: 10, page: 0, sort: 'createdAt', order: 'desc', status: 'PREPARATION' }),
    );
    expect(currentUrl(router)).toBe('/redemption-list?status=PREPARATION');
    await waitFor(() => expect(new Set(column('status'))).toEqual(new Set(['PREPARATION'])));
    expect(column('id')).toHaveLength(7);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'All statuses' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/redemption-list'));
  });

  it('offers 10, 25 and 100 rows a page', async () => {
    const server = redemptionsServer(rowsOfEveryStatus());
    renderSignedIn('/redemption-list?size=100', { 'GET /admin/list/redeems': server, 'GET /admin/count/redeems': countAnswer(34) });
    await waitFor(() => expect(column('id')).toHaveLength(34));
    expect(server.lastQuery()).toMatchObject({ limit: 100, page: 0 });
    const sizes = screen.getByRole('combobox', { name: /Rows per page/, hidden: true });
    fireEvent.mouseDown(sizes);
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(['10', '25', '100']);
  });
});
