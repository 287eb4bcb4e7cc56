import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminListQuery, adminListResponse, type AdminListResponse } from '@gold/contract';
import { api } from '@/lib/api-client';

const byName = adminListQuery.parse({ sort: 'fullName', order: 'asc' });

/** GET /admin/list/admins without a limit, by name: the choices of the Audit Log's admin filter (admins are few). */
export function getAdminChoices({ signal }: { signal?: AbortSignal } = {}): Promise<AdminListResponse> {
  return api.get('/admin/list/admins', { query: byName, schema: adminListResponse, signal });
}

export function adminChoicesQueryOptions() {
  return queryOptions({ queryKey: ['audit', 'admin-choices'], queryFn: ({ signal }) => getAdminChoices({ signal }), staleTime: 60_000 });
}

export function useAdminChoices() {
  return useQuery(adminChoicesQueryOptions());
}
