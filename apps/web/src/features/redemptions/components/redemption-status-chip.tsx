import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { RedemptionStatus } from '@gold/contract';
import { statusColor } from '../lib/redemption-status';

/** A redemption's status as a chip coloured as the spec says (section 4), in the console's language. */
export function RedemptionStatusChip({ status }: { status: RedemptionStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" label={t(status)} color={statusColor(status)} />;
}
