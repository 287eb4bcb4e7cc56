import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changePasswordResponse, type ChangePasswordBody, type ChangePasswordResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /account/password: a new password, only with the current one (a wrong one is a 400 naming
 * body.currentPassword, throttled like sign-in). The admin's other sessions end.
 */
function changePassword(body: ChangePasswordBody): Promise<ChangePasswordResponse> {
  return api.post('/account/password', body, { schema: changePasswordResponse });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // 'Password changed' on the profile.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.profile }),
  });
}
