import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { ConfirmationKind, ConfirmationStatus } from '@gold/contract';

/** Each kind and status as operators read them (English keys, translated where drawn). */
export const confirmationKindLabels: Record<ConfirmationKind, string> = {
  receipt: 'Stock receipt',
  write_off: 'Write-off',
  transfer: 'Transfer',
  count_adjustment: 'Count adjustment',
  hand_over: 'Hand-over',
};

export const confirmationStatusLabels: Record<ConfirmationStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

const colors = { pending: 'warning', confirmed: 'success', declined: 'error', withdrawn: 'default' } as const;

export function ConfirmationStatusChip({ status }: { status: ConfirmationStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(confirmationStatusLabels[status])}
      color={colors[status]}
      variant={status === 'pending' ? 'filled' : 'outlined'}
    />
  );
}

export function KindText({ kind }: { kind: ConfirmationKind }) {
  const { t } = useTranslation();
  return t(confirmationKindLabels[kind]);
}
