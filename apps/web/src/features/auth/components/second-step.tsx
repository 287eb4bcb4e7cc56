import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { secondFactorCode, type LoginTwoFactorEnableResponse, type SessionResponse, type TwoFactorChallenge } from '@gold/contract';
import { TextInput } from '@/components/form/text-input';
import { useLoginTwoFactor } from '../api/login-two-factor';
import { useLoginTwoFactorEnable } from '../api/login-two-factor-enable';
import { useLoginTwoFactorSetup } from '../api/login-two-factor-setup';
import { useStartSession } from '../api/start-session';
import { failureMessage, isExpiredStep } from '../lib/failure-message';
import { AuthenticatorSetup } from './authenticator-setup';
import { RecoveryCodes } from './recovery-codes';
import { useTranslation } from 'react-i18next';

interface SecondStepProps {
  challenge: TwoFactorChallenge;
  /** The session has started (the cookie is set, the session cached). */
  onSignedIn: (session: SessionResponse) => void;
  /** Back to e-mail and password (a new second step needs a new sign-in). */
  onRestart: () => void;
}

/** A step that can no longer be finished: say why, and offer to sign in again. */
function ExpiredStep({ message, onRestart }: { message: string; onRestart: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Alert severity="error">{message}</Alert>
      <Button variant="contained" onClick={onRestart} autoFocus>
        {t('Sign in again')}
      </Button>
    </Stack>
  );
}

/** The code from the authenticator app, or one of the recovery codes: only then the session starts. */
function CodeStep({ challenge, onSignedIn, onRestart }: SecondStepProps) {
  const { t } = useTranslation();
  const verify = useLoginTwoFactor();
  const startSession = useStartSession();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = secondFactorCode.safeParse(code);
    if (!checked.success) {
      setProblem(t('Enter the 6 digits the app shows, or a recovery code (xxxx-xxxx-xxxx-xxxx-xxxx-xxxx).'));
      inputRef.current?.focus();
      return;
    }
    setProblem(null);
    verify.mutate(
      { token: challenge.token, code: checked.data },
      {
        onSuccess: (session) => startSession(session, onSignedIn),
        onError: () => {
          setCode('');
          inputRef.current?.focus();
        },
      },
    );
  };

  if (isExpiredStep(verify.error)) return <ExpiredStep message={failureMessage(verify.error!)} onRestart={onRestart} />;
  const message = problem ?? (verify.error ? failureMessage(verify.error) : null);
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit} aria-label={t('Two-factor sign-in')}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('Two-factor sign-in')}
      </Typography>
      <Typography variant="body2">{t('Enter the 6-digit code from your authenticator app, or one of your recovery codes.')}</Typography>
      <TextInput
        id="second-factor-code"
        label={t('Authentication code')}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          if (problem) setProblem(null);
        }}
        inputRef={inputRef}
        autoFocus
        autoComplete="one-time-code"
        error={Boolean(message)}
        helperText={message ?? undefined}
        inputProps={{ maxLength: 29, spellCheck: false, autoCapitalize: 'off' }}
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={verify.isPending}>
        {t('Verify')}
      </Button>
      <Button variant="text" onClick={onRestart}>
        {t('Back to sign-in')}
      </Button>
    </Stack>
  );
}

/** Two-factor sign-in is mandatory and this admin has none yet: enrol now (QR, code, recovery codes), then go on. */
function EnrolStep({ challenge, onSignedIn, onRestart }: SecondStepProps) {
  const { t } = useTranslation();
  const setup = useLoginTwoFactorSetup();
  const enable = useLoginTwoFactorEnable();
  const startSession = useStartSession();
  const [enabled, setEnabled] = useState<LoginTwoFactorEnableResponse | null>(null);
  const { mutate: startSetup } = setup;
  // One set-up per step: each call replaces the secret waiting to be confirmed (Strict Mode runs effects twice).
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (started.current === challenge.token) return;
    started.current = challenge.token;
    startSetup({ token: challenge.token });
  }, [startSetup, challenge.token]);

  if (enabled)
    return (
      <Stack spacing={2}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('Two-factor sign-in is on')}
        </Typography>
        <RecoveryCodes
          codes={enabled.recoveryCodes}
          account={enabled.admin.email}
          doneLabel={t('Continue')}
          onDone={() => {
            const { recoveryCodes: _shown, ...session } = enabled;
            void startSession(session, onSignedIn);
          }}
        />
      </Stack>
    );
  const failed = setup.error ?? (isExpiredStep(enable.error) ? enable.error : null);
  if (failed) return <ExpiredStep message={failureMessage(failed)} onRestart={onRestart} />;
  return (
    <Stack spacing={2}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('Set up two-factor sign-in')}
      </Typography>
      <Typography variant="body2">{t('Two-factor sign-in is required for every admin. Set it up now to continue.')}</Typography>
      {setup.data ? (
        <AuthenticatorSetup
          setup={setup.data}
          pending={enable.isPending}
          error={enable.error ? failureMessage(enable.error) : null}
          submitLabel={t('Turn on and continue')}
          onCode={(code) => enable.mutate({ token: challenge.token, code }, { onSuccess: setEnabled })}
          secondary={
            <Button variant="text" onClick={onRestart}>
              {t('Cancel')}
            </Button>
          }
        />
      ) : (
        <Typography role="status" variant="body2" color="text.secondary">
          {t('Loading...')}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * After the password, when the server asks for more: the code from the app (or a recovery code),
 * or, when two-factor sign-in is mandatory and not set up, enrolment. Loaded only when needed.
 */
export function SecondStep(props: SecondStepProps) {
  return props.challenge.twoFactor === 'enrol' ? <EnrolStep {...props} /> : <CodeStep {...props} />;
}
