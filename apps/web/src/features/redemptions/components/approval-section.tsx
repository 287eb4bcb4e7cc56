import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { RedemptionDetail } from '@gold/contract';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { useApproveRedemption } from '../api/approve-redemption';
import { redemptionActionTexts } from '../lib/action-texts';
import { reportOutcome } from '../lib/report-outcome';
import { ReviewSection } from './review-section';

/**
 * Redemption Approval: shown once the customer's code was checked; the pieces leave vault stock
 * and the tokens held in escrow are burned. While the redemption is REQUESTED the customer's
 * tokens are not yet in escrow at final depth: the section says so instead of offering a button
 * the server would refuse (the page updates itself when the escrow becomes final).
 */
export function ApprovalSection({ redemption, onApproved }: { redemption: RedemptionDetail; onApproved: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const approve = useApproveRedemption();
  if (redemption.status === 'REQUESTED') {
    return (
      <ReviewSection id="approval" title={t('Redemption Approval')}>
        <Typography variant="body2" color="text.secondary">
          {t(
            'Waiting for the customer’s tokens: approval is possible once their escrow transfer is final and the redemption is PREPARATION. This page updates by itself.',
          )}
        </Typography>
      </ReviewSection>
    );
  }
  const submit = () =>
    void reportOutcome(
      approve.mutateAsync({ id: redemption.id }),
      notify,
      (outcome) => ('waiting' in outcome ? 'Hand-over sent for a supervisor’s confirmation' : redemptionActionTexts.approve.done),
      onApproved,
    );
  // The server says whether approve is possible now; the page says what is still missing.
  const allowed = redemption.allowedActions.includes('approve');
  const missing = [
    redemption.identityCheck ? null : t('Record the identity document first.'),
    redemption.user.ekycStatus === 'VERIFIED'
      ? null
      : t('The customer’s eKYC is {{status}}: a hand-over needs it VERIFIED.', { status: t(redemption.user.ekycStatus) }),
  ].filter((reason): reason is string => reason !== null);
  return (
    <ReviewSection id="approval" title={t('Redemption Approval')}>
      <Typography variant="body2" color="text.secondary">
        {t(
          'The customer’s code was checked. Approve when the pieces above are handed over: they leave the vault’s stock, the escrowed tokens are burned and the redemption becomes REDEEMED.',
        )}
      </Typography>
      {!allowed && missing.length > 0 ? (
        <Alert severity="warning" id="approval-missing">
          {missing.join(' ')}
        </Alert>
      ) : null}
      <Button
        variant="contained"
        color="success"
        onClick={submit}
        loading={approve.isPending}
        disabled={!allowed}
        aria-describedby={!allowed && missing.length > 0 ? 'approval-missing' : undefined}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t(redemptionActionTexts.approve.button)}
      </Button>
    </ReviewSection>
  );
}
