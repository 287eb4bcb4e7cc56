import { useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { totpCode, type TwoFactorSetupResponse } from '@gold/contract';
import { TextInput } from '@/components/form/text-input';
import { useTranslation } from 'react-i18next';

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

interface AuthenticatorSetupProps {
  setup: TwoFactorSetupResponse;
  /** Sends a well-formed 6-digit code; the server checks it. */
  onCode: (code: string) => void;
  pending: boolean;
  /** Why the server refused the code (or the step), shown under the field. */
  error: string | null;
  submitLabel: string;
  /** A second button beside submit (Cancel), when there is a way back. */
  secondary?: ReactNode;
}

/**
 * Enrolment: the QR code to scan with an authenticator app, the same secret as text to type in,
 * and the first 6-digit code the app shows, which turns two-factor sign-in on.
 */
export function AuthenticatorSetup({ setup, onCode, pending, error, submitLabel, secondary }: AuthenticatorSetupProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = totpCode.safeParse(code.trim());
    if (!checked.success) {
      setProblem(t('Enter the 6 digits the app shows.'));
      return;
    }
    setProblem(null);
    onCode(checked.data);
  };

  const message = problem ?? error;
  return (
    <Stack spacing={2}>
      <Typography variant="body2">
        {t(
          '1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, ...), or type the key below into it.',
        )}
      </Typography>
      <Box
        component="img"
        src={setup.qrCodeDataUrl}
        alt={t('QR code for the authenticator app')}
        width={200}
        height={200}
        sx={{ alignSelf: 'center', imageRendering: 'pixelated', border: 1, borderColor: 'divider', borderRadius: 1 }}
      />
      <Box>
        <Typography variant="body2" color="text.secondary">
          {t('Key')}
        </Typography>
        <Typography data-testid="two-factor-secret" sx={{ fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all' }}>
          {grouped(setup.secret)}
        </Typography>
      </Box>
      <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label={t('Confirm the authenticator app')}>
        <Typography variant="body2">{t('2. Enter the 6-digit code the app now shows.')}</Typography>
        <TextInput
          id="two-factor-setup-code"
          label={t('6-digit code')}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            if (problem) setProblem(null);
          }}
          error={Boolean(message)}
          helperText={message ?? undefined}
          autoComplete="one-time-code"
          inputProps={{ inputMode: 'numeric', maxLength: 6 }}
          fullWidth
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={pending}>
            {submitLabel}
          </Button>
          {secondary}
        </Stack>
      </Stack>
    </Stack>
  );
}
