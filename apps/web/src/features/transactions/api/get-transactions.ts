import { transactionListResponse, type Transaction, type TransactionListQuery } from '@gold/contract';
import { listCall } from '@/lib/list-call';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/list/transactions: newest first by default, searched by hash or address and filtered by type on the server. */
export const transactionsList = listCall<TransactionListQuery, Transaction>({
  path: '/admin/list/transactions',
  key: queryKeys.transactions.list,
  response: transactionListResponse,
});
