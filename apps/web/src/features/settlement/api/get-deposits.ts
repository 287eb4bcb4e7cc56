import { escrowDepositListResponse, type EscrowDeposit, type EscrowDepositListQuery } from '@gold/contract';
import { listCall } from '@/lib/list-call';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/settlement/deposits: deposits into the escrow, newest first; unmatched ones by default. */
export const depositsList = listCall<EscrowDepositListQuery, EscrowDeposit>({
  path: '/admin/settlement/deposits',
  key: queryKeys.settlement.deposits,
  response: escrowDepositListResponse,
});
