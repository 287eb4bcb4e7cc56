import { reserveHistoryQuery, reserveHistoryResponse, type ReserveHistoryQuery, type ReserveSnapshot } from '@gold/contract';
import { listCall, useListCall } from '@/lib/list-call';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/reserves/history: snapshots written when the supply or the vault changed, newest first, paged on the server. */
export const reserveHistoryList = listCall<ReserveHistoryQuery, ReserveSnapshot>({
  path: '/admin/reserves/history',
  key: queryKeys.reserves.history,
  response: reserveHistoryResponse,
  staleTime: 0,
});

/** Points the chart draws: the newest snapshots (one page of the largest size). */
const CHART_SNAPSHOTS = 100;

const chartQuery = reserveHistoryQuery.parse({ limit: CHART_SNAPSHOTS, page: 0 });

/** The newest snapshots for the chart of supply against vault grams. */
export function useReserveChartSnapshots() {
  return useListCall(reserveHistoryList, chartQuery);
}
