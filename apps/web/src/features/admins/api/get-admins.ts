import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminListResponse, type AdminListQuery, type AdminListResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { adminListQueryKey } from './query-keys';

/** GET /admin/list/admins: one page of admins (deleted ones never listed), searched and sorted on the server. */
export function getAdmins(query: AdminListQuery, { signal }: { signal?: AbortSignal } = {}): Promise<AdminListResponse> {
  return api.get('/admin/list/admins', { query, schema: adminListResponse, signal });
}

export function adminsQueryOptions(query: AdminListQuery) {
  return queryOptions({
    queryKey: [...adminListQueryKey, query],
    queryFn: ({ signal }) => getAdmins(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdmins(query: AdminListQuery) {
  return useQuery(adminsQueryOptions(query));
}
