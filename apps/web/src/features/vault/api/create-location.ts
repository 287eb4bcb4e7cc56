import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vaultLocation, type CreateVaultLocationBody, type VaultLocation } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /admin/vault/locations (201): a new, empty location. */
export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateVaultLocationBody): Promise<VaultLocation> =>
      api.post('/admin/vault/locations', body, { schema: vaultLocation }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.vault.all }),
  });
}
