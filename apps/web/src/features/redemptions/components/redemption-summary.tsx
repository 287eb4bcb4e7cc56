import type { RedemptionDetail } from '@gold/contract';
import { useProductSymbol } from '@/lib/app-config';
import { formatDate, formatTimeSlot, formatTokenAmount } from '@/lib/format';
import { FieldList, type Field } from '@/components/ui/field-list';
import { RedemptionPieces } from './redemption-pieces';
import { RedemptionStatusChip } from './redemption-status-chip';

/** The review page's fields (spec: Redemption review), in its order; Reject Reason only when REJECTED. */
export function RedemptionSummary({ redemption }: { redemption: RedemptionDetail }) {
  const product = useProductSymbol();
  const fields: Field[] = [
    { label: 'Full Name', value: redemption.user.fullName.trim() || 'N/A' },
    { label: 'Redeem Amount', value: `${formatTokenAmount(redemption.total)} ${product}` },
    { label: 'Total Redemption Fee', value: `${formatTokenAmount(redemption.totalFee)} ${product}` },
    { label: 'Redeem Status', value: <RedemptionStatusChip status={redemption.status} /> },
    { label: 'Collection Time', value: formatDate(redemption.appointmentDate) },
    { label: 'Time Slot', value: formatTimeSlot(redemption.timeSlot) },
    { label: 'Denomination', value: <RedemptionPieces pieces={redemption.physicalGoldRedeems} /> },
  ];
  if (redemption.status === 'REJECTED') fields.push({ label: 'Reject Reason', value: redemption.details ?? 'N/A' });
  return <FieldList fields={fields} />;
}
