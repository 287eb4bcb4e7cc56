import { adminListQuery, adminListResponse, type AdminListItem, type AdminListQuery } from '@gold/contract';
import { listCall, useListCall } from '@/lib/list-call';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/list/admins without a limit, by name: the choices of the Audit Log's admin filter (admins are few). */
const adminChoicesList = listCall<AdminListQuery, AdminListItem>({
  path: '/admin/list/admins',
  key: queryKeys.audit.adminChoices,
  response: adminListResponse,
  staleTime: 60_000,
});

const byName = adminListQuery.parse({ sort: 'fullName', order: 'asc' });

export function useAdminChoices() {
  return useListCall(adminChoicesList, byName);
}
