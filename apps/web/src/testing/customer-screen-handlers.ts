import { customerListQuery } from '@gold/contract';
import { balancesServer } from './balances-server';
import { failWith, type Handlers } from './http';
import { countAnswer, listServer } from './list-server';

/**
 * What the customer screens call, answered with no records (the route table's tests open every
 * screen): the list and its count, the wallets' balances, and the detail of customer 5 (not found).
 */
export const customerScreenHandlers: Handlers = {
  'GET /admin/list/users': listServer(customerListQuery, []),
  'GET /admin/count/users': countAnswer(0),
  'GET /admin/balances': balancesServer(),
  'GET /admin/users/5': failWith(404, 'User 5 not found'),
};
