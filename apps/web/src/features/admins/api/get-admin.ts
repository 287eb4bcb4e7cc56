import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminDetailResponse, type AdminDetail } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/detail/{id}: the spec reads `data[0]`. */
async function getAdmin(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<AdminDetail> {
  const { data } = await api.get(`/admin/detail/${id}`, { schema: adminDetailResponse, signal });
  const [admin] = data;
  if (!admin) throw new Error(`Admin ${id} was not in the answer`);
  return admin;
}

function adminQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.admins.detail(id), queryFn: ({ signal }) => getAdmin(id, { signal }) });
}

export function useAdmin(id: number) {
  return useQuery(adminQueryOptions(id));
}
