import { useMemo, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, redirect, RouterProvider, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { paths } from '@/config/paths';
import { sessionQueryOptions } from '@/features/auth/api/get-session';
import { isApiError } from '@/lib/api-client';
import { loadChunk } from '@/lib/lazy-chunk';
import { setSessionHint } from '@/lib/session-hint';
import type { RouteHandle } from './route-handle';
import { RootLayout } from './root-layout';

/** A screen's code, loaded when first visited; failing or taking over 120 s shows 'Loading chunk failed'. */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await loadChunk(load)) });
}

const handle = (title: RouteHandle['title'], parents?: RouteHandle['parents']): RouteHandle => (parents ? { title, parents } : { title });

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
export const requireSession =
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
  const { app } = paths;
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
          // Every navigation passes the guard again (cheap: the answer is cached for 30 s).
          shouldRevalidate: () => true,
          lazy: screen(
            () => import('./routes/app/root'),
            (m) => m.AppRoot,
          ),
          children: [
            {
              // Errors of a page show inside the frame, with the menu still there.
              errorElement: <RouteErrorBoundary />,
              children: [
                {
                  path: app.dashboard.path,
                  handle: handle('Dashboard'),
                  lazy: screen(
                    () => import('./routes/app/dashboard'),
                    (m) => m.DashboardRoute,
                  ),
                },
                {
                  path: app.users.path,
                  handle: handle('User List'),
                  children: [
                    {
                      index: true,
                      lazy: screen(
                        () => import('./routes/app/users/user-list'),
                        (m) => m.UserListRoute,
                      ),
                    },
                    {
                      path: app.user.path,
                      handle: handle('View User Detail'),
                      lazy: screen(
                        () => import('./routes/app/users/user-detail'),
                        (m) => m.UserDetailRoute,
                      ),
                    },
                  ],
                },
                {
                  path: app.transactions.path,
                  handle: handle('Transaction List'),
                  children: [
                    {
                      index: true,
                      lazy: screen(
                        () => import('./routes/app/transactions/transaction-list'),
                        (m) => m.TransactionListRoute,
                      ),
                    },
                    {
                      path: app.transaction.path,
                      handle: handle('View Transaction Detail'),
                      lazy: screen(
                        () => import('./routes/app/transactions/transaction-detail'),
                        (m) => m.TransactionDetailRoute,
                      ),
                    },
                  ],
                },
                {
                  path: app.purchases.path,
                  handle: handle((product) => `${product} Purchased List`),
                  lazy: screen(
                    () => import('./routes/app/purchases/purchased-list'),
                    (m) => m.PurchasedListRoute,
                  ),
                },
                {
                  path: app.redemptions.path,
                  handle: handle('Redemption List'),
                  children: [
                    {
                      index: true,
                      lazy: screen(
                        () => import('./routes/app/redemptions/redemption-list'),
                        (m) => m.RedemptionListRoute,
                      ),
                    },
                    {
                      path: app.redemptionDetail.path,
                      handle: handle('View Redemption Detail'),
                      lazy: screen(
                        () => import('./routes/app/redemptions/redemption-detail'),
                        (m) => m.RedemptionDetailRoute,
                      ),
                    },
                  ],
                },
                {
                  path: app.redemptionReview.path,
                  handle: handle('Redemption Review', [{ title: 'Redemption List', href: app.redemptions.getHref() }]),
                  lazy: screen(
                    () => import('./routes/app/redemptions/redemption-review'),
                    (m) => m.RedemptionReviewRoute,
                  ),
                },
                {
                  path: app.ratings.path,
                  handle: handle('Ratings'),
                  lazy: screen(
                    () => import('./routes/app/ratings'),
                    (m) => m.RatingsRoute,
                  ),
                },
                {
                  path: app.profile.path,
                  handle: handle('Profile'),
                  lazy: screen(
                    () => import('./routes/app/profile'),
                    (m) => m.ProfileRoute,
                  ),
                },
                {
                  path: app.admins.path,
                  handle: handle('Admin List'),
                  children: [
                    {
                      index: true,
                      lazy: screen(
                        () => import('./routes/app/admins/admin-list'),
                        (m) => m.AdminListRoute,
                      ),
                    },
                    {
                      path: app.addAdmin.path,
                      handle: handle('Add Admin'),
                      lazy: screen(
                        () => import('./routes/app/admins/add-admin'),
                        (m) => m.AddAdminRoute,
                      ),
                    },
                    {
                      path: app.admin.path,
                      handle: handle('View Admin Detail'),
                      lazy: screen(
                        () => import('./routes/app/admins/admin-detail'),
                        (m) => m.AdminDetailRoute,
                      ),
                    },
                  ],
                },
                {
                  path: app.auditLog.path,
                  handle: handle('Audit Log'),
                  lazy: screen(
                    () => import('./routes/app/audit/audit-log'),
                    (m) => m.AuditLogRoute,
                  ),
                },
                {
                  path: app.contacts.path,
                  handle: handle('Contact List'),
                  lazy: screen(
                    () => import('./routes/app/contacts/contact-list'),
                    (m) => m.ContactListRoute,
                  ),
                },
                {
                  path: app.denoms.path,
                  handle: handle('Redemption Denomination'),
                  lazy: screen(
                    () => import('./routes/app/denoms/denoms-list'),
                    (m) => m.DenomsListRoute,
                  ),
                },
                {
                  path: app.redemptionLimit.path,
                  handle: handle('Redemption Denomination Limit'),
                  lazy: screen(
                    () => import('./routes/app/denoms/redemption-limit'),
                    (m) => m.RedemptionLimitRoute,
                  ),
                },
              ],
            },
          ],
        },
        {
          path: '*',
          lazy: screen(
            () => import('./routes/not-found'),
            (m) => m.NotFoundRoute,
          ),
        },
      ],
    },
  ];
}

export function AppRouter({ queryClient }: { queryClient: QueryClient }) {
  const router = useMemo(() => createBrowserRouter(createAppRoutes(queryClient)), [queryClient]);
  return <RouterProvider router={router} />;
}
