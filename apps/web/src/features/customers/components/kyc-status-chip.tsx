import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { EkycStatus } from '@gold/contract';

/** Spec section 4: VERIFIED, PENDING, anything else is Unverified (English keys, translated where drawn). */
function kycStatusLabel(status: EkycStatus | string): string {
  return status === 'VERIFIED' || status === 'PENDING' ? status : 'Unverified';
}

const colors: Record<string, ChipProps['color']> = { VERIFIED: 'success', PENDING: 'warning' };

export function KycStatusChip({ status }: { status: EkycStatus | string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(kycStatusLabel(status))}
      color={colors[status] ?? 'default'}
      variant={colors[status] ? 'filled' : 'outlined'}
    />
  );
}
