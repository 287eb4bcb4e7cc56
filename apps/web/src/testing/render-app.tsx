import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import type { AdminRole } from '@gold/contract';
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
  locationId: null,
  status: 'Activated',
  language: 'en',
} as const;

/** Who signs in for a test: `testAdmin`, in another role (and a teller's location) when a test says so. */
export interface SignedInAs {
  role?: AdminRole;
  locationId?: number | null;
}

let fileSignedInAs: SignedInAs = {};

/** Signs `testAdmin` in as `as` (a role) in every test of the calling file: the counter's screens need a Supervisor or a Teller. */
export function signInTestAdminAs(as: SignedInAs) {
  beforeEach(() => {
    fileSignedInAs = as;
  });
  afterEach(() => {
    fileSignedInAs = {};
  });
}

/** What every signed-in page asks first: the product symbol and who is signed in (`testAdmin`). */
function signedInHandlers(productSymbol = 'GIDR', as: SignedInAs = {}): Handlers {
  const admin = { ...testAdmin, ...fileSignedInAs, ...as };
  return {
    'GET /app-config': () => jsonResponse(200, { productSymbol, chainId: 137 }),
    'GET /account/session': () => jsonResponse(200, { admin }),
    // The menu's count of pending confirmations, on every signed-in page: none unless a test says so.
    'GET /admin/confirmations': () => jsonResponse(200, { data: [], total: 0 }),
  };
}

/**
 * The whole console at `url` with `testAdmin` signed in; `handlers` answer the page's own calls
 * (any other call fails the test). Returns the router, the query client and the calls made.
 *
 *   const { router, calls } = renderSignedIn('/user-list', { 'GET /admin/list/users': customers });
 */
export function renderSignedIn(url: string, handlers: Handlers = {}, options: { productSymbol?: string; as?: SignedInAs } = {}) {
  const http = stubFetch({ ...signedInHandlers(options.productSymbol, options.as), ...handlers });
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
