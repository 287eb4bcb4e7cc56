import type { QueryClient } from '@tanstack/react-query';
import type { RedemptionDetail } from '@gold/contract';
import { queryKeys } from '@/lib/query-keys';

/**
 * What every status change (prepare, approve, reject, reset) does with the cache. Done: the
 * answer is the redemption as it is now (shown at once), then every redemption list, count,
 * total, detail and history is asked again, and the vault figures too (reserved and redeemed
 * pieces move with the status). Refused (a 409 because another admin acted first...): the
 * redemptions are asked again, so the page shows the status the server has.
 */
export function statusChangeCallbacks(queryClient: QueryClient) {
  return {
    onSuccess: async (redemption: RedemptionDetail) => {
      queryClient.setQueryData(queryKeys.redemptions.detail(redemption.id), redemption);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.redemptions.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.denominations.all }),
      ]);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.redemptions.all }),
  };
}
