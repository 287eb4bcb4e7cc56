import { priceListResponse, type PriceListQuery, type StoredPrice } from '@gold/contract';
import { listCall } from '@/lib/list-call';

/** GET /admin/list/prices: every stored price, newest first by default, paged and sorted on the server. */
export const pricesList = listCall<PriceListQuery, StoredPrice>({
  path: '/admin/list/prices',
  key: ['price', 'list'],
  response: priceListResponse,
});
