/**
 * Query keys of the redemption calls. Every key starts with `redemptionsQueryKey`, so a status
 * change refreshes every list, count, total and detail with one invalidation (the dashboard's
 * previews included, as they use these keys too).
 */
export const redemptionsQueryKey = ['redemptions'] as const;
export const redemptionListQueryKey = [...redemptionsQueryKey, 'list'] as const;
export const redemptionCountQueryKey = [...redemptionsQueryKey, 'count'] as const;
export const redeemedTotalQueryKey = [...redemptionsQueryKey, 'redeemed-total'] as const;
export const redemptionQueryKey = (id: number) => [...redemptionsQueryKey, 'detail', id] as const;
export const redemptionHistoryQueryKey = (id: number) => [...redemptionsQueryKey, 'history', id] as const;

/**
 * The Denoms List's key (features/denominations/api/get-denominations.ts, which this feature may
 * not import): a status change moves reserved or redeemed pieces, so the vault figures are
 * refreshed too. `app/routes/app/denominations/denomination-list.test.tsx` checks the two agree.
 */
export const vaultStockQueryKey = ['denominations'] as const;
