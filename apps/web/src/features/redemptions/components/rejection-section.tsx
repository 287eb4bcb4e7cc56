import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { RedemptionDetail } from '@gold/contract';
import { TextInput } from '@/components/form/text-input';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { useRejectRedemption } from '../api/reject-redemption';
import { redemptionActionTexts } from '../lib/action-texts';
import { reportOutcome } from '../lib/report-outcome';
import { reasonProblem } from '../lib/validation';
import { ReviewSection } from './review-section';

/** Redemption Rejection: a required reason, then Reject. */
export function RejectionSection({ redemption }: { redemption: RedemptionDetail }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const reject = useRejectRedemption();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const found = reasonProblem(reason);
    setProblem(found);
    if (found) return;
    void reportOutcome(reject.mutateAsync({ id: redemption.id, reason: reason.trim() }), notify, redemptionActionTexts.reject.done, () =>
      setReason(''),
    );
  };

  return (
    <ReviewSection id="rejection" title={t('Redemption Rejection')}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextInput
          id="reject-reason"
          label={t('Reason')}
          multiline
          minRows={3}
          fullWidth
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            if (problem) setProblem(null);
          }}
          error={problem !== null}
          helperText={t(problem ?? 'Recorded with the redemption and its history')}
        />
        <Button type="submit" variant="contained" color="error" loading={reject.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t(redemptionActionTexts.reject.button)}
        </Button>
      </Stack>
    </ReviewSection>
  );
}
