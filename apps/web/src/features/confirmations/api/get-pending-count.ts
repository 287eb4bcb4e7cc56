import { useQuery } from '@tanstack/react-query';
import { confirmationListQuery } from '@gold/contract';
import { queryKeys } from '@/lib/query-keys';
import { confirmationsList } from './get-confirmations';

const onePending = confirmationListQuery.parse({ status: 'pending', limit: 1, page: 0 });

/** How many confirmations wait for a second admin (the menu's badge); live updates refresh it. */
export function usePendingCount() {
  return useQuery({
    queryKey: queryKeys.confirmations.pendingCount,
    queryFn: async ({ signal }) => (await confirmationsList.fetch(onePending, { signal })).total,
  });
}
