import { useId, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Confirmation } from '@gold/contract';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { translateServerMessage } from '@/lib/i18n';

interface ProposalDialogProps {
  title: string;
  /** The form's fields (and what the proposal will do). */
  children: ReactNode;
  submitLabel: string;
  busy: boolean;
  /** What the form found wrong before sending (nothing was sent). */
  problem?: string | null;
  /** The server's refusal of the last try, shown above the buttons. */
  error: unknown;
  /** The pending confirmation the server answered with (202): the dialog then says so. */
  sent: Confirmation | undefined;
  onSubmit: () => void;
  onClose: () => void;
}

/**
 * A stock movement's form in a dialog. Sending it moves nothing: the server answers with a pending
 * confirmation that a second admin must confirm, and the dialog says so, with a link to it.
 */
export function ProposalDialog({ title, children, submitLabel, busy, problem, error, sent, onSubmit, onClose }: ProposalDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          {sent ? (
            <Alert severity="success" role="status">
              <AlertTitle>{t('Sent for confirmation')}</AlertTitle>
              <Stack spacing={1}>
                <span>{sent.summary}</span>
                <span>{t('Nothing moves until a second admin confirms it.')}</span>
                <Link component={RouterLink} to={paths.app.confirmations.getHref()} onClick={onClose}>
                  {t('Open the pending confirmation {{id}}', { id: sent.id })}
                </Link>
              </Stack>
            </Alert>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              {children}
              {problem || error ? <Alert severity="error">{problem ?? translateServerMessage(errorMessage(error))}</Alert> : null}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          {sent ? (
            <Button variant="contained" onClick={onClose}>
              {t('Close')}
            </Button>
          ) : (
            <>
              <Button onClick={onClose} disabled={busy}>
                {t('Cancel')}
              </Button>
              <Button type="submit" variant="contained" loading={busy}>
                {submitLabel}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
