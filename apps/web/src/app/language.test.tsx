import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import TablePagination from '@mui/material/TablePagination';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyLanguage, i18n, storedLanguage } from '@/lib/i18n';
import { accountScreenHandlers } from '@/testing/account-screen-handlers';
import { jsonResponse, stubFetch } from '@/testing/http';
import { createTestQueryClient, renderSignedIn, testAdmin } from '@/testing/render-app';
import { StandaloneSignIn } from './routes/auth/standalone-sign-in';
import { BaseProvider } from './base-provider';

const remembered = () => jsonResponse(200, { language: 'id' });

function signIn() {
  fireEvent.change(screen.getByLabelText(/^(Email Address|Alamat Email)\*$/), { target: { value: testAdmin.email } });
  fireEvent.change(screen.getByLabelText(/^(Password|Kata Sandi)\*$/), { target: { value: 'a long passphrase' } });
  fireEvent.click(screen.getByRole('button', { name: /^(Sign In|Masuk)$/ }));
}

describe('the console language', () => {
  // The Indonesian catalogue and MUI's texts load once (a cold import is slow on a busy machine); each test then switches.
  beforeAll(async () => {
    await applyLanguage('id');
    await applyLanguage('en');
  }, 60_000);

  afterEach(async () => {
    await applyLanguage('en');
  });

  it('switches from the top bar at once, remembers the choice for the admin, and switches back', async () => {
    const { calls } = renderSignedIn('/profile', {
      ...accountScreenHandlers,
      'PUT /admin/profile/language': ({ body }) => jsonResponse(200, body),
    });
    // The whole console opens cold: waiting is bounded generously for a busy machine (not a timing check).
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Admin List' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Bahasa Indonesia' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Daftar Admin' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'keluar' }).textContent).toBe('Keluar');
    expect(document.title).toBe('Back Office | Profil');
    expect(document.documentElement.lang).toBe('id');
    expect(storedLanguage()).toBe('id');
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ language: 'id' }]));

    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ language: 'id' }, { language: 'en' }]),
    );
    expect(calls.find((call) => call.method === 'PUT')?.url).toBe('/api/admin/profile/language');
  }, 60_000);

  it('applies the language the admin chose before, as the session loads', async () => {
    renderSignedIn('/profile', {
      ...accountScreenHandlers,
      'GET /account/session': () => jsonResponse(200, { admin: { ...testAdmin, language: 'id' } }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByRole('toolbar', { name: 'Bahasa' })).toBeTruthy();
    expect(i18n.language).toBe('id');
  });

  it('applies the admin’s remembered language at sign-in', async () => {
    const { calls } = stubFetch({ 'POST /admin/login': () => jsonResponse(200, { admin: { ...testAdmin, language: 'id' } }) });
    const onSignedIn = vi.fn();
    render(<StandaloneSignIn queryClient={createTestQueryClient()} onSignedIn={onSignedIn} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    signIn();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(i18n.language).toBe('id');
    // Nothing to remember: the server already has it.
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('carries a language chosen on the sign-in page over the sign-in, and remembers it for the admin', async () => {
    const { calls } = stubFetch({
      'POST /admin/login': () => jsonResponse(200, { admin: testAdmin }),
      'PUT /admin/profile/language': remembered,
    });
    const onSignedIn = vi.fn();
    render(<StandaloneSignIn queryClient={createTestQueryClient()} onSignedIn={onSignedIn} />);
    fireEvent.click(screen.getByRole('button', { name: 'Bahasa Indonesia' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Masuk' })).toBeTruthy();
    expect(screen.getByText('Administrator platform emas')).toBeTruthy();
    expect(document.title).toBe('Back Office | Masuk');
    signIn();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(i18n.language).toBe('id');
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ language: 'id' }]));
  });

  it('puts MUI’s own texts in Indonesian through the theme, and back', async () => {
    const pager = (
      <BaseProvider queryClient={createTestQueryClient()}>
        <table>
          <tfoot>
            <tr>
              <TablePagination count={4000} page={1} rowsPerPage={10} onPageChange={() => {}} />
            </tr>
          </tfoot>
        </table>
      </BaseProvider>
    );
    const { rerender } = render(pager);
    expect(screen.getByText('Rows per page:')).toBeTruthy();
    expect(document.querySelector('.MuiTablePagination-displayedRows')?.textContent).toBe('11–20 of 4,000');
    await applyLanguage('id');
    rerender(pager);
    expect(await screen.findByText('Baris per halaman:')).toBeTruthy();
    // MUI's Indonesian texts leave the range and the buttons' names in English: ours fill them in.
    expect(document.querySelector('.MuiTablePagination-displayedRows')?.textContent).toBe('11–20 dari 4.000');
    expect(screen.getByRole('button', { name: 'Ke halaman berikutnya' })).toBeTruthy();
    await applyLanguage('en');
    rerender(pager);
    expect(await screen.findByText('Rows per page:')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeTruthy();
  });
});
