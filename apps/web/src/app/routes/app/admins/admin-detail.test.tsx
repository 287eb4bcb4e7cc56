import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminListQuery, type AdminDetail } from '@gold/contract';
import { failWith, jsonResponse, type Handler, type StubbedRequest } from '@/testing/http';
import { countAnswer, listServer } from '@/testing/list-server';
import { currentUrl, renderSignedIn, testAdmin } from '@/testing/render-app';
import { createAdmin, signedInAdminRow } from '@/testing/admin-fixtures';

const strong = 'Gunung Merapi 2911 m';
const posts = (calls: StubbedRequest[]) =>
  calls.filter((call) => call.method === 'POST').map((call) => [new URL(call.url, 'http://x').pathname.replace('/api', ''), call.body]);
/** The value shown beside a label of the read-only information. */
const info = (label: string) => screen.getAllByRole('term').find((term) => term.textContent === label)?.nextElementSibling?.textContent;

/** GET /admin/detail/7 and the edit, answering what the server would. */
function adminServer(admin: AdminDetail, extra: Record<string, Handler> = {}) {
  const edit: Handler = (request) => {
    Object.assign(admin, { status: (request.body as { status: AdminDetail['status'] }).status });
    return jsonResponse(200, { data: [admin] });
  };
  return {
    [`GET /admin/detail/${admin.id}`]: () => jsonResponse(200, { data: [admin] }),
    [`POST /admin/edit/${admin.id}`]: edit,
    'GET /admin/list/admins': listServer(adminListQuery, [admin]),
    'GET /admin/count/admins': countAnswer(1),
    ...extra,
  };
}

const bambang = (overrides: Partial<AdminDetail> = {}) =>
  createAdmin({ id: 7, fullName: 'Bambang Pamungkas', email: 'bambang@example.com', lastSignInAt: '2025-03-05T07:30:00Z', ...overrides });

const ownPassword = 'Emas-Batangan 24 karat!';
/** A new password (or role) is confirmed with the editing admin's password first (the server re-authenticates). */
async function confirmWithOwnPassword() {
  const confirm = await screen.findByRole('dialog', { name: 'Update admin' });
  fireEvent.change(within(confirm).getByLabelText(/Your password/), { target: { value: ownPassword } });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Update Information' }));
}

