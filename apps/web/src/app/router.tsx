import { useMemo } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, redirect, RouterProvider, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { paths } from '@/config/paths';
import { appRouteList } from '@/config/routes';
import { sessionNeedsChecking, sessionQueryOptions } from '@/features/auth/api/get-session';
import { isApiError } from '@/lib/api-client';
import { loadChunk } from '@/lib/lazy-chunk';
import { setSessionHint } from '@/lib/session-hint';
import type { RouteHandle } from './route-handle';
import { RootLayout } from './root-layout';
import { screen, screens } from './screens';

/**
 * Loads {product} once before a page that can show it renders; a failure leaves the placeholder
 * label, not an error page. Its code (the contract's schema, zod) is fetched with it.
 */
async function ensureAppConfig(queryClient: QueryClient): Promise<void> {
  try {
    const { appConfigQueryOptions } = await import('@/lib/app-config');
    await queryClient.ensureQueryData(appConfigQueryOptions());
  } catch {
    // The placeholder stands in.
  }
}

/** Every page but sign-in, which shows no {product} and so loads neither the config nor the code that checks it. */
const appConfigLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    if (new URL(request.url).pathname !== paths.auth.signIn.path) await ensureAppConfig(queryClient);
    return null;
  };

/**
 * The route guard: a visitor without a valid session goes to sign-in, with the page asked for
 * as the way back. The session answer is reused for 30 s, then asked again on navigation.
 */
const requireSession =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    try {
      await queryClient.fetchQuery(sessionQueryOptions());
      return null;
    } catch (error) {
      if (!isApiError(error, 401)) throw error;
      setSessionHint(false);
      const url = new URL(request.url);
      return redirect(paths.auth.signIn.getHref(url.pathname, url.search));
    }
  };

export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      errorElement: <RouteErrorBoundary />,
      HydrateFallback: () => <LoadingOverlay />,
      loader: appConfigLoader(queryClient),
      shouldRevalidate: () => false,
      children: [
        {
          index: true,
          lazy: async () => {
            const { SignInRoute, signInLoader } = await loadChunk(() => import('./routes/auth/sign-in'));
            return { Component: SignInRoute, loader: signInLoader(queryClient) };
          },
        },
        {
          id: 'signed-in',
          // The session check, and {product} for a page reached from sign-in (the root loader skipped it there).
          loader: async (args) => (await Promise.all([requireSession(queryClient)(args), ensureAppConfig(queryClient)]))[0],
          // A navigation passes the guard again once the session answer is no longer fresh (30 s).
          shouldRevalidate: () => sessionNeedsChecking(queryClient),
          lazy: screen(() => import('./routes/app/root'), 'AppRoot'),
          children: [
            {
              // Errors of a page show inside the frame, with the menu still there.
              errorElement: <RouteErrorBoundary />,
              children: appRouteList.map(({ key, path }) => ({ path, handle: { route: key } satisfies RouteHandle, lazy: screens[key] })),
            },
          ],
        },
        {
          path: '*',
          lazy: screen(() => import('./routes/not-found'), 'NotFoundRoute'),
        },
      ],
    },
  ];
}

export function AppRouter({ queryClient }: { queryClient: QueryClient }) {
  const router = useMemo(() => createBrowserRouter(createAppRoutes(queryClient)), [queryClient]);
  return <RouterProvider router={router} />;
}
