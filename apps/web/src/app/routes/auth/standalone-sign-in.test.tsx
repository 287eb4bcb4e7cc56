import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, testAdmin } from '@/testing/render-app';
import { jsonResponse, stubFetch } from '@/testing/http';
import { StandaloneSignIn } from './standalone-sign-in';

/** The sign-in page a fresh load of '/' boots without the router (main.tsx). */
function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  const queryClient = createTestQueryClient();
  const onSignedIn = vi.fn();
  render(<StandaloneSignIn queryClient={queryClient} onSignedIn={onSignedIn} />);
  return { queryClient, onSignedIn };
}

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
    expect(queryClient.getQueryData(['auth', 'session'])).toEqual({ admin: testAdmin });
  });

  it('hands over the dashboard when the redirect leaves the site', async () => {
    stubFetch({ 'POST /admin/login': () => jsonResponse(200, { admin: testAdmin }) });
    const { onSignedIn } = renderAt('/?redirect=%2F%2Fevil.example%2Fphish');
    signIn();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/dashboard'));
  });
});
