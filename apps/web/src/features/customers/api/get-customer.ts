import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerDetail, type CustomerDetail } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/users/{id}: one customer with every field of the detail page (404 for an unknown id). */
function getCustomer(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<CustomerDetail> {
  return api.get(`/admin/users/${id}`, { schema: customerDetail, signal });
}

export function customerQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.customers.detail(id), queryFn: ({ signal }) => getCustomer(id, { signal }) });
}

export function useCustomer(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...customerQueryOptions(id), enabled });
}
