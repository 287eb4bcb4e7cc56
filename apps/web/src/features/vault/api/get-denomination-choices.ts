import { denominationListQuery, denominationListResponse, type Denomination, type DenominationListQuery } from '@gold/contract';
import { listCall, useListCall } from '@/lib/list-call';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/denoms, every denomination: the grams a piece may have (the Denoms List caches the same answer). */
const denominationsCall = listCall<DenominationListQuery, Denomination>({
  path: '/admin/denoms',
  key: queryKeys.denominations.list,
  response: denominationListResponse,
});

const every = denominationListQuery.parse({});

export function useDenominationChoices() {
  return useListCall(denominationsCall, every);
}
