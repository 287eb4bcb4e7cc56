import { denominationListQuery, denominationListResponse, type Denomination, type DenominationListQuery } from '@gold/contract';
import { listCall, useListCall } from '@/lib/list-call';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/denoms: denominations, largest first, with stock, redeemed, reserved and available pieces (counted by the server). */
export const denominationsList = listCall<DenominationListQuery, Denomination>({
  path: '/admin/denoms',
  key: queryKeys.denominations.list,
  response: denominationListResponse,
  // Stock moves with every approval at the counter: ask again whenever the page opens.
  staleTime: 0,
});

const everyDenomination = denominationListQuery.parse({});

/** Every denomination (they are few): the 'Recorded Denoms' count, and the denoms a new one must not repeat. */
export function useDenominations() {
  return useListCall(denominationsList, everyDenomination);
}
