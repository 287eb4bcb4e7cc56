import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadChunk } from '@/lib/lazy-chunk';
import { RouteErrorBoundary } from './route-error-boundary';

function renderFailingRoute(route: { lazy?: () => Promise<never>; loader?: () => never }) {
  const router = createMemoryRouter(
    [{ path: '/', Component: () => <p>page</p>, HydrateFallback: () => null, errorElement: <RouteErrorBoundary />, ...route }],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

describe('RouteErrorBoundary', () => {
  it('asks for a reload when a screen’s code cannot be downloaded', async () => {
    renderFailingRoute({
      lazy: () => loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/dashboard-abc.js'))),
    });
    expect(await screen.findByRole('heading', { name: 'Loading chunk failed' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
  });

  it('recognises a chunk failure even when it was not wrapped', async () => {
    renderFailingRoute({ lazy: () => Promise.reject(new TypeError('Importing a module script failed.')) });
    expect(await screen.findByRole('heading', { name: 'Loading chunk failed' })).toBeTruthy();
  });

  it('shows "Unexpected Application Error!" with the error for anything else', async () => {
    renderFailingRoute({
      loader: () => {
        throw new Error('The server cannot be reached.');
      },
    });
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('The server cannot be reached.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/dashboard');
  });
});
