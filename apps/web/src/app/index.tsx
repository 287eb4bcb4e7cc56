import '@/lib/zod-settings';
import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { AppProvider } from './provider';
import { createQueryClient } from './query-client';
import { AppRouter } from './router';

/** The console: providers and the router. `queryClient` carries over what the standalone sign-in page cached (the session). */
export function App({ queryClient: given }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <AppProvider queryClient={queryClient}>
      <AppRouter queryClient={queryClient} />
    </AppProvider>
  );
}
