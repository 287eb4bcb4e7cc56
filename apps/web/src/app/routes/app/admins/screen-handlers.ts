import type { Handlers } from '@/testing/http';

/** What the admin, contact and audit screens call, answered with no records (the route table's tests open every screen). */
export const adminScreenHandlers: Handlers = {};
