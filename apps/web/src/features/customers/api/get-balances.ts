import { queryOptions, useQuery } from '@tanstack/react-query';
import { balancesResponse, type BalancesResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /admin/balances?addresses=a,b,...: the {product} and POL balances of up to 100 wallets, read by
 * the server in one eth_call. `addresses` as `walletsToRead` gives them (valid, lower case, once each).
 */
function getBalances(addresses: readonly string[], { signal }: { signal?: AbortSignal } = {}): Promise<BalancesResponse> {
  return api.get('/admin/balances', { query: { addresses: addresses.join(',') }, schema: balancesResponse, signal });
}

/** How long a page's balances count as fresh: paging back and forth within it asks nothing. */
const BALANCES_STALE_MS = 15_000;

function balancesQueryOptions(addresses: readonly string[]) {
  return queryOptions({
    queryKey: queryKeys.customers.balances(addresses),
    queryFn: ({ signal }) => getBalances(addresses, { signal }),
    enabled: addresses.length > 0,
    staleTime: BALANCES_STALE_MS,
    // A node that is down already cost the server its own timeout: show the dash and the retry
    // control at once instead of asking twice more behind a spinner.
    retry: false,
  });
}

export function useBalances(addresses: readonly string[]) {
  return useQuery(balancesQueryOptions(addresses));
}
