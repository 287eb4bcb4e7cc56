import { useQueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@gold/contract';
import { setSessionHint } from '@/lib/session-hint';
import { clearSessionData } from '../lib/clear-session-data';
import { sessionQueryKey } from './get-session';

export type SessionStarted = (session: SessionResponse) => void;

/** What every way of signing in does once the server has set the session cookie. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return (session: SessionResponse, then?: SessionStarted) => {
    // Anything cached belongs to whoever was signed in before.
    clearSessionData(queryClient);
    queryClient.setQueryData(sessionQueryKey, session);
    setSessionHint(true);
    then?.(session);
  };
}
