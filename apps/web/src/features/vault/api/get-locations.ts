import { useQuery } from '@tanstack/react-query';
import { vaultLocationListResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/vault/locations: every location, by name (they are few: no paging). */
export function useVaultLocations() {
  return useQuery({
    queryKey: queryKeys.vault.locations,
    queryFn: ({ signal }) => api.get('/admin/vault/locations', { schema: vaultLocationListResponse, signal }),
  });
}
