import type { QueryClient } from '@tanstack/react-query';
import type { AdminDetail } from '@gold/contract';
import { adminDetailQueryKey, adminsQueryKey, auditQueryKey } from './query-keys';

/**
 * After an add, edit, delete or two-factor reset: the admin as the server answered goes in the
 * cache (a deleted one too, so its page does not turn into a 404 behind 'Data Remove Successfuly'),
 * then every other admin query (lists, count) and the audit log are asked again.
 */
export async function refreshAfterAdminChange(queryClient: QueryClient, admin: AdminDetail) {
  queryClient.setQueryData(adminDetailQueryKey(admin.id), admin);
  await Promise.all([
    queryClient.invalidateQueries({
      queryKey: adminsQueryKey,
      predicate: (query) => !(query.queryKey[1] === 'detail' && query.queryKey[2] === admin.id),
    }),
    queryClient.invalidateQueries({ queryKey: auditQueryKey }),
  ]);
}
