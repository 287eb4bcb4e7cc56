import { orderListResponse, type OrderListQuery, type OrderRow } from '@gold/contract';
import { listCall } from '@/lib/list-call';

/** GET /admin/list/order: purchases, newest first by default, searched by buyer on the server. */
export const ordersList = listCall<OrderListQuery, OrderRow>({
  path: '/admin/list/order',
  key: ['orders', 'list'],
  response: orderListResponse,
});
