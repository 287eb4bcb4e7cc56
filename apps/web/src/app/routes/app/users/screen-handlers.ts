import { userListQuery } from '@gold/contract';
import type { Handlers } from '@/testing/http';
import { countAnswer, listServer } from '@/testing/list-server';

/** What the customer screens call, answered with no records (the route table's tests open every screen). */
export const userScreenHandlers: Handlers = {
  'GET /admin/list/users': listServer(userListQuery, []),
  'GET /admin/count/users': countAnswer(0),
};
