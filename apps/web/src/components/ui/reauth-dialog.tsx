import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Reauthentication } from '@gold/contract';
import { PasswordField } from '@/components/form/password-field';
import { TextInput } from '@/components/form/text-input';
import { errorMessage } from '@/lib/api-client';
import { translateServerMessage } from '@/lib/i18n';
import { useTranslation } from 'react-i18next';

export interface ReauthDialogProps {
  title: string;
  /** What the change does, above the fields. */
  children: ReactNode;
  /** Fields of the change itself, between its text and the password (a decline's reason). */
  fields?: ReactNode;
  /** False while those fields are not filled in: the confirm button waits. */
  ready?: boolean;
  confirmLabel: string;
  confirmColor?: 'primary' | 'error';
  busy?: boolean;
  /** The server's refusal of the last try (a wrong password or code), shown in the dialog. */
  error?: unknown;
  onConfirm: (reauth: Reauthentication) => void;
  onCancel: () => void;
}

/**
 * Confirms a sensitive change with the admin's password and, if it has one, a code from its
 * authenticator app (the server asks for the code only then): a session alone does not suffice.
 */
export function ReauthDialog({
  title,
  children,
  fields,
  ready = true,
  confirmLabel,
  confirmColor = 'primary',
  busy,
  error,
  onConfirm,
  onCancel,
}: ReauthDialogProps) {
  const id = useId();
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password || !ready) return;
    onConfirm({ password, ...(code.trim() ? { code: code.trim() } : {}) });
  };
  return (
    <Dialog open onClose={busy ? undefined : onCancel} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText id={`${id}-text`}>{children}</DialogContentText>
            {fields}
            <PasswordField
              id={`${id}-password`}
              label={t('Your password')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
              autoFocus
            />
            <TextInput
              id={`${id}-code`}
              label={t('Code from your authenticator app (if you use one)')}
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            {error ? <Alert severity="error">{translateServerMessage(errorMessage(error))}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            {t('Cancel')}
          </Button>
          <Button type="submit" variant="contained" color={confirmColor} loading={busy} disabled={!password || !ready}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
