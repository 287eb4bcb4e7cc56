import { queryOptions, useQuery } from '@tanstack/react-query';
import { countResponse, type CountResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/count/redeems: how many redemptions there are, in every status. */
function getRedemptionCount({ signal }: { signal?: AbortSignal } = {}): Promise<CountResponse> {
  return api.get('/admin/count/redeems', { schema: countResponse, signal });
}

function redemptionCountQueryOptions() {
  return queryOptions({ queryKey: queryKeys.redemptions.count, queryFn: ({ signal }) => getRedemptionCount({ signal }) });
}

export function useRedemptionCount() {
  return useQuery(redemptionCountQueryOptions());
}
