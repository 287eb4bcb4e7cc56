import { queryOptions, useQuery } from '@tanstack/react-query';
import { countResponse, type CountResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/count/admins: 'Registered Admin' (admins not deleted). */
function getAdminCount({ signal }: { signal?: AbortSignal } = {}): Promise<CountResponse> {
  return api.get('/admin/count/admins', { schema: countResponse, signal });
}

function adminCountQueryOptions() {
  return queryOptions({ queryKey: queryKeys.admins.count, queryFn: ({ signal }) => getAdminCount({ signal }) });
}

export function useAdminCount() {
  return useQuery(adminCountQueryOptions());
}
