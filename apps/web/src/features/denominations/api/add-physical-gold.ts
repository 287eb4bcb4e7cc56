import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addPhysicalGoldResponse, type AddPhysicalGoldBody, type AddPhysicalGoldResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /admin/physicalgold/add: pieces into the vault. A new denom is created with them
 * ('Denom added'); an existing one gets them added to its stock ('Amount added').
 */
function addPhysicalGold(body: AddPhysicalGoldBody): Promise<AddPhysicalGoldResponse> {
  return api.post('/admin/physicalgold/add', body, { schema: addPhysicalGoldResponse });
}

export function useAddPhysicalGold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPhysicalGold,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.denominations.all }),
  });
}
