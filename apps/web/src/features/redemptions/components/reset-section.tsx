import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { RedemptionDetail } from '@gold/contract';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { useResetRedemption } from '../api/reset-redemption';
import { redemptionActionTexts } from '../lib/action-texts';
import { reportOutcome } from '../lib/report-outcome';
import { ReviewSection } from './review-section';

/** 'Reset Redemption?': a REJECTED or ON_WEB2 redemption goes back to REQUESTED (reason and code cleared). */
export function ResetSection({ redemption }: { redemption: RedemptionDetail }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const reset = useResetRedemption();
  const submit = () => void reportOutcome(reset.mutateAsync({ id: redemption.id }), notify, redemptionActionTexts.reset.done);
  return (
    <ReviewSection id="reset" title={t('Reset Redemption?')}>
      <Typography variant="body2" color="text.secondary">
        {t('The redemption goes back to REQUESTED; its reject reason and any code are cleared.')}
      </Typography>
      <Button variant="outlined" onClick={submit} loading={reset.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t(redemptionActionTexts.reset.button)}
      </Button>
    </ReviewSection>
  );
}
