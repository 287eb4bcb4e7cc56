import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { RedemptionDetail } from '@gold/contract';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { useApproveRedemption } from '../api/approve-redemption';
import { redemptionActionTexts } from '../lib/action-texts';
import { reportOutcome } from '../lib/report-outcome';
import { ReviewSection } from './review-section';

/** Redemption Approval: shown once the customer's code was checked; the pieces leave vault stock. */
export function ApprovalSection({ redemption, onApproved }: { redemption: RedemptionDetail; onApproved: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const approve = useApproveRedemption();
  const submit = () =>
    void reportOutcome(approve.mutateAsync({ id: redemption.id }), notify, redemptionActionTexts.approve.done, onApproved);
  return (
    <ReviewSection id="approval" title={t('Redemption Approval')}>
      <Typography variant="body2" color="text.secondary">
        {t(
          'The customer’s code was checked. Approve when the pieces above are handed over: they leave the vault’s stock and the redemption becomes REDEEMED.',
        )}
      </Typography>
      <Button variant="contained" color="success" onClick={submit} loading={approve.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t(redemptionActionTexts.approve.button)}
      </Button>
    </ReviewSection>
  );
}
