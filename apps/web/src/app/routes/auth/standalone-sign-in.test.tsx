import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, testAdmin } from '@/testing/render-app';
import { errorBody, failWith, inTurn, jsonResponse, stubFetch } from '@/testing/http';
import { queryKeys } from '@/lib/query-keys';
import { StandaloneSignIn } from './standalone-sign-in';

/** The sign-in page a fresh load of '/' boots without the router (main.tsx). */
function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  const queryClient = createTestQueryClient();
  const onSignedIn = vi.fn();
  render(<StandaloneSignIn queryClient={queryClient} onSignedIn={onSignedIn} />);
  return { queryClient, onSignedIn };
}

const challenge = (twoFactor: 'required' | 'enrol') => () =>
  jsonResponse(200, { twoFactor, token: 't'.repeat(43), expiresAt: '2026-11-23T12:00:00.000Z' });
const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

function signIn() {
  fireEvent.change(screen.getByLabelText('Email Address*'), { target: { value: testAdmin.email } });
  fireEvent.change(screen.getByLabelText('Password*'), { target: { value: 'a long passphrase' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('standalone sign-in page', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('is the spec’s sign-in page and asks the server nothing before the admin signs in', () => {
    const { fetchMock } = stubFetch({});
    renderAt('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(screen.getByLabelText('Email Address*')).toBeTruthy();
    expect(screen.getByLabelText('Password*')).toBeTruthy();
    expect(document.title).toBe('Back Office | Sign In');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('hands over the redirect path with param as its query, and the session in the cache', async () => {
    stubFetch({ 'POST /admin/login': () => jsonResponse(200, { admin: testAdmin }) });
    const { onSignedIn, queryClient } = renderAt('/?redirect=%2Fredeem&param=id%3D42');
    signIn();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/redeem?id=42'));
    expect(queryClient.getQueryData(queryKeys.auth.session)).toEqual({ admin: testAdmin });
  });

  it('hands over the dashboard when the redirect leaves the site', async () => {
    stubFetch({ 'POST /admin/login': () => jsonResponse(200, { admin: testAdmin }) });
    const { onSignedIn } = renderAt('/?redirect=%2F%2Fevil.example%2Fphish');
    signIn();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/dashboard'));
  });

  it('asks for the code from the app after the password, and signs in only with it', async () => {
    const { calls } = stubFetch({
      'POST /admin/login': challenge('required'),
      'POST /admin/login/two-factor': inTurn(failWith(401, 'Invalid code'), () => jsonResponse(200, { admin: testAdmin })),
    });
    const { onSignedIn, queryClient } = renderAt('/?redirect=%2Fprofile');
    signIn();
    const code = await screen.findByLabelText('Authentication code');
    expect(queryClient.getQueryData(queryKeys.auth.session)).toBeUndefined();

    fireEvent.change(code, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/Enter the 6 digits the app shows, or a recovery code/)).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/two-factor'))).toHaveLength(0);

    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid code')).toBeTruthy();
    expect(onSignedIn).not.toHaveBeenCalled();

    fireEvent.change(code, { target: { value: ' 123456 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/profile'));
    expect(calls.at(-1)?.body).toEqual({ token: 't'.repeat(43), code: '123456' });
    expect(queryClient.getQueryData(queryKeys.auth.session)).toEqual({ admin: testAdmin });
  });

  it('takes a recovery code, says when to try again while throttled, and offers a new sign-in once the step expired', async () => {
    const { calls } = stubFetch({
      'POST /admin/login': challenge('required'),
      'POST /admin/login/two-factor': inTurn(
        () => jsonResponse(429, errorBody(429, 'Too Many Requests', 'Too many sign-in attempts.'), { 'retry-after': '120' }),
        failWith(401, 'This sign-in step has expired or was already used: sign in again'),
      ),
    });
    renderAt('/');
    signIn();
    const code = await screen.findByLabelText('Authentication code');
    fireEvent.change(code, { target: { value: 'ABCDE-FGHIJ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Too many sign-in attempts. Try again in 2 minutes.')).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({ token: 't'.repeat(43), code: 'ABCDE-FGHIJ' });

    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This sign-in step has expired or was already used: sign in again')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByLabelText('Email Address*')).toBeTruthy();
  });

  it('enrols when two-factor sign-in is mandatory: QR code and key, a code, the recovery codes, then goes on', async () => {
    const { calls } = stubFetch({
      'POST /admin/login': challenge('enrol'),
      'POST /admin/login/two-factor/setup': () =>
        jsonResponse(200, {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
          qrCodeDataUrl: 'data:image/png;base64,AA==',
        }),
      'POST /admin/login/two-factor/enable': () => jsonResponse(200, { admin: testAdmin, recoveryCodes }),
    });
    const { onSignedIn, queryClient } = renderAt('/?redirect=%2Fratings');
    signIn();
    expect(await screen.findByRole('img', { name: 'QR code for the authenticator app' })).toBeTruthy();
    expect(screen.getByTestId('two-factor-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP');
    expect(calls.filter((c) => c.url.includes('/two-factor/setup'))).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on and continue' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(calls.at(-1)?.body).toEqual({ token: 't'.repeat(43), code: '654321' });
    expect(onSignedIn).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/ratings'));
    expect(queryClient.getQueryData(queryKeys.auth.session)).toEqual({ admin: testAdmin });
  });
});
