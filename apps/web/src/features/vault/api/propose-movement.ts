import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmationResponse, type Confirmation } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * A proposed stock movement (receipt, write-off, transfer, count): the server answers 202 with
 * the pending confirmation; nothing moves until a second admin confirms it. The pending list and
 * the menu's count change at once, the ledger only then.
 */
export function useProposeMovement<Body>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body): Promise<Confirmation> => api.post(path, body, { schema: confirmationResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.confirmations.all }),
  });
}
