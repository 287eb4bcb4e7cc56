import { redemptionListResponse, type RedemptionListItem, type RedemptionListQuery } from '@gold/contract';
import { listCall } from '@/lib/list-call';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/list/redeems: redemptions, sorted and filtered by status on the server. */
export const redemptionsList = listCall<RedemptionListQuery, RedemptionListItem>({
  path: '/admin/list/redeems',
  key: queryKeys.redemptions.list,
  response: redemptionListResponse,
});
