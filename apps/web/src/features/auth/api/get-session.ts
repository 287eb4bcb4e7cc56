import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { applyLanguage, i18n } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { loadContract } from '../lib/load-contract';

/** GET /account/session: the admin holding the session cookie; 401 when signed out. */
async function getSession({ signal }: { signal?: AbortSignal } = {}): Promise<SessionResponse> {
  // Signed-out is an answer here, not an error to redirect on: callers decide (the route guard, sign-in).
  // The schema downloads while the request is in flight.
  const [{ sessionResponse }, body] = await Promise.all([
    loadContract(),
    api.get('/account/session', { signal, redirectOnUnauthorized: false }),
  ]);
  const session = sessionResponse.parse(body);
  // The language this admin chose (perhaps in another browser) applies as the session loads.
  if (session.admin.language !== i18n.language) await applyLanguage(session.admin.language).catch(() => undefined);
  return session;
}

/** How long the route guard trusts the session answer before asking the server again on a navigation. */
const sessionStaleMs = 30_000;

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.auth.session,
    queryFn: ({ signal }) => getSession({ signal }),
    // The route guard asks again on navigation once this is stale; every other call's 401 signs out.
    staleTime: sessionStaleMs,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/**
 * Whether a navigation must pass the route guard again: no session answer yet, a failed or
 * invalidated one, or one older than the guard trusts. Within that time the guard would only read
 * the cached answer; skipping it spares the whole console a render for a loading state.
 */
export function sessionNeedsChecking(queryClient: QueryClient): boolean {
  const state = queryClient.getQueryState(queryKeys.auth.session);
  return !state || state.status !== 'success' || state.isInvalidated || Date.now() - state.dataUpdatedAt >= sessionStaleMs;
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}
