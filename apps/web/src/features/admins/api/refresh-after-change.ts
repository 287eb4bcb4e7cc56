import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { AdminDetail } from '@gold/contract';
import { queryKeys } from '@/lib/query-keys';

/**
 * After an add, edit, delete or two-factor reset: the admin as the server answered goes in the
 * cache (a deleted one too, so its page does not turn into a 404 behind 'Data Remove Successfuly'),
 * then every other admin query (lists, count) and the audit log are asked again.
 */
export async function refreshAfterAdminChange(queryClient: QueryClient, admin: AdminDetail) {
  const detailKey = queryKeys.admins.detail(admin.id);
  queryClient.setQueryData(detailKey, admin);
  const detailHash = hashKey(detailKey);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.admins.all, predicate: (query) => query.queryHash !== detailHash }),
    queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
  ]);
}
