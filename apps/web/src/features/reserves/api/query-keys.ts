/** Every reserves query starts with this: live updates (lib/live-updates.ts) refresh them with one invalidation. */
const reservesQueryKey = ['reserves'] as const;
export const currentReservesQueryKey = [...reservesQueryKey, 'current'] as const;
export const reserveHistoryQueryKey = [...reservesQueryKey, 'history'] as const;
