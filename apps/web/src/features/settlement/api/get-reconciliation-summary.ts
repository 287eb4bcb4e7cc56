import { useQuery } from '@tanstack/react-query';
import { reconciliationSummary } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/settlement/reconciliation/summary: how many differences and items in flight, per kind. */
export function useReconciliationSummary() {
  return useQuery({
    queryKey: queryKeys.settlement.summary,
    queryFn: ({ signal }) => api.get('/admin/settlement/reconciliation/summary', { schema: reconciliationSummary, signal }),
  });
}
