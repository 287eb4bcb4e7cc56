import Chip from '@mui/material/Chip';
import type { RedemptionStatus } from '@gold/contract';
import { statusColor } from '../lib/redemption-status';

/** A redemption's status as a chip coloured as the spec says (section 4). */
export function RedemptionStatusChip({ status }: { status: RedemptionStatus }) {
  return <Chip size="small" label={status} color={statusColor(status)} />;
}
