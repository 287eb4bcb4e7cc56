import { useTranslation } from 'react-i18next';
import type { RedemptionDetail } from '@gold/contract';
import { useProductSymbol } from '@/lib/app-config';
import { formatDate, formatTimeSlot, formatTokenAmount } from '@/lib/format';
import { FieldList, type Field } from '@/components/ui/field-list';
import { RedemptionPieces } from './redemption-pieces';
import { RedemptionStatusChip } from './redemption-status-chip';

/** The review page's fields (spec: Redemption review), in its order; Reject Reason only when REJECTED. */
export function RedemptionSummary({ redemption }: { redemption: RedemptionDetail }) {
  const { t } = useTranslation();
  const product = useProductSymbol();
  const fields: Field[] = [
    { label: t('Full Name'), value: redemption.user.fullName.trim() || t('N/A') },
    { label: t('Redeem Amount'), value: `${formatTokenAmount(redemption.total)} ${product}` },
    { label: t('Total Redemption Fee'), value: `${formatTokenAmount(redemption.totalFee)} ${product}` },
    { label: t('Redeem Status'), value: <RedemptionStatusChip status={redemption.status} /> },
    { label: t('Collection Time'), value: formatDate(redemption.appointmentDate) },
    { label: t('Time Slot'), value: formatTimeSlot(redemption.timeSlot) },
    { label: t('Denomination'), value: <RedemptionPieces pieces={redemption.physicalGoldRedeems} /> },
    { label: t('Collection Location'), value: `${redemption.location.code} — ${redemption.location.name}` },
    { label: t('eKYC Status'), value: t(redemption.user.ekycStatus) },
  ];
  if (redemption.status === 'REJECTED') fields.push({ label: t('Reject Reason'), value: redemption.details ?? t('N/A') });
  return <FieldList fields={fields} />;
}
