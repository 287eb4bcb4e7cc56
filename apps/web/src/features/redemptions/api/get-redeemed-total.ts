import { queryOptions, useQuery } from '@tanstack/react-query';
import { redeemedTotalResponse, type RedeemedTotalResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/total/gidrredeemed: {product} handed over (the totals of REDEEMED redemptions), exact decimal text. */
function getRedeemedTotal({ signal }: { signal?: AbortSignal } = {}): Promise<RedeemedTotalResponse> {
  return api.get('/admin/total/gidrredeemed', { schema: redeemedTotalResponse, signal });
}

function redeemedTotalQueryOptions() {
  return queryOptions({ queryKey: queryKeys.redemptions.redeemedTotal, queryFn: ({ signal }) => getRedeemedTotal({ signal }) });
}

export function useRedeemedTotal() {
  return useQuery(redeemedTotalQueryOptions());
}
