import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSessionHint } from '@/lib/session-hint';

/** POST /account/logout: ends the session; the answer is not read. */
async function logout(): Promise<void> {
  await api.post('/account/logout', undefined, { redirectOnUnauthorized: false });
}

/**
 * Logs out. Whether the call succeeds or fails, `onSettled` runs (spec: go to sign-in); the
 * sign-in page drops the session's cached data once the pages that showed it are gone.
 */
export function useLogout({ onSettled }: { onSettled?: () => void | Promise<void> } = {}) {
  return useMutation({
    mutationFn: logout,
    onSettled: async () => {
      setSessionHint(false);
      await onSettled?.();
    },
  });
}
