import { purchaseListQuery, transactionListQuery } from '@gold/contract';
import { failWith, jsonResponse, type Handlers } from './http';
import { countAnswer, listServer } from './list-server';

/** What the transaction and purchase screens call, answered with no records (the route table's tests open every screen). */
export const transactionScreenHandlers: Handlers = {
  'GET /admin/list/transactions': listServer(transactionListQuery, []),
  'GET /admin/count/transactions': countAnswer(0),
  'GET /admin/transaction/detail/9': failWith(404, 'Transaction 9 not found'),
  'GET /admin/list/order': listServer(purchaseListQuery, []),
  'GET /admin/count/order': () => jsonResponse(200, { data: [{ totalOrder: 0 }] }),
};
