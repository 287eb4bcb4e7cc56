import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerDetail, type CustomerDetail } from '@gold/contract';
import { api } from '@/lib/api-client';

/** GET /admin/users/{id}: one customer with every field of the detail page (404 for an unknown id). */
function getUser(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<CustomerDetail> {
  return api.get(`/admin/users/${id}`, { schema: customerDetail, signal });
}

const userQueryKey = (id: number) => ['users', 'detail', id] as const;

export function userQueryOptions(id: number) {
  return queryOptions({ queryKey: userQueryKey(id), queryFn: ({ signal }) => getUser(id, { signal }) });
}

export function useUser(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...userQueryOptions(id), enabled });
}
