import type { Handlers } from '@/testing/http';

/** What the profile screen call, answered with no records (the route table's tests open every screen). */
export const accountScreenHandlers: Handlers = {};
