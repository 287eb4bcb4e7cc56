import { queryOptions, useQuery } from '@tanstack/react-query';
import { countResponse, type CountResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/count/users: how many customers are registered. */
function getCustomerCount({ signal }: { signal?: AbortSignal } = {}): Promise<CountResponse> {
  return api.get('/admin/count/users', { schema: countResponse, signal });
}

function customerCountQueryOptions() {
  return queryOptions({ queryKey: queryKeys.customers.count, queryFn: ({ signal }) => getCustomerCount({ signal }) });
}

export function useCustomerCount() {
  return useQuery(customerCountQueryOptions());
}
