import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteAdminResponse, type AdminDetail } from '@gold/contract';
import { api } from '@/lib/api-client';
import { refreshAfterAdminChange } from './refresh-after-change';

/** POST /admin/delete/{id}: deactivates and hides the admin (its history stays); yourself and the last active admin are refused. */
async function deleteAdmin(id: number): Promise<AdminDetail> {
  const { data } = await api.post(`/admin/delete/${id}`, undefined, { schema: deleteAdminResponse });
  return data[0]!;
}

export function useDeleteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdmin,
    // Not awaited: the outcome dialog shows at once, the lists refresh behind it.
    onSuccess: (admin) => void refreshAfterAdminChange(queryClient, admin),
  });
}
