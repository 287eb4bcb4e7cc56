import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createdCredentialResponse,
  credential,
  credentialListResponse,
  type CreateCredentialBody,
  type CreatedCredentialResponse,
  type Credential,
  type CredentialListResponse,
} from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/credentials: every integration credential, newest first, never a secret. */
function getCredentials({ signal }: { signal?: AbortSignal } = {}): Promise<CredentialListResponse> {
  return api.get('/admin/credentials', { schema: credentialListResponse, signal });
}

export function useCredentials() {
  return useQuery(queryOptions({ queryKey: queryKeys.platform.credentials, queryFn: ({ signal }) => getCredentials({ signal }) }));
}

/** POST /admin/credentials: the answer holds the secret, shown once. */
export function useCreateCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCredentialBody): Promise<CreatedCredentialResponse> =>
      api.post('/admin/credentials', body, { schema: createdCredentialResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.platform.credentials }),
  });
}

/** POST /admin/credentials/{id}/revoke: every later call with it is refused. */
export function useRevokeCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<Credential> => api.post(`/admin/credentials/${id}/revoke`, undefined, { schema: credential }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.platform.credentials }),
  });
}
