import { chainTransactionListResponse, type ChainTransaction, type ChainTransactionListQuery } from '@gold/contract';
import { listCall } from '@/lib/list-call';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/settlement/transactions: the signer's outbox, newest first, by state and kind. */
export const chainTransactionsList = listCall<ChainTransactionListQuery, ChainTransaction>({
  path: '/admin/settlement/transactions',
  key: queryKeys.settlement.transactions,
  response: chainTransactionListResponse,
});
