import type { Handlers } from '@/testing/http';

/** What the transaction and purchase screens call, answered with no records (the route table's tests open every screen). */
export const transactionScreenHandlers: Handlers = {};
