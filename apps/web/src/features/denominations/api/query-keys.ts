/** The vault's denominations (Denoms List). Redemption status changes refresh it too (features/redemptions/api/query-keys.ts). */
export const denominationsQueryKey = ['denominations'] as const;
/** The redemption limit records (/redemption-limit). */
export const redemptionLimitsQueryKey = ['redemption-limits'] as const;
