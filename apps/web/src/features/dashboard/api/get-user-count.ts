import { queryOptions, useQuery } from '@tanstack/react-query';
import { countResponse, type CountResponse } from '@gold/contract';
import { api } from '@/lib/api-client';

/** GET /admin/count/users: how many customers are registered (the User List's call, under the same key). */
export function getUserCount({ signal }: { signal?: AbortSignal } = {}): Promise<CountResponse> {
  return api.get('/admin/count/users', { schema: countResponse, signal });
}

/** The key features/users uses for the same call, so both pages share one answer and one refresh. */
export const userCountQueryKey = ['users', 'count'] as const;

export function userCountQueryOptions() {
  return queryOptions({ queryKey: userCountQueryKey, queryFn: ({ signal }) => getUserCount({ signal }) });
}

export function useUserCount() {
  return useQuery(userCountQueryOptions());
}
