import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setRedeemableResponse, type Denomination, type SetRedeemableBody } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /admin/physicalgold/setredeemable: whether customers may request this denomination. */
function setRedeemable(body: SetRedeemableBody): Promise<Denomination> {
  return api.post('/admin/physicalgold/setredeemable', body, { schema: setRedeemableResponse });
}

export function useSetRedeemable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRedeemable,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.denominations.all }),
  });
}
