import { useState } from 'react';
import Button from '@mui/material/Button';
import type { AdminDetail } from '@gold/contract';
import { useResetTwoFactor } from '../api/reset-two-factor';
import { errorMessage } from '@/lib/api-client';
import type { Outcome } from '../lib/outcome';
import { ConfirmDialog, OutcomeDialog } from './admin-dialogs';

/** 'Reset two-factor' (an admin who lost its authenticator): asks first; the outcome in the admin dialogs. */
export function ResetTwoFactorButton({ admin }: { admin: AdminDetail }) {
  const reset = useResetTwoFactor();
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const confirm = async () => {
    try {
      const updated = await reset.mutateAsync(admin.id);
      setOutcome({
        kind: 'updated',
        message: `The authenticator and recovery codes of ${updated.fullName} were removed; it signs in with its password alone until it enrols again.`,
      });
    } catch (error) {
      setOutcome({ kind: 'updateFailed', message: errorMessage(error) });
    }
    setAsking(false);
  };

  return (
    <>
      <Button variant="outlined" color="warning" onClick={() => setAsking(true)}>
        Reset two-factor
      </Button>
      {asking ? (
        <ConfirmDialog
          title={`Reset two-factor sign-in of ${admin.fullName}?`}
          confirmLabel="Reset two-factor"
          confirmColor="error"
          busy={reset.isPending}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(false)}
        >
          {`Its authenticator app and recovery codes stop working at once. Do this when ${admin.email} has lost its authenticator.`}
        </ConfirmDialog>
      ) : null}
      {outcome ? <OutcomeDialog outcome={outcome} onClose={() => setOutcome(null)} /> : null}
    </>
  );
}
