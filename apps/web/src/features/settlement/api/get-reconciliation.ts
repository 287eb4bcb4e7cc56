import { reconciliationListResponse, type ReconciliationItem, type ReconciliationListQuery } from '@gold/contract';
import { listCall } from '@/lib/list-call';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/settlement/reconciliation: the differences, oldest first, in flight or not, by kind. */
export const reconciliationList = listCall<ReconciliationListQuery, ReconciliationItem>({
  path: '/admin/settlement/reconciliation',
  key: queryKeys.settlement.reconciliation,
  response: reconciliationListResponse,
});
