import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
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
import { describeIdentityCheck } from '../lib/identity-documents';
import { OtherLocationNotice, useServedElsewhere } from './other-location-notice';
import { PendingHandOverNotice } from './pending-hand-over-notice';
import { usePermission } from '@/lib/permissions';

function detailFields(redemption: Redemption, product: string, t: TFunction): Field[] {
  const { user } = redemption;
  const fields: Field[] = [
    { label: t('Redemption ID'), value: String(redemption.id) },
    {
      label: t('Fullname'),
      value: (
        <Link component={RouterLink} to={paths.app.customer.getHref(user.id)}>
          {user.fullName.trim() || t('N/A')}
        </Link>
      ),
    },
    { label: t('Email'), value: user.email },
    { label: t('Phone Number'), value: orDash(user.phoneNumber) },
    { label: t('NIK'), value: orDash(user.nik) },
    { label: t('Request Date'), value: formatDateTime(redemption.createdAt) },
    { label: t('Collection Date'), value: formatDate(redemption.appointmentDate) },
    { label: t('Time Slot'), value: formatTimeSlot(redemption.timeSlot) },
    { label: t('Redeem Amount'), value: `${formatTokenAmount(redemption.total)} ${product}` },
    { label: t('Total Redemption Fee'), value: `${formatTokenAmount(redemption.totalFee)} ${product}` },
    { label: t('Denomination'), value: <RedemptionPieces pieces={redemption.physicalGoldRedeems} /> },
    { label: t('Status'), value: <RedemptionStatusChip status={redemption.status} /> },
  ];
  if (redemption.status === 'REJECTED') fields.push({ label: t('Reject Reason'), value: redemption.details ?? t('N/A') });
  fields.push(
    { label: t('Collection Location'), value: `${redemption.location.code} — ${redemption.location.name}` },
    { label: t('eKYC Status'), value: t(redemption.user.ekycStatus) },
    {
      label: t('Identity Document'),
      value: redemption.identityCheck ? describeIdentityCheck(redemption.identityCheck) : t('Not checked yet'),
    },
    { label: t('Last Updated'), value: formatDateTime(redemption.updatedAt) },
  );
  return fields;
}

/** /redemption-list/detail?id=: the redemption read-only, the status changes the server allows now, and its history. */
export function RedemptionDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const product = useProductSymbol();
  const redemption = useRedemption(id);
  const data = redemption.data;
  // The status changes are the counter's, and only for a teller of the redemption's own location.
  const atCounter = usePermission('counter');
  const elsewhere = useServedElsewhere(data);
  return (
    <Stack spacing={3}>
      <ReviewSection id="redemption-data" title={`${t('Redemption')} ${id}`}>
        <QueryState query={redemption}>{(loaded) => <FieldList fields={detailFields(loaded, product, t)} />}</QueryState>
      </ReviewSection>
      {data?.pendingConfirmation ? <PendingHandOverNotice pending={data.pendingConfirmation} /> : null}
      {data && elsewhere ? <OtherLocationNotice redemption={data} /> : null}
      {data && atCounter && !elsewhere ? <RedemptionStatusForm key={`${data.id}-${data.status}`} redemption={data} /> : null}
      {data ? <RedemptionHistoryTable id={id} /> : null}
      <Stack direction="row" spacing={2}>
        {atCounter ? (
          <Button component={RouterLink} to={paths.app.redemptionReview.getHref(id)} variant="outlined">
            {t('Open the review page')}
          </Button>
        ) : null}
        <Button component={RouterLink} to={paths.app.redemptions.getHref()}>
          {t('Back to Redemption List')}
        </Button>
      </Stack>
    </Stack>
  );
}
