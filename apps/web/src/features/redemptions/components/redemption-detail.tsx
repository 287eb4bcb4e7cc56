import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import type { RedemptionDetail as Redemption } from '@gold/contract';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { useProductSymbol } from '@/lib/app-config';
import { formatDate, formatDateTime, formatTimeSlot, formatTokenAmount, orDash } from '@/lib/format';
import { useRedemption } from '../api/get-redemption';
import { FieldList, type Field } from '@/components/ui/field-list';
import { RedemptionHistoryTable } from './redemption-history-table';
import { RedemptionPieces } from './redemption-pieces';
import { RedemptionStatusChip } from './redemption-status-chip';
import { RedemptionStatusForm } from './redemption-status-form';
import { ReviewSection } from './review-section';

function detailFields(redemption: Redemption, product: string): Field[] {
  const { user } = redemption;
  const fields: Field[] = [
    { label: 'Redemption ID', value: String(redemption.id) },
    {
      label: 'Fullname',
      value: (
        <Link component={RouterLink} to={paths.app.user.getHref(user.id)}>
          {user.fullName.trim() || 'N/A'}
        </Link>
      ),
    },
    { label: 'Email', value: user.email },
    { label: 'Phone Number', value: orDash(user.phoneNumber) },
    { label: 'NIK', value: orDash(user.nik) },
    { label: 'Request Date', value: formatDateTime(redemption.createdAt) },
    { label: 'Collection Date', value: formatDate(redemption.appointmentDate) },
    { label: 'Time Slot', value: formatTimeSlot(redemption.timeSlot) },
    { label: 'Redeem Amount', value: `${formatTokenAmount(redemption.total)} ${product}` },
    { label: 'Total Redemption Fee', value: `${formatTokenAmount(redemption.totalFee)} ${product}` },
    { label: 'Denomination', value: <RedemptionPieces pieces={redemption.physicalGoldRedeems} /> },
    { label: 'Status', value: <RedemptionStatusChip status={redemption.status} /> },
  ];
  if (redemption.status === 'REJECTED') fields.push({ label: 'Reject Reason', value: redemption.details ?? 'N/A' });
  fields.push({ label: 'Last Updated', value: formatDateTime(redemption.updatedAt) });
  return fields;
}

/** /redemption-list/detail?id=: the redemption read-only, the status changes the server allows now, and its history. */
export function RedemptionDetail({ id }: { id: number }) {
  const product = useProductSymbol();
  const redemption = useRedemption(id);
  const data = redemption.data;
  return (
    <Stack spacing={3}>
      <ReviewSection id="redemption-data" title={`Redemption ${id}`}>
        <QueryState query={redemption}>{(loaded) => <FieldList fields={detailFields(loaded, product)} />}</QueryState>
      </ReviewSection>
      {data ? <RedemptionStatusForm key={`${data.id}-${data.status}`} redemption={data} /> : null}
      {data ? <RedemptionHistoryTable id={id} /> : null}
      <Stack direction="row" spacing={2}>
        <Button component={RouterLink} to={paths.app.redemptionReview.getHref(id)} variant="outlined">
          Open the review page
        </Button>
        <Button component={RouterLink} to={paths.app.redemptions.getHref()}>
          Back to Redemption List
        </Button>
      </Stack>
    </Stack>
  );
}
