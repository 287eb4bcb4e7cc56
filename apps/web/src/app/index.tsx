import { useState } from 'react';
import { AppProvider } from './provider';
import { createQueryClient } from './query-client';
import { AppRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProvider queryClient={queryClient}>
      <AppRouter queryClient={queryClient} />
    </AppProvider>
  );
}
