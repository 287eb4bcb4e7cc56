import { useState } from 'react';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isOpenRedemption } from '@gold/contract';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { useRedemption } from '../api/get-redemption';
import { ApprovalSection } from './approval-section';
import { IdentityCheckSection } from './identity-check-section';
import { OtherLocationNotice, useServedElsewhere } from './other-location-notice';
import { OtpCheckSection } from './otp-check-section';
import { PendingHandOverNotice } from './pending-hand-over-notice';
import { RedemptionSummary } from './redemption-summary';
import { RejectionSection } from './rejection-section';
import { ResetSection } from './reset-section';

/**
 * /redeem?id=: one redemption at the counter. OTP check and rejection while it is REQUESTED or
 * PREPARATION; once the code was checked (here, or within the server's 10 minutes before a reload:
 * the entity's otpStatus says so) the identity document, then approval; reset when REJECTED or
 * ON_WEB2. A hand-over waiting for a second admin, or a redemption of another location's teller,
 * says so instead.
 */
export function RedemptionReview({ id }: { id: number }) {
  const { t } = useTranslation();
  const redemption = useRedemption(id);
  // The check done on this page; the server's own state covers a reload.
  const [checkedHere, setCheckedHere] = useState<number | null>(null);
  const data = redemption.data;
  const open = data ? isOpenRedemption(data.status) : false;
  const codeChecked = data ? data.otpStatus.verified || checkedHere === id : false;
  // A teller of another location may not act on it; a hand-over waiting for confirmation leaves nothing to do here.
  const elsewhere = useServedElsewhere(data);
  const pending = data?.pendingConfirmation ?? null;
  const atCounter = data !== undefined && !elsewhere && pending === null;

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" component="section" aria-labelledby="redemption-heading" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack spacing={2}>
          <Typography id="redemption-heading" variant="h2">
            {t('PHYSICAL GOLD REDEMPTION')}
          </Typography>
          <QueryState query={redemption}>{(loaded) => <RedemptionSummary redemption={loaded} />}</QueryState>
        </Stack>
      </Paper>
      {data && elsewhere ? <OtherLocationNotice redemption={data} /> : null}
      {pending ? <PendingHandOverNotice pending={pending} /> : null}
      {atCounter && open ? (
        <>
          <OtpCheckSection redemption={data} onChecked={() => setCheckedHere(id)} onSent={() => setCheckedHere(null)} />
          {codeChecked && data.status === 'PREPARATION' ? <IdentityCheckSection redemption={data} /> : null}
          {codeChecked ? <ApprovalSection redemption={data} onApproved={() => setCheckedHere(null)} /> : null}
          <RejectionSection redemption={data} />
        </>
      ) : null}
      {atCounter && (data.status === 'REJECTED' || data.status === 'ON_WEB2') ? <ResetSection redemption={data} /> : null}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button component={RouterLink} to={paths.app.dashboard.getHref()} variant="outlined">
          {t('Back to Home')}
        </Button>
        {data ? (
          <Link component={RouterLink} to={paths.app.redemptionDetail.getHref(id)}>
            {t('Details and history')}
          </Link>
        ) : null}
        {data?.status === 'REDEEMED' ? (
          <Button component={RouterLink} to={paths.app.redemptionReceipt.getHref(id)} variant="outlined" startIcon={<PrintOutlinedIcon />}>
            {t('Hand-over receipt')}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
