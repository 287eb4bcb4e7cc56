/** Every admin query starts with this: a change to an admin refreshes lists, count and details at once. */
export const adminsQueryKey = ['admins'] as const;
export const adminListQueryKey = [...adminsQueryKey, 'list'] as const;
export const adminCountQueryKey = [...adminsQueryKey, 'count'] as const;
export const adminDetailQueryKey = (id: number) => [...adminsQueryKey, 'detail', id] as const;
/** The Audit Log records every admin change: refreshed with them. */
export const auditQueryKey = ['audit'] as const;
