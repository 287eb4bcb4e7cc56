import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resetTwoFactorResponse, type AdminDetail, type Reauthentication } from '@gold/contract';
import { api } from '@/lib/api-client';
import { refreshAfterAdminChange } from './refresh-after-change';

/** POST /admin/two-factor/reset/{id}: removes that admin's authenticator and recovery codes (audited); confirmed with the caller's password. */
async function resetTwoFactor({ id, reauth }: { id: number; reauth: Reauthentication }): Promise<AdminDetail> {
  const { data } = await api.post(`/admin/two-factor/reset/${id}`, { reauth }, { schema: resetTwoFactorResponse });
  return data[0]!;
}

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    // Not awaited: the outcome dialog shows at once, the lists refresh behind it.
    onSuccess: (admin) => void refreshAfterAdminChange(queryClient, admin),
  });
}
