import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/app/query-client';
import { createAppRoutes } from '@/app/router';
import { jsonResponse, stubFetch, type Handlers } from './http';

/** The console's query client, without retries (a failure shows at once). */
export function createTestQueryClient() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  return queryClient;
}

/** The whole console (real routes, guard, layout and screens) at `url`, in memory. */
export function renderApp(url: string) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(createAppRoutes(queryClient), { initialEntries: [url] });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}

export const testAdmin = {
  id: 1,
  fullName: 'Ayu Lestari',
  email: 'ayu@example.com',
  phoneNumber: '+6281234567890',
  role: 'Administrator',
  status: 'Activated',
  language: 'en',
} as const;

/** What every signed-in page asks first: the product symbol and who is signed in (`testAdmin`). */
function signedInHandlers(productSymbol = 'GIDR'): Handlers {
  return {
    'GET /app-config': () => jsonResponse(200, { productSymbol, chainId: 137 }),
    'GET /account/session': () => jsonResponse(200, { admin: testAdmin }),
  };
}

/**
 * The whole console at `url` with `testAdmin` signed in; `handlers` answer the page's own calls
 * (any other call fails the test). Returns the router, the query client and the calls made.
 *
 *   const { router, calls } = renderSignedIn('/user-list', { 'GET /admin/list/users': customers });
 */
export function renderSignedIn(url: string, handlers: Handlers = {}, options: { productSymbol?: string } = {}) {
  const http = stubFetch({ ...signedInHandlers(options.productSymbol), ...handlers });
  return { ...renderApp(url), ...http };
}

/**
 * One component on a page of its own at `url` (a memory router with the console's providers):
 * for components that read the URL, such as list screens. `router.state.location` is the URL.
 */
export function renderInRouter(ui: ReactNode, { url = '/', handlers = {} }: { url?: string; handlers?: Handlers } = {}) {
  const http = stubFetch(handlers);
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [url] });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient, ...http };
}

/** The path and query string the router shows, e.g. '/user-list?page=2'. */
export function currentUrl(router: { state: { location: { pathname: string; search: string } } }): string {
  return router.state.location.pathname + router.state.location.search;
}
