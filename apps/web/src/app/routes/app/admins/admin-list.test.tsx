import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminListQuery } from '@gold/contract';
import { failWith, jsonResponse, type Handler } from '@/testing/http';
import { countAnswer, listServer } from '@/testing/list-server';
import { currentUrl, renderSignedIn } from '@/testing/render-app';
import { createAdmin, signedInAdminRow } from '@/testing/admin-fixtures';

const grid = () => screen.getByRole('grid', { name: 'Admins' });
const column = (field: string) =>
  Array.from(grid().querySelectorAll(`[role="row"][data-id] [data-field="${field}"]`), (cell) => cell.textContent);
/** Waits for the grid's rows (up to the project's bound, testing/setup-tests.ts). */
const shown = (names: number | string[]) =>
  waitFor(() => (typeof names === 'number' ? expect(column('fullName')).toHaveLength(names) : expect(column('fullName')).toEqual(names)));
const row = (id: number) => grid().querySelector(`[role="row"][data-id="${id}"]`) as HTMLElement;

function adminsServer() {
  const rows = [signedInAdminRow(), createAdmin({ id: 7, fullName: 'Bambang Pamungkas', email: 'bambang@example.com' })];
  rows.push(createAdmin({ id: 8, fullName: 'Sri Mulyani', status: 'Not Activated', twoFactorEnabled: true, phoneNumber: null }));
  return listServer(adminListQuery, rows, { searchIn: ['fullName', 'email'] });
}

describe('/admin-list', () => {
  it("shows 'Registered Admin', the admins newest first with role, status chip and view link, and Add Admin", async () => {
    const admins = adminsServer();
    renderSignedIn('/admin-list', { 'GET /admin/list/admins': admins, 'GET /admin/count/admins': countAnswer(3) });
    await shown(['Sri Mulyani', 'Bambang Pamungkas', 'Ayu Lestari']);
    expect(within(screen.getByRole('region', { name: 'Registered Admin' })).getByText('3')).toBeTruthy();
    expect(admins.queries).toEqual([{ limit: 10, page: 0, sort: 'createdAt', order: 'desc' }]);
    expect(column('type')).toEqual(['Administrator', 'Administrator', 'Administrator']);
    expect(column('status')).toEqual(['Not Active', 'Active', 'Active']);
    expect(column('twoFactorEnabled')).toEqual(['On', 'Off', 'Off']);
    expect(column('phoneNumber')).toEqual(['-', '+6281234567890', '+6281234567890']);
    expect(within(row(7)).getByRole('link', { name: 'View Bambang Pamungkas' }).getAttribute('href')).toBe('/admin-list/7');
    // Nobody deletes themselves: the signed-in admin's row has no delete button.
    expect(within(row(7)).queryByRole('button', { name: 'Delete Bambang Pamungkas' })).toBeTruthy();
    expect(within(row(1)).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add Admin' }).getAttribute('href')).toBe('/admin-list/add');
  });

  it('searches by name or e-mail on the server, the search in the URL', async () => {
    const admins = adminsServer();
    const { router } = renderSignedIn('/admin-list', { 'GET /admin/list/admins': admins, 'GET /admin/count/admins': countAnswer(3) });
    await shown(3);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search admin' }), { target: { value: 'bambang' } });
    await waitFor(() => expect(column('fullName')).toEqual(['Bambang Pamungkas']));
    expect(admins.lastQuery()).toMatchObject({ search: 'bambang', page: 0 });
    expect(currentUrl(router)).toBe('/admin-list?search=bambang');
  });

  it("deletes after a confirmation and says 'Data Remove Successfuly'; the list and count are asked again", async () => {
    const admins = adminsServer();
    let count = 3;
    const remove: Handler = () => {
      count = 2;
      return jsonResponse(200, { data: [createAdmin({ id: 7, fullName: 'Bambang Pamungkas', status: 'Not Activated' })] });
    };
    const { calls } = renderSignedIn('/admin-list', {
      'GET /admin/list/admins': admins,
      'GET /admin/count/admins': () => jsonResponse(200, { count }),
      'POST /admin/delete/7': remove,
    });
    await shown(3);
    fireEvent.click(within(row(7)).getByRole('button', { name: 'Delete Bambang Pamungkas' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Bambang Pamungkas?' });
    // Cancel changes nothing.
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Bambang Pamungkas?' })).toBeNull());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(within(row(7)).getByRole('button', { name: 'Delete Bambang Pamungkas' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete Bambang Pamungkas?' })).getByRole('button', { name: 'Delete' }),
    );
    const done = await screen.findByRole('dialog', { name: 'Data Remove Successfuly' });
    expect(done.textContent).toContain('Bambang Pamungkas');
    fireEvent.click(within(done).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Registered Admin' })).getByText('2')).toBeTruthy());
    expect(admins.queries.length).toBeGreaterThan(1);
  });

  it("shows 'Data Remove Error' with the server's reason (the last active admin)", async () => {
    renderSignedIn('/admin-list', {
      'GET /admin/list/admins': adminsServer(),
      'GET /admin/count/admins': countAnswer(3),
      'POST /admin/delete/7': () =>
        jsonResponse(409, { statusCode: 409, error: 'Conflict', message: 'Cannot delete the last active admin' }),
    });
    await shown(3);
    fireEvent.click(within(row(7)).getByRole('button', { name: 'Delete Bambang Pamungkas' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete Bambang Pamungkas?' })).getByRole('button', { name: 'Delete' }),
    );
    const failed = await screen.findByRole('alertdialog', { name: 'Data Remove Error' });
    expect(failed.textContent).toContain('Cannot delete the last active admin');
  });

  it('shows the server’s message and Retry when the list cannot be read', async () => {
    renderSignedIn('/admin-list', {
      'GET /admin/list/admins': failWith(503, 'Database unavailable'),
      'GET /admin/count/admins': countAnswer(3),
    });
    expect(await screen.findByText('Error fetching admins')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
  });
});
