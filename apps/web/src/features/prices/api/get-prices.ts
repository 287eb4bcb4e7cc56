import { priceListResponse, type PriceListQuery, type StoredPrice } from '@gold/contract';
import { listCall } from '@/lib/list-call';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/list/prices: every stored price, newest first by default, paged and sorted on the server. */
export const pricesList = listCall<PriceListQuery, StoredPrice>({
  path: '/admin/list/prices',
  key: queryKeys.prices.list,
  response: priceListResponse,
});
