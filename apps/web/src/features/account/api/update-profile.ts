import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountProfileResponse, type AccountProfile, type UpdateProfileBody } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /account/profile: the phone number (the server checks it and keeps it in E.164; null removes it). */
async function updateProfile(body: UpdateProfileBody): Promise<AccountProfile> {
  const { data } = await api.post('/account/profile', body, { schema: accountProfileResponse });
  return data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(queryKeys.account.profile, profile);
      // The session answer holds the phone number too (the top bar's admin).
      return queryClient.invalidateQueries({ queryKey: queryKeys.auth.session });
    },
  });
}
