import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/app/query-client';
import { createAppRoutes } from '@/app/router';

/** The whole console (real routes, guard, layout and screens) at `url`, in memory. */
export function renderApp(url: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
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
} as const;
