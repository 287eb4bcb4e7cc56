import { queryOptions, useQuery } from '@tanstack/react-query';
import { userListQuery, userListResponse, type UserListResponse } from '@gold/contract';
import { PREVIEW_ROWS } from '@/config/constants';
import { api } from '@/lib/api-client';

/** The newest customers: GET /admin/list/users?limit=5&page=0 (the User List's first page, newest first). */
export const latestUsersQuery = userListQuery.parse({ limit: PREVIEW_ROWS, page: 0 });

export function getLatestUsers({ signal }: { signal?: AbortSignal } = {}): Promise<UserListResponse> {
  return api.get('/admin/list/users', { query: latestUsersQuery, schema: userListResponse, signal });
}

/** Under the User List's key (features/users/api/get-users.ts) for the same query: one cache entry, one refresh. */
export const latestUsersQueryKey = ['users', 'list', latestUsersQuery] as const;

export function latestUsersQueryOptions() {
  return queryOptions({ queryKey: latestUsersQueryKey, queryFn: ({ signal }) => getLatestUsers({ signal }) });
}

export function useLatestUsers() {
  return useQuery(latestUsersQueryOptions());
}
