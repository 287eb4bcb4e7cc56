import Chip, { type ChipProps } from '@mui/material/Chip';
import type { EkycStatus } from '@gold/contract';

/** Spec section 4: VERIFIED, PENDING, anything else is Unverified. */
export function kycStatusLabel(status: EkycStatus | string): string {
  return status === 'VERIFIED' || status === 'PENDING' ? status : 'Unverified';
}

const colors: Record<string, ChipProps['color']> = { VERIFIED: 'success', PENDING: 'warning' };

export function KycStatusChip({ status }: { status: EkycStatus | string }) {
  return (
    <Chip
      size="small"
      label={kycStatusLabel(status)}
      color={colors[status] ?? 'default'}
      variant={colors[status] ? 'filled' : 'outlined'}
    />
  );
}
