import { confirmationListResponse, type Confirmation, type ConfirmationListQuery } from '@gold/contract';
import { listCall } from '@/lib/list-call';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/confirmations: pending first, newest first; by status and kind. */
export const confirmationsList = listCall<ConfirmationListQuery, Confirmation>({
  path: '/admin/confirmations',
  key: queryKeys.confirmations.list,
  response: confirmationListResponse,
});
