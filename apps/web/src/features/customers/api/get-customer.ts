import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerDetail, type CustomerDetail } from '@gold/contract';
import { api } from '@/lib/api-client';

/** GET /admin/users/{id}: one customer with every field of the detail page (404 for an unknown id). */
function getCustomer(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<CustomerDetail> {
  return api.get(`/admin/users/${id}`, { schema: customerDetail, signal });
}

const customerQueryKey = (id: number) => ['users', 'detail', id] as const;

export function customerQueryOptions(id: number) {
  return queryOptions({ queryKey: customerQueryKey(id), queryFn: ({ signal }) => getCustomer(id, { signal }) });
}

export function useCustomer(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...customerQueryOptions(id), enabled });
}
