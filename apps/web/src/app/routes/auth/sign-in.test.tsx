import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, jsonResponse, stubFetch } from '@/testing/http';
import { renderApp, testAdmin } from '@/testing/render-app';

const appConfig = () => jsonResponse(200, { productSymbol: 'GIDR', chainId: 137 });

function signIn() {
  fireEvent.change(screen.getByLabelText('Email Address*'), { target: { value: testAdmin.email } });
  fireEvent.change(screen.getByLabelText('Password*'), { target: { value: 'a long passphrase' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('sign-in page', () => {
  it('is titled "Back Office | Sign In"', async () => {
    stubFetch({ 'GET /app-config': appConfig });
    renderApp('/');
    await screen.findByRole('button', { name: 'Sign In' });
    expect(document.title).toBe('Back Office | Sign In');
  });

  it('goes to the redirect path with param as its query after signing in', async () => {
    // The counter's review page: a Supervisor may open it (an Administrator is shown "Not allowed").
    const supervisor = { ...testAdmin, role: 'Supervisor' };
    stubFetch({
      'GET /app-config': appConfig,
      'POST /admin/login': () => jsonResponse(200, { admin: supervisor }),
      'GET /account/session': () => jsonResponse(200, { admin: supervisor }),
    });
    const { router } = renderApp('/?redirect=%2Fredeem&param=id%3D42');
    await screen.findByRole('button', { name: 'Sign In' });
    signIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Redemption Review' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/redeem');
    expect(router.state.location.search).toBe('?id=42');
  });

  it('goes to the dashboard when the redirect leaves the site', async () => {
    stubFetch({
      'GET /app-config': appConfig,
      'POST /admin/login': () => jsonResponse(200, { admin: testAdmin }),
      'GET /account/session': () => jsonResponse(200, { admin: testAdmin }),
    });
    const { router } = renderApp('/?redirect=%2F%2Fevil.example%2Fphish');
    await screen.findByRole('button', { name: 'Sign In' });
    signIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('stays on the page with the Credentials Error dialog when sign-in fails', async () => {
    stubFetch({
      'GET /app-config': appConfig,
      'POST /admin/login': () => jsonResponse(401, errorBody(401, 'Unauthorized', 'Invalid email or password')),
    });
    const { router } = renderApp('/?redirect=%2Fprofile');
    await screen.findByRole('button', { name: 'Sign In' });
    signIn();
    expect(await screen.findByRole('dialog', { name: 'Credentials Error' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends an admin still signed in in this browser straight on', async () => {
    window.localStorage.setItem('back-office.signed-in', '1');
    stubFetch({ 'GET /app-config': appConfig, 'GET /account/session': () => jsonResponse(200, { admin: testAdmin }) });
    const { router } = renderApp('/?redirect=%2Fratings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ratings' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/ratings');
  });

  it('shows the form when the note says signed in but the session has ended', async () => {
    window.localStorage.setItem('back-office.signed-in', '1');
    stubFetch({
      'GET /app-config': appConfig,
      'GET /account/session': () => jsonResponse(401, errorBody(401, 'Unauthorized', 'Sign in first')),
    });
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('asks for the second factor before going on to the redirect path', async () => {
    stubFetch({
      'GET /app-config': appConfig,
      'POST /admin/login': () => jsonResponse(200, { twoFactor: 'required', token: 't'.repeat(43), expiresAt: '2026-11-23T12:00:00.000Z' }),
      'POST /admin/login/two-factor': () => jsonResponse(200, { admin: testAdmin }),
      'GET /account/session': () => jsonResponse(200, { admin: testAdmin }),
    });
    const { router } = renderApp('/?redirect=%2Fratings');
    await screen.findByRole('button', { name: 'Sign In' });
    signIn();
    const code = await screen.findByLabelText('Authentication code');
    expect(router.state.location.pathname).toBe('/');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ratings' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/ratings');
  });
});
