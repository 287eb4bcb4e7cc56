import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import type { AdminStatus } from '@gold/contract';

/** The spec's labels: Activated is Active, Not Activated is Not Active. */
export const adminStatusLabels: Record<AdminStatus, string> = { Activated: 'Active', 'Not Activated': 'Not Active' };

export function AdminStatusChip({ status }: { status: AdminStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={status === 'Activated' ? 'success' : 'error'} label={t(adminStatusLabels[status])} />;
}
