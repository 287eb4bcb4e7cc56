import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Confirmation, Reauthentication } from '@gold/contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { ReauthDialog } from '@/components/ui/reauth-dialog';
import { errorMessage } from '@/lib/api-client';
import { reasonProblem } from '../lib/reason';
import { isReauthError } from '@/lib/reauth-error';
import { useConfirm } from '../api/confirm';
import { useDecline } from '../api/decline';
import { useWithdraw } from '../api/withdraw';
import { ConfirmationText } from './confirmation-text';

export type Decision = 'confirm' | 'decline' | 'withdraw';

/**
 * The dialog of a decision on a pending confirmation. Confirm and Decline ask for the checker's
 * password (and code) again; a wrong one keeps the dialog open and says so, any other refusal (the
 * maker, another checker first) closes it with the server's message. Withdraw only asks.
 */
export function DecisionDialog({ decision, row, onClose }: { decision: Decision; row: Confirmation; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const confirm = useConfirm();
  const decline = useDecline();
  const withdraw = useWithdraw();
  const [reason, setReason] = useState('');

  const settle = async (action: Promise<Confirmation>, done: string, failed: string) => {
    try {
      await action;
      notify.success(done);
      onClose();
    } catch (error) {
      if (isReauthError(error)) return;
      notify.error(`${failed}: ${errorMessage(error)}`);
      onClose();
    }
  };

  if (decision === 'withdraw') {
    return (
      <ConfirmDialog
        title={t('Withdraw confirmation {{id}}?', { id: row.id })}
        confirmLabel={t('Withdraw')}
        confirmColor="error"
        busy={withdraw.isPending}
        onConfirm={() => void settle(withdraw.mutateAsync(row.id), t('Confirmation {{id}} withdrawn', { id: row.id }), t('Not withdrawn'))}
        onCancel={onClose}
      >
        <ConfirmationText row={row} />
      </ConfirmDialog>
    );
  }

  const mutation = decision === 'confirm' ? confirm : decline;
  const problem = decision === 'decline' ? reasonProblem(reason) : null;
  const send = (reauth: Reauthentication) =>
    decision === 'confirm'
      ? void settle(confirm.mutateAsync({ id: row.id, reauth }), t('Confirmation {{id}} confirmed', { id: row.id }), t('Not confirmed'))
      : void settle(
          decline.mutateAsync({ id: row.id, reauth, reason: reason.trim() }),
          t('Confirmation {{id}} declined', { id: row.id }),
          t('Not declined'),
        );

  return (
    <ReauthDialog
      title={decision === 'confirm' ? t('Confirm confirmation {{id}}?', { id: row.id }) : t('Decline confirmation {{id}}?', { id: row.id })}
      confirmLabel={decision === 'confirm' ? t('Confirm') : t('Decline')}
      confirmColor={decision === 'confirm' ? 'primary' : 'error'}
      busy={mutation.isPending}
      error={mutation.error && isReauthError(mutation.error) ? mutation.error : null}
      ready={problem === null}
      fields={
        decision === 'decline' ? (
          <TextField
            id="decline-reason"
            label={t('Reason')}
            required
            multiline
            minRows={2}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={reason !== '' && problem !== null}
            helperText={reason !== '' && problem ? problem : undefined}
          />
        ) : undefined
      }
      onConfirm={send}
      onCancel={() => {
        mutation.reset();
        onClose();
      }}
    >
      <ConfirmationText row={row} />
    </ReauthDialog>
  );
}
