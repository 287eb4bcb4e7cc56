import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resetTwoFactorResponse, type AdminDetail } from '@gold/contract';
import { api } from '@/lib/api-client';
import { refreshAfterAdminChange } from './refresh-after-change';

/** POST /admin/two-factor/reset/{id}: removes that admin's authenticator and recovery codes (audited). */
async function resetTwoFactor(id: number): Promise<AdminDetail> {
  const { data } = await api.post(`/admin/two-factor/reset/${id}`, undefined, { schema: resetTwoFactorResponse });
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
