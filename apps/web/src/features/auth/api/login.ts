import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, SessionResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { setSessionHint } from '@/lib/session-hint';
import { clearSessionData } from '../lib/clear-session-data';
import { loadContract } from '../lib/load-contract';
import { sessionQueryKey } from './get-session';

/** POST /admin/login: sets the session cookie. A 401 here means wrong credentials, not an expired session. */
export async function loginWithEmailAndPassword(body: LoginBody): Promise<SessionResponse> {
  const [{ sessionResponse }, answer] = await Promise.all([
    loadContract(),
    api.post('/admin/login', body, { redirectOnUnauthorized: false }),
  ]);
  return sessionResponse.parse(answer);
}

export function useLogin({ onSuccess }: { onSuccess?: (session: SessionResponse) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginWithEmailAndPassword,
    onSuccess: (session) => {
      // Anything cached belongs to whoever was signed in before.
      clearSessionData(queryClient);
      queryClient.setQueryData(sessionQueryKey, session);
      setSessionHint(true);
      onSuccess?.(session);
    },
  });
}
