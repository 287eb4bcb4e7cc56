import { useQuery } from '@tanstack/react-query';
import { vaultLocationListResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/vault/locations: where a Teller can work (the vault feature's list, under the same key). */
export function useVaultLocations({ enabled }: { enabled: boolean }) {
  return useQuery({
    // Asked only once a Teller is chosen: other roles have no location.
    enabled,
    queryKey: queryKeys.vault.locations,
    queryFn: ({ signal }) => api.get('/admin/vault/locations', { schema: vaultLocationListResponse, signal }),
  });
}
