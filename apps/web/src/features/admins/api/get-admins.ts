import { adminListResponse, type AdminListItem, type AdminListQuery } from '@gold/contract';
import { listCall } from '@/lib/list-call';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/list/admins: admins (deleted ones never listed), searched and sorted on the server. */
export const adminsList = listCall<AdminListQuery, AdminListItem>({
  path: '/admin/list/admins',
  key: queryKeys.admins.list,
  response: adminListResponse,
});
