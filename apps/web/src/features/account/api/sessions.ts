import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountSessionsResponse, endOtherSessionsResponse, type AccountSession, type EndOtherSessionsResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /account/sessions: the signed-in admin's live sessions (device, address, last use), the current one marked. */
async function getSessions({ signal }: { signal?: AbortSignal } = {}): Promise<AccountSession[]> {
  const { data } = await api.get('/account/sessions', { signal, schema: accountSessionsResponse });
  return data;
}

export function useSessions() {
  return useQuery(queryOptions({ queryKey: queryKeys.account.sessions, queryFn: ({ signal }) => getSessions({ signal }) }));
}

/** POST /account/sessions/end-others: every session of the admin but this one ends (audited). */
function endOtherSessions(): Promise<EndOtherSessionsResponse> {
  return api.post('/account/sessions/end-others', undefined, { schema: endOtherSessionsResponse });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions }),
  });
}
