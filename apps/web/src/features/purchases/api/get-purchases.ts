import { purchaseListResponse, type PurchaseListQuery, type PurchaseRow } from '@gold/contract';
import { listCall } from '@/lib/list-call';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/list/order: purchases, newest first by default, searched by buyer on the server. */
export const purchasesList = listCall<PurchaseListQuery, PurchaseRow>({
  path: '/admin/list/order',
  key: queryKeys.purchases.list,
  response: purchaseListResponse,
});
