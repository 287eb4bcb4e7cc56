import { redemptionListResponse, type RedemptionListItem, type RedemptionListQuery } from '@gold/contract';
import { listCall } from '@/lib/list-call';
import { redemptionListQueryKey } from './query-keys';

/** GET /admin/list/redeems: redemptions, sorted and filtered by status on the server. */
export const redemptionsList = listCall<RedemptionListQuery, RedemptionListItem>({
  path: '/admin/list/redeems',
  key: redemptionListQueryKey,
  response: redemptionListResponse,
});
