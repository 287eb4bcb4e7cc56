import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminDetailResponse, type AdminDetail, type EditAdminBody } from '@gold/contract';
import { api } from '@/lib/api-client';
import { refreshAfterAdminChange } from './refresh-after-change';

/** POST /admin/edit/{id}: body {status, password, confirmPassword}; an empty password keeps the current one. */
async function editAdmin({ id, body }: { id: number; body: EditAdminBody }): Promise<AdminDetail> {
  const { data } = await api.post(`/admin/edit/${id}`, body, { schema: adminDetailResponse });
  return data[0]!;
}

export function useEditAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editAdmin,
    // Not awaited: the outcome dialog shows at once, the lists refresh behind it.
    onSuccess: (admin) => void refreshAfterAdminChange(queryClient, admin),
  });
}
