import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Confirmation } from '@gold/contract';
import { queryKeys } from '@/lib/query-keys';

/**
 * A decision on a confirmation. After it, the confirmations and all a confirmed movement changes are
 * read again: the ledger, the stock by denomination, the reserves and the redemptions (after a
 * refusal too: the page then shows what the server has, e.g. another checker was first).
 */
export function useDecision<Input>(send: (input: Input) => Promise<Confirmation>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all(
        [
          queryKeys.confirmations.all,
          queryKeys.vault.all,
          queryKeys.denominations.all,
          queryKeys.reserves.all,
          queryKeys.redemptions.all,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
