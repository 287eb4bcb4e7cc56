import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addPhysicalGoldResponse, type AddPhysicalGoldBody, type AddPhysicalGoldResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /admin/physicalgold/add: pieces for the vault. A new denom is created ('Denom added'); the
 * pieces come as a receipt a second admin confirms ('Awaiting confirmation' for an existing denom).
 */
function addPhysicalGold(body: AddPhysicalGoldBody): Promise<AddPhysicalGoldResponse> {
  return api.post('/admin/physicalgold/add', body, { schema: addPhysicalGoldResponse });
}

export function useAddPhysicalGold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPhysicalGold,
    // The receipt it proposes waits in the confirmations (and the menu's count).
    onSettled: () =>
      Promise.all(
        [queryKeys.denominations.all, queryKeys.confirmations.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
