import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminListQuery } from '@gold/contract';
import { failWith, jsonResponse, type Handler, type StubbedRequest } from '@/testing/http';
import { countAnswer, listServer } from '@/testing/list-server';
import { currentUrl, renderSignedIn } from '@/testing/render-app';
import { adminAnswer, createAdmin } from '@/testing/admin-fixtures';

const strong = 'Kuda lumping menari 7 kali';
const type = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const posts = (calls: StubbedRequest[]) => calls.filter((call) => call.method === 'POST');

async function fillForm({ password = strong, confirm = strong } = {}) {
  await screen.findByRole('heading', { level: 1, name: 'Add Admin' });
  type(/^Fullname/, 'Bambang Pamungkas');
  type(/^Email/, 'bambang@example.com');
  type(/^Password/, password);
  type(/^Confirm Password/, confirm);
}
const ownPassword = 'Emas-Batangan 24 karat!';
/** Add Admin, then the adding admin's password in the confirmation dialog (the server re-authenticates). */
async function submit(password = ownPassword) {
  fireEvent.click(screen.getByRole('button', { name: 'Add Admin' }));
  const confirm = await screen.findByRole('dialog', { name: 'Add Admin' });
  fireEvent.change(within(confirm).getByLabelText(/Your password/), { target: { value: password } });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Add Admin' }));
  return confirm;
}

describe('/admin-list/add', () => {
  it('has the fields of the spec: role a choice (Administrator first), phone defaulting to Indonesia, show/hide on both passwords', async () => {
    renderSignedIn('/admin-list/add', {
      'GET /admin/vault/locations': () =>
        jsonResponse(200, { data: [{ id: 2, code: 'SBY-01', name: 'Surabaya', createdAt: '2026-01-01T00:00:00.000Z' }], total: 1 }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Add Admin' });
    // Issue 32: the role is a choice of four; a Teller also needs the location they serve.
    const role = screen.getByRole('combobox', { name: /^Role/ });
    expect(role.textContent).toBe('Administrator');
    expect(screen.queryByRole('combobox', { name: /^Location/ })).toBeNull();
    fireEvent.mouseDown(role);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Teller',
      'Supervisor',
      'Auditor',
      'Administrator',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Teller' }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^Location/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'SBY-01 — Surabaya' }));
    expect(screen.getByRole('combobox', { name: /^Location/ }).textContent).toBe('SBY-01 — Surabaya');
    // The phone input's code arrives lazily; it starts at Indonesia's calling code.
    await waitFor(() => expect((screen.getByLabelText('Phone Number') as HTMLInputElement).value).toMatch(/^\+62/));
    const password = screen.getByLabelText(/^Password/) as HTMLInputElement;
    const confirm = screen.getByLabelText(/^Confirm Password/) as HTMLInputElement;
    expect([password.type, confirm.type]).toEqual(['password', 'password']);
    const toggles = screen.getAllByRole('button', { name: 'show password' });
    expect(toggles).toHaveLength(2);
    fireEvent.click(toggles[1]!);
    expect([password.type, confirm.type]).toEqual(['password', 'text']);
    fireEvent.click(screen.getByRole('button', { name: 'show password' }));
    expect([password.type, confirm.type]).toEqual(['text', 'text']);
  });

  it("says 'Password is Not Match' in a dialog and sends nothing when the passwords differ", async () => {
    const { calls } = renderSignedIn('/admin-list/add');
    await fillForm({ confirm: `${strong}!` });
    submit();
    const dialog = await screen.findByRole('alertdialog', { name: 'Password is Not Match' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('Password is Not Match')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('checks the fields with the contract before sending: required name, an e-mail, at least 12 characters', async () => {
    const { calls } = renderSignedIn('/admin-list/add');
    await screen.findByRole('heading', { level: 1, name: 'Add Admin' });
    type(/^Email/, 'not-an-email');
    type(/^Password/, 'short');
    type(/^Confirm Password/, 'short');
    submit();
    expect(await screen.findByText('fullname is required')).toBeTruthy();
    expect(screen.getByText('email must be an email address')).toBeTruthy();
    expect(screen.getByText('password must be at least 12 characters')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it("adds the admin with the spec's body, says 'Data Update Success', then opens the new admin", async () => {
    const added = createAdmin({ id: 9, fullName: 'Bambang Pamungkas', email: 'bambang@example.com', phoneNumber: '+6281234567890' });
    const add: Handler = () => jsonResponse(201, { data: [added] });
    const { calls, router } = renderSignedIn('/admin-list/add', {
      'POST /admin/add': add,
      'GET /admin/detail/9': adminAnswer(added),
      'GET /admin/list/admins': listServer(adminListQuery, [added]),
      'GET /admin/count/admins': countAnswer(1),
    });
    await fillForm();
    const phone = await waitFor(() => {
      const input = screen.getByLabelText('Phone Number') as HTMLInputElement;
      expect(input.value).toMatch(/^\+62/);
      return input;
    });
    fireEvent.change(phone, { target: { value: '+62 812 3456 7890' } });
    await submit();
    const dialog = await screen.findByRole('dialog', { name: 'Data Update Success' });
    expect(dialog.textContent).toContain('Bambang Pamungkas (bambang@example.com) was added');
    const [post] = posts(calls);
    expect(post!.body).toEqual({
      fullname: 'Bambang Pamungkas',
      email: 'bambang@example.com',
      phoneNumber: '+62 812 3456 7890',
      password: strong,
      confirmPassword: strong,
      status: 'Activated',
      role: 'Administrator',
      locationId: null,
      reauth: { password: ownPassword },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/admin-list/9'));
    expect(await screen.findByRole('heading', { level: 1, name: 'View Admin Detail' })).toBeTruthy();
  });

  it("sends no phone number when only the calling code is there, and shows the server's refusal in 'Data Update Error' and under the field", async () => {
    const { calls } = renderSignedIn('/admin-list/add', {
      'POST /admin/add': () =>
        jsonResponse(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'body.email: an admin with the e-mail bambang@example.com already exists',
        }),
    });
    await fillForm();
    await submit();
    const dialog = await screen.findByRole('alertdialog', { name: 'Data Update Error' });
    expect(dialog.textContent).toContain('an admin with the e-mail bambang@example.com already exists');
    expect((posts(calls)[0]!.body as { phoneNumber: unknown }).phoneNumber).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('an admin with the e-mail bambang@example.com already exists')).toBeTruthy();
  });

  it('shows a weak password refused by the server under the password field', async () => {
    renderSignedIn('/admin-list/add', { 'POST /admin/add': failWith(400, 'body.password: password is too common') });
    await fillForm({ password: 'password1234', confirm: 'password1234' });
    await submit();
    const dialog = await screen.findByRole('alertdialog', { name: 'Data Update Error' });
    expect(dialog.textContent).toContain('body.password: password is too common');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('password is too common')).toBeTruthy();
  });

  it('keeps the password dialog open with the refusal when the password is wrong, and adds nobody', async () => {
    const { calls } = renderSignedIn('/admin-list/add', {
      'POST /admin/add': failWith(400, 'body.reauth.password: the password is wrong'),
    });
    await fillForm();
    const confirm = await submit('not my password');
    expect(await within(confirm).findByText('body.reauth.password: the password is wrong')).toBeTruthy();
    expect(screen.queryByRole('alertdialog', { name: 'Data Update Error' })).toBeNull();
    expect(posts(calls)).toHaveLength(1);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Admin' })).toBeNull());
  });
});
