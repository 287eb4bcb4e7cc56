import { useState } from 'react';
import Button from '@mui/material/Button';
import type { AdminDetail, Reauthentication } from '@gold/contract';
import { useResetTwoFactor } from '../api/reset-two-factor';
import { errorMessage } from '@/lib/api-client';
import type { Outcome } from '../lib/outcome';
import { OutcomeDialog, ReauthDialog } from './admin-dialogs';
import { isReauthError } from '@/lib/reauth-error';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '@/lib/i18n';

/** 'Reset two-factor' (an admin who lost its authenticator): asks first; the outcome in the admin dialogs. */
export function ResetTwoFactorButton({ admin }: { admin: AdminDetail }) {
  const { t } = useTranslation();
  const reset = useResetTwoFactor();
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const confirm = async (reauth: Reauthentication) => {
    try {
      const updated = await reset.mutateAsync({ id: admin.id, reauth });
      setOutcome({
        kind: 'updated',
        message: t(
          'The authenticator and recovery codes of {{name}} were removed; it signs in with its password alone until it enrols again.',
          { name: updated.fullName },
        ),
      });
    } catch (error) {
      // A wrong password or code: the dialog stays open and says so.
      if (isReauthError(error)) return;
      setOutcome({ kind: 'updateFailed', message: translateServerMessage(errorMessage(error)) });
    }
    setAsking(false);
  };

  return (
    <>
      <Button variant="outlined" color="warning" onClick={() => setAsking(true)}>
        {t('Reset two-factor')}
      </Button>
      {asking ? (
        <ReauthDialog
          title={t('Reset two-factor sign-in of {{name}}?', { name: admin.fullName })}
          confirmLabel={t('Reset two-factor')}
          confirmColor="error"
          busy={reset.isPending}
          error={reset.error && isReauthError(reset.error) ? reset.error : null}
          onConfirm={(reauth) => void confirm(reauth)}
          onCancel={() => {
            reset.reset();
            setAsking(false);
          }}
        >
          {t('Its authenticator app and recovery codes stop working at once. Do this when {{email}} has lost its authenticator.', {
            email: admin.email,
          })}
        </ReauthDialog>
      ) : null}
      {outcome ? <OutcomeDialog outcome={outcome} onClose={() => setOutcome(null)} /> : null}
    </>
  );
}
