/**
 * The contract's schemas (zod), downloaded on first use rather than with the sign-in page: the
 * page shows without them, the form asks for them when the admin starts typing, and every
 * signed-in page needs them anyway. One chunk, shared with the rest of the console; zod's
 * settings first, as they must precede the schemas.
 */
export const loadContract = () => import('@/lib/zod-settings').then(() => import('@gold/contract'));
