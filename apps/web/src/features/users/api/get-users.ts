import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userListResponse, type UserListQuery, type UserListResponse } from '@gold/contract';
import { api } from '@/lib/api-client';

/** GET /admin/list/users: one page of customers, searched (name or e-mail) and sorted on the server. */
export function getUsers(query: UserListQuery, { signal }: { signal?: AbortSignal } = {}): Promise<UserListResponse> {
  return api.get('/admin/list/users', { query, schema: userListResponse, signal });
}

/** Every user list page's key starts with this: invalidate it after a change to a customer. */
export const usersQueryKey = ['users', 'list'] as const;

export function usersQueryOptions(query: UserListQuery) {
  return queryOptions({
    queryKey: [...usersQueryKey, query],
    queryFn: ({ signal }) => getUsers(query, { signal }),
    // The rows of the page shown stay while the next page loads.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(query: UserListQuery) {
  return useQuery(usersQueryOptions(query));
}
