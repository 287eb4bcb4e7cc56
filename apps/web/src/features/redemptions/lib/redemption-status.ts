/** Spec section 4: REQUESTED and PREPARATION warning, REDEEMED and ON_WEB2 success, any other error. */
export function statusColor(status: string): 'warning' | 'success' | 'error' {
  if (status === 'REQUESTED' || status === 'PREPARATION') return 'warning';
  if (status === 'REDEEMED' || status === 'ON_WEB2') return 'success';
  return 'error';
}
