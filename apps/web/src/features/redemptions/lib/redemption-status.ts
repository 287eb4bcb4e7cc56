import { openRedemptionStatuses } from '@gold/contract';

/** Spec section 4: the open statuses (REQUESTED and PREPARATION) warning, REDEEMED and ON_WEB2 success, any other error. */
export function statusColor(status: string): 'warning' | 'success' | 'error' {
  if ((openRedemptionStatuses as readonly string[]).includes(status)) return 'warning';
  if (status === 'REDEEMED' || status === 'ON_WEB2') return 'success';
  return 'error';
}
