import { queryOptions, useQuery } from '@tanstack/react-query';
import { countResponse, type CountResponse } from '@gold/contract';
import { api } from '@/lib/api-client';

/** GET /admin/count/users: how many customers are registered. */
function getUserCount({ signal }: { signal?: AbortSignal } = {}): Promise<CountResponse> {
  return api.get('/admin/count/users', { schema: countResponse, signal });
}

const userCountQueryKey = ['users', 'count'] as const;

function userCountQueryOptions() {
  return queryOptions({ queryKey: userCountQueryKey, queryFn: ({ signal }) => getUserCount({ signal }) });
}

export function useUserCount() {
  return useQuery(userCountQueryOptions());
}