describe('/admin-list/:id', () => {
  it('shows the admin read-only: name, e-mail, phone, role, Active / Not Active, two-factor, dates in WIB', async () => {
    renderSignedIn('/admin-list/7', adminServer(bambang({ twoFactorEnabled: true })));
    expect(await screen.findByRole('heading', { name: 'Admin Information' })).toBeTruthy();
    expect(
      ['Fullname', 'Email', 'Phone Number', 'Role', 'Status', 'Two-factor Sign-in', 'Last Sign-in'].map((label) => info(label)),
    ).toEqual([
      'Bambang Pamungkas',
      'bambang@example.com',
      '+6281234567890',
      'Administrator',
      'Active',
      'On (authenticator app)',
      '05 Mar 2025, 14.30 WIB',
    ]);
    expect((screen.getByRole('radio', { name: 'Active' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Reset two-factor' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Admin' })).toBeTruthy();
  });

  it("deactivates with 'Update Information' (status and both password fields sent), then says 'Data Update Success'", async () => {
    const { calls } = renderSignedIn('/admin-list/7', adminServer(bambang()));
    fireEvent.click(await screen.findByRole('radio', { name: 'Not Active' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update Information' }));
    const dialog = await screen.findByRole('dialog', { name: 'Data Update Success' });
    expect(dialog.textContent).toContain('Bambang Pamungkas is Not Active. Its sessions were ended.');
    expect(posts(calls)).toEqual([['/admin/edit/7', { status: 'Not Activated', password: '', confirmPassword: '' }]]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(info('Status')).toBe('Not Active'));
  });

  it("sets a new password (fields cleared after), says 'Password is Not Match' for differing ones and sends nothing then", async () => {
    const { calls } = renderSignedIn('/admin-list/7', adminServer(bambang()));
    const password = (await screen.findByLabelText(/^Password/)) as HTMLInputElement;
    const confirm = screen.getByLabelText(/^Confirm Password/) as HTMLInputElement;
    fireEvent.change(password, { target: { value: strong } });
    fireEvent.change(confirm, { target: { value: `${strong}x` } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Information' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Password is Not Match' })).getByRole('button', { name: 'OK' }));
    expect(posts(calls)).toEqual([]);

    fireEvent.change(confirm, { target: { value: strong } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Information' }));
    await confirmWithOwnPassword();
    const dialog = await screen.findByRole('dialog', { name: 'Data Update Success' });
    expect(dialog.textContent).toContain('The new password is set');
    expect(posts(calls)).toEqual([
      ['/admin/edit/7', { status: 'Activated', password: strong, confirmPassword: strong, reauth: { password: ownPassword } }],
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect([password.value, confirm.value]).toEqual(['', '']));
  });

  it("shows the server's refusal in 'Data Update Error' (a weak password, under its field too)", async () => {
    renderSignedIn(
      '/admin-list/7',
      adminServer(bambang(), { 'POST /admin/edit/7': failWith(400, 'body.password: password is too common') }),
    );
    fireEvent.change(await screen.findByLabelText(/^Password/), { target: { value: 'password1234' } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'password1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Information' }));
    await confirmWithOwnPassword();
    const dialog = await screen.findByRole('alertdialog', { name: 'Data Update Error' });
    expect(dialog.textContent).toContain('password is too common');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('password is too common')).toBeTruthy();
  });

  it('on your own page: no delete, Not Active unavailable', async () => {
    renderSignedIn(`/admin-list/${testAdmin.id}`, adminServer(signedInAdminRow()));
    expect(await screen.findByRole('heading', { name: 'Admin Information' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Not Active' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Delete Admin' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset two-factor' })).toBeNull();
  });

  it("deletes after a confirmation: 'Data Remove Successfuly', then back to the Admin List", async () => {
    const admin = bambang();
    const { calls, router } = renderSignedIn(
      '/admin-list/7',
      adminServer(admin, { 'POST /admin/delete/7': () => jsonResponse(200, { data: [{ ...admin, status: 'Not Activated' }] }) }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Admin' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete Bambang Pamungkas?' })).getByRole('button', { name: 'Delete' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Data Remove Successfuly' });
    expect(posts(calls)).toEqual([['/admin/delete/7', undefined]]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/admin-list'));
  });

  it('resets two-factor after a confirmation and says so; the button goes once it is off', async () => {
    const admin = bambang({ twoFactorEnabled: true });
    const reset: Handler = () => {
      admin.twoFactorEnabled = false;
      return jsonResponse(200, { data: [admin] });
    };
    const { calls } = renderSignedIn('/admin-list/7', adminServer(admin, { 'POST /admin/two-factor/reset/7': reset }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reset two-factor' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset two-factor sign-in of Bambang Pamungkas?' });
    fireEvent.change(within(confirm).getByLabelText(/Your password/), { target: { value: 'Emas-Batangan 24 karat!' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reset two-factor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Data Update Success' });
    expect(dialog.textContent).toContain('authenticator and recovery codes of Bambang Pamungkas were removed');
    expect(posts(calls)).toEqual([['/admin/two-factor/reset/7', { reauth: { password: 'Emas-Batangan 24 karat!' } }]]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(info('Two-factor Sign-in')).toBe('Off'));
    expect(screen.queryByRole('button', { name: 'Reset two-factor' })).toBeNull();
  });

  it("shows the server's message for an unknown admin, with the way back to the list", async () => {
    renderSignedIn('/admin-list/99', { 'GET /admin/detail/99': failWith(404, 'Admin 99 not found') });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Admin 99 not found');
    expect(within(alert).getByRole('link', { name: 'Admin List' }).getAttribute('href')).toBe('/admin-list');
  });
});
