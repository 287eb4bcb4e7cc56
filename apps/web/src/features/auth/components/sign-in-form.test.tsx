import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { errorBody, jsonResponse, stubFetch } from '@/testing/http';
import { testAdmin } from '@/testing/render-app';
import { queryKeys } from '@/lib/query-keys';
import { SignInForm } from './sign-in-form';

function renderForm() {
  const onSuccess = vi.fn();
  const onChallenge = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SignInForm onSuccess={onSuccess} onChallenge={onChallenge} />
    </QueryClientProvider>,
  );
  return { onSuccess, onChallenge, queryClient };
}

function fillIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email Address*'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password*'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('SignInForm', () => {
  it('has the spec’s fields: a required e-mail field and a required password field', () => {
    renderForm();
    const email = screen.getByLabelText('Email Address*') as HTMLInputElement;
    const password = screen.getByLabelText('Password*') as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.required).toBe(true);
    expect(password.type).toBe('password');
    expect(password.required).toBe(true);
  });

  it('shows and hides the password', () => {
    renderForm();
    const password = screen.getByLabelText('Password*') as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'show password' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'hide password' }));
    expect(password.type).toBe('password');
  });

  it('opens the Credentials Error dialog with the server’s message on a 401, and closes it', async () => {
    stubFetch({ 'POST /admin/login': () => jsonResponse(401, errorBody(401, 'Unauthorized', 'Invalid email or password')) });
    const { onSuccess } = renderForm();
    fillIn('ayu@example.com', 'wrong password');
    const dialog = await screen.findByRole('dialog', { name: 'Credentials Error' });
    expect(dialog.textContent).toContain('Invalid email or password');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('says when to try again while sign-in is throttled', async () => {
    stubFetch({
      'POST /admin/login': () =>
        jsonResponse(429, errorBody(429, 'Too Many Requests', 'Too many sign-in attempts.'), { 'retry-after': '540' }),
    });
    renderForm();
    fillIn('ayu@example.com', 'whatever it is');
    const dialog = await screen.findByRole('dialog', { name: 'Credentials Error' });
    expect(dialog.textContent).toContain('Too many sign-in attempts. Try again in 9 minutes.');
  });

  it('sends the trimmed e-mail and the password, then reports success with the admin', async () => {
    const { calls } = stubFetch({ 'POST /admin/login': () => jsonResponse(200, { admin: testAdmin }) });
    const { onSuccess, queryClient } = renderForm();
    fillIn('  ayu@example.com ', 'a long passphrase');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ admin: testAdmin }));
    expect(calls[0]?.body).toEqual({ email: 'ayu@example.com', password: 'a long passphrase' });
    expect(queryClient.getQueryData(queryKeys.auth.session)).toEqual({ admin: testAdmin });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not call the server when a field is missing or the e-mail is not one', async () => {
    const { fetchMock } = stubFetch({});
    renderForm();
    fillIn('not-an-email', '');
    expect(await screen.findByText('email must be an email address')).toBeTruthy();
    expect(screen.getByText('password is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('hands over the second step when the server asks for one, with no session started', async () => {
    const challenge = { twoFactor: 'required', token: 't'.repeat(43), expiresAt: '2026-11-23T12:00:00.000Z' };
    stubFetch({ 'POST /admin/login': () => jsonResponse(200, challenge) });
    const { onSuccess, onChallenge, queryClient } = renderForm();
    fillIn('ayu@example.com', 'a long passphrase');
    await waitFor(() => expect(onChallenge).toHaveBeenCalledWith(challenge));
    expect(onSuccess).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(queryKeys.auth.session)).toBeUndefined();
    expect(window.localStorage.getItem('back-office.signed-in')).toBeNull();
  });
});
