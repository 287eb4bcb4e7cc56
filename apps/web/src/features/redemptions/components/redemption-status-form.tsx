import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Link as RouterLink } from 'react-router';
import { isOpenRedemption, type RedemptionDetail, type RedemptionStatusChange } from '@gold/contract';
import { TextInput } from '@/components/form/text-input';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { paths } from '@/config/paths';
import { useApproveRedemption } from '../api/approve-redemption';
import { usePrepareRedemption } from '../api/prepare-redemption';
import { useRejectRedemption } from '../api/reject-redemption';
import { useResetRedemption } from '../api/reset-redemption';
import { reportOutcome } from '../lib/report-outcome';
import { offeredTransitions } from '../lib/status-transitions';
import { reasonProblem } from '../lib/validation';
import { ReviewSection } from './review-section';

/**
 * 'Redemption Status' and 'Update Information': the transitions the server allows now, made
 * through the same calls as the list and the review page. Redeemed (approve) is offered only
 * while a code checked on the review page counts (10 minutes); before that, a link to it.
 */
export function RedemptionStatusForm({ redemption }: { redemption: RedemptionDetail }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const mutations = {
    reset: useResetRedemption(),
    prepare: usePrepareRedemption(),
    reject: useRejectRedemption(),
    approve: useApproveRedemption(),
  };
  const busy = Object.values(mutations).some((mutation) => mutation.isPending);
  const offered = offeredTransitions(redemption);
  const [choice, setChoice] = useState<RedemptionStatusChange | ''>('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<{ field: 'status' | 'reason'; message: string } | null>(null);
  // A choice the server no longer allows (the redemption changed) is no choice.
  const chosen = offered.find((transition) => transition.action === choice);
  const needsCode = isOpenRedemption(redemption.status) && !redemption.allowedActions.includes('approve');

  const update = () => {
    if (!chosen) return setProblem({ field: 'status', message: 'Choose the new status first.' });
    const reasonIssue = chosen.action === 'reject' ? reasonProblem(reason) : null;
    if (reasonIssue) return setProblem({ field: 'reason', message: reasonIssue });
    setProblem(null);
    const id = redemption.id;
    // The form is keyed by the status: a done change remounts it, cleared.
    if (chosen.action === 'approve') {
      // A large hand-over answers with a pending confirmation instead (202): said so, nothing handed over yet.
      const approval = mutations.approve.mutateAsync({ id });
      void reportOutcome(approval, notify, (outcome) =>
        'waiting' in outcome ? 'Hand-over sent for a supervisor’s confirmation' : chosen.done,
      );
      return;
    }
    const action =
      chosen.action === 'reject'
        ? mutations.reject.mutateAsync({ id, reason: reason.trim() })
        : mutations[chosen.action].mutateAsync({ id });
    void reportOutcome(action, notify, chosen.done);
  };

  return (
    <ReviewSection id="status-form" title={t('Update Status')}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(event) => {
          event.preventDefault();
          update();
        }}
      >
        <TextField
          select
          id="redemption-status"
          label={t('Redemption Status')}
          value={chosen ? chosen.action : ''}
          disabled={offered.length === 0}
          onChange={(event) => {
            setChoice(event.target.value as RedemptionStatusChange);
            setProblem(null);
          }}
          error={problem?.field === 'status'}
          helperText={
            problem?.field === 'status'
              ? t(problem.message)
              : offered.length === 0
                ? t('No status change is possible from {{status}}.', { status: t(redemption.status) })
                : t('Now {{status}}; only the changes allowed from it are offered.', { status: t(redemption.status) })
          }
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ maxWidth: 360 }}
        >
          <MenuItem value="" disabled>
            {t('Select')}
          </MenuItem>
          {offered.map((transition) => (
            <MenuItem key={transition.action} value={transition.action}>
              {`${t(transition.label)} (${t(transition.to)})`}
            </MenuItem>
          ))}
        </TextField>
        {chosen?.action === 'reject' ? (
          <TextInput
            id="status-reject-reason"
            label={t('Reason')}
            multiline
            minRows={3}
            fullWidth
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (problem?.field === 'reason') setProblem(null);
            }}
            error={problem?.field === 'reason'}
            helperText={t(problem?.field === 'reason' ? problem.message : 'Required to reject')}
          />
        ) : null}
        {needsCode ? (
          <Alert severity="info">
            {t('Redeemed (handing the pieces over) needs the customer’s one-time code and identity document, checked')}{' '}
            <Link component={RouterLink} to={paths.app.redemptionReview.getHref(redemption.id)}>
              {t('check it on the review page')}
            </Link>
            .
          </Alert>
        ) : null}
        <Button type="submit" variant="contained" loading={busy} disabled={offered.length === 0} sx={{ alignSelf: 'flex-start' }}>
          {t('Update Information')}
        </Button>
      </Stack>
    </ReviewSection>
  );
}
