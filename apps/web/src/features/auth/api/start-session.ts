import { useQueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@gold/contract';
import { applySignInLanguage } from '@/lib/i18n';
import { setSessionHint } from '@/lib/session-hint';
import { queryKeys } from '@/lib/query-keys';
import { clearSessionData } from '../lib/clear-session-data';

export type SessionStarted = (session: SessionResponse) => void;

/**
 * What every way of signing in does once the server has set the session cookie; the console
 * takes on the admin's language (or the one just picked on the sign-in page) before going on.
 */
export function useStartSession() {
  const queryClient = useQueryClient();
  return async (session: SessionResponse, then?: SessionStarted) => {
    // Anything cached belongs to whoever was signed in before.
    clearSessionData(queryClient);
    queryClient.setQueryData(queryKeys.auth.session, session);
    setSessionHint(true);
    await applySignInLanguage(session.admin.language);
    then?.(session);
  };
}
