import { customerListResponse, type CustomerListItem, type CustomerListQuery } from '@gold/contract';
import { listCall } from '@/lib/list-call';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/list/users: customers, searched (name or e-mail) and sorted on the server; the dashboard's preview is its first page. */
export const customersList = listCall<CustomerListQuery, CustomerListItem>({
  path: '/admin/list/users',
  key: queryKeys.customers.list,
  response: customerListResponse,
});
