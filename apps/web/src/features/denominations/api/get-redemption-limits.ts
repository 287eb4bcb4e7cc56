import { queryOptions, useQuery } from '@tanstack/react-query';
import { redemptionLimitListResponse, type RedemptionLimitListResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/redemption/limit/list: every limit set, oldest first; the last one is current. */
function getRedemptionLimits({ signal }: { signal?: AbortSignal } = {}): Promise<RedemptionLimitListResponse> {
  return api.get('/admin/redemption/limit/list', { schema: redemptionLimitListResponse, signal });
}

function redemptionLimitsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.redemptionLimits.all, queryFn: ({ signal }) => getRedemptionLimits({ signal }) });
}

export function useRedemptionLimits() {
  return useQuery(redemptionLimitsQueryOptions());
}
