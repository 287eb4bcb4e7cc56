import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountProfileResponse, type AccountProfile } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /account/profile: the signed-in admin's own account (name, e-mail, phone, two-factor). */
async function getProfile({ signal }: { signal?: AbortSignal } = {}): Promise<AccountProfile> {
  const { data } = await api.get('/account/profile', { signal, schema: accountProfileResponse });
  return data;
}

function profileQueryOptions() {
  return queryOptions({ queryKey: queryKeys.account.profile, queryFn: ({ signal }) => getProfile({ signal }) });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
