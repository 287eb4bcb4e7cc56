import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { redemptionStatusAllows, type RedemptionDetail } from '@gold/contract';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { useResetRedemption } from '../api/reset-redemption';
import { redemptionActionTexts } from '../lib/action-texts';
import { reportOutcome } from '../lib/report-outcome';
import { ReviewSection } from './review-section';

/**
 * 'Reset Redemption?': a REJECTED redemption goes back to REQUESTED (reason and code cleared). An
 * ON_WEB2 one was handed over off-platform and its tokens burned: the section says why it cannot
 * be reset (the same gold would go out twice) rather than offering a button the server refuses.
 */
export function ResetSection({ redemption }: { redemption: RedemptionDetail }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const reset = useResetRedemption();
  if (!redemptionStatusAllows(redemption.status, 'reset')) {
    return (
      <ReviewSection id="reset" title={t('Reset Redemption?')}>
        <Typography variant="body2" color="text.secondary">
          {t(
            'This redemption was fulfilled off-platform and its tokens are burned: it cannot be reset, or the same gold could be handed over twice.',
          )}
        </Typography>
      </ReviewSection>
    );
  }
  const submit = () => void reportOutcome(reset.mutateAsync({ id: redemption.id }), notify, redemptionActionTexts.reset.done);
  return (
    <ReviewSection id="reset" title={t('Reset Redemption?')}>
      <Typography variant="body2" color="text.secondary">
        {t(
          'The redemption goes back to REQUESTED; its reject reason and any code are cleared. A refunded escrow stays refunded: the customer escrows again.',
        )}
      </Typography>
      <Button variant="outlined" onClick={submit} loading={reset.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t(redemptionActionTexts.reset.button)}
      </Button>
    </ReviewSection>
  );
}
