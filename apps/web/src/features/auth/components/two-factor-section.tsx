import { lazy, Suspense, useState } from 'react';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useSetupTwoFactor } from '../api/setup-two-factor';
import { failureMessage } from '../lib/failure-message';
import { AuthenticatorSetup } from './authenticator-setup';
import { RecoveryCodes } from './recovery-codes';
import { isReauthError } from '@/lib/reauth-error';
import { useTranslation } from 'react-i18next';

// The password dialog (and MUI's Dialog) loads when first asked for, not with the page.
const ReauthDialog = lazy(() => import('@/components/ui/reauth-dialog').then((m) => ({ default: m.ReauthDialog })));

/** 'On' or 'Off' in words, an icon beside it. */
function Status({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {on ? <CheckCircleIcon color="success" aria-hidden /> : <RemoveCircleOutlineIcon color="action" aria-hidden />}
      <Typography sx={{ fontWeight: 700 }}>{on ? t('On') : t('Off')}</Typography>
    </Stack>
  );
}

interface TwoFactorSectionProps {
  /** The server says a second factor is on (the profile's twoFactorEnabled). */
  enabled: boolean;
  /** The admin's e-mail, written on the recovery codes file. */
  account: string;
  /** Enrolment completed and the codes were put away: the profile is asked again. */
  onEnabled: () => void;
}

/**
 * Profile's two-factor sign-in: on (and how to get help), or enrolment: a QR code and the secret,
 * a code from the app, then the ten recovery codes, shown once.
 */
export function TwoFactorSection({ enabled, account, onEnabled }: TwoFactorSectionProps) {
  const { t } = useTranslation();
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState(false);

  if (recoveryCodes)
    return (
      <Stack spacing={2}>
        <Typography role="status">{t('Two-factor sign-in is on: from now on, sign-in asks for a code from the app.')}</Typography>
        <RecoveryCodes
          codes={recoveryCodes}
          account={account}
          doneLabel={t('Done, I have saved them')}
          onDone={() => {
            setRecoveryCodes(null);
            setup.reset();
            enable.reset();
            onEnabled();
          }}
        />
      </Stack>
    );

  if (enabled)
    return (
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Status on />
        <Typography variant="body2">
          {t(
            'Sign-in asks for the 6-digit code from your authenticator app (or a recovery code) after the password. Lost the phone? Another admin can reset your second factor.',
          )}
        </Typography>
      </Stack>
    );

  if (setup.data)
    return (
      <AuthenticatorSetup
        setup={setup.data}
        pending={enable.isPending}
        error={enable.error ? failureMessage(enable.error) : null}
        submitLabel={t('Turn On')}
        onCode={(code) => enable.mutate({ code }, { onSuccess: (answer) => setRecoveryCodes(answer.recoveryCodes) })}
        secondary={
          <Button
            variant="text"
            onClick={() => {
              setup.reset();
              enable.reset();
            }}
          >
            {t('Cancel')}
          </Button>
        }
      />
    );

  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Status on={false} />
      <Typography variant="body2">
        {t('Protect your account with a second step at sign-in: a 6-digit code from an authenticator app on your phone.')}
      </Typography>
      {setup.error && !isReauthError(setup.error) ? <Alert severity="error">{failureMessage(setup.error)}</Alert> : null}
      <Button variant="contained" loading={setup.isPending} onClick={() => setConfirming(true)}>
        {t('Set Up Two-Factor Sign-In')}
      </Button>
      {confirming ? (
        <Suspense fallback={null}>
          <ReauthDialog
            title={t('Set Up Two-Factor Sign-In')}
            confirmLabel={t('Continue')}
            busy={setup.isPending}
            error={setup.error && isReauthError(setup.error) ? setup.error : null}
            onConfirm={(reauth) =>
              setup.mutate(reauth, { onSettled: (_data, error) => setConfirming(Boolean(error && isReauthError(error))) })
            }
            onCancel={() => {
              setup.reset();
              setConfirming(false);
            }}
          >
            {t('Confirm with your password that it is you: only then can an authenticator be bound to your account.')}
          </ReauthDialog>
        </Suspense>
      ) : null}
    </Stack>
  );
}
