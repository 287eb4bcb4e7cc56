import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSessionHint } from '@/lib/session-hint';

/** POST /account/logout: ends the session; the answer is not read. */
export async function logout(): Promise<void> {
  await api.post('/account/logout', undefined, { redirectOnUnauthorized: false });
}

/** Logs out; whether the call succeeds or fails, cached data is dropped and `onSettled` runs (spec: go to sign-in). */
export function useLogout({ onSettled }: { onSettled?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      // Dropped first, so the sign-in page does not find the old session in the cache.
      setSessionHint(false);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'app-config' });
      onSettled?.();
    },
  });
}
