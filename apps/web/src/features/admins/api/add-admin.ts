import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminDetailResponse, type AddAdminBody, type AdminDetail } from '@gold/contract';
import { api } from '@/lib/api-client';
import { refreshAfterAdminChange } from './refresh-after-change';

/** POST /admin/add: body {fullname, email, phoneNumber, password, confirmPassword, status}; 201 with the new admin as data[0]. */
async function addAdmin(body: AddAdminBody): Promise<AdminDetail> {
  const { data } = await api.post('/admin/add', body, { schema: adminDetailResponse });
  return data[0]!;
}

export function useAddAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAdmin,
    // Not awaited: the outcome dialog shows at once, the lists refresh behind it.
    onSuccess: (admin) => void refreshAfterAdminChange(queryClient, admin),
  });
}
